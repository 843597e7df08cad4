/**
 * When the customer's confirmation e-mail is delivered (the outbox worker's onSent hook), the
 * order gets emailSent and a history entry saying the customer was notified.
 * Done once per order, whatever retries or second workers do. A mail that never goes
 * out is only logged by the worker: the order stays as it is.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database, OutboxRow } from '../db/schema.ts';
import type { OutboxWorker } from '../mail/worker.ts';
import { ORDER_MAIL_KINDS } from './order-emails.ts';
import { addHistory } from './order-store.ts';

const CUSTOMER_NOTIFIED_COMMENT = 'Order confirmation e-mail sent to the customer.';

async function markConfirmationSent(db: Kysely<Database>, row: OutboxRow, clock: Clock): Promise<boolean> {
  if (row.kind !== ORDER_MAIL_KINDS.customer || row.ref_type !== 'order' || !row.ref_id) return false;
  const id = Number(row.ref_id);
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .updateTable('orders')
      .set({ email_sent: 1 })
      .where('id', '=', id)
      .where('email_sent', '=', 0)
      .returning(['status'])
      .executeTakeFirst();
    if (!order) return false;
    await addHistory(trx, id, order.status, CUSTOMER_NOTIFIED_COMMENT, clock, true);
    return true;
  });
}

/** Registers the hook; returns the unsubscribe. */
export function registerOrderMailHooks(outbox: OutboxWorker, db: Kysely<Database>, clock: Clock): () => void {
  return outbox.onSent((row) => markConfirmationSent(db, row, clock).then(() => undefined));
}
