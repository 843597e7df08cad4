/**
 * payments.state: the payment's provider-neutral state (server/commerce/payment-state.ts), stored
 * instead of worked out from status, client_secret_hash, transaction_id and additional_data.
 * Existing rows get the state those columns meant.
 */
import type { Kysely } from 'kysely';

type Row = {
  id: number;
  status: string;
  transaction_id: string | null;
  client_secret_hash: string | null;
  additional_data: string;
};

/** What the columns meant before the state was stored (next, or an older row's intent status). */
export function legacyState(r: Omit<Row, 'id'>): string {
  let extra: Record<string, unknown> = {};
  try {
    extra = JSON.parse(r.additional_data) as Record<string, unknown>;
  } catch {}
  const authenticate =
    extra.next === 'authenticate' || (extra.next === undefined && extra.intentStatus === 'requires_action');
  if (r.status === 'completed') return 'captured';
  if (r.status === 'failed') return authenticate ? 'canceled' : 'failed';
  if (r.status === 'on_hold' && r.client_secret_hash !== null) return 'awaiting_customer';
  if (r.status === 'pending' && r.transaction_id === null) return 'created';
  if (r.status === 'on_hold' || extra.next === 'review') return 'in_review';
  return 'authorizing';
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('created'))
    .execute();
  const rows = (await db
    .selectFrom('payments')
    .select(['id', 'status', 'transaction_id', 'client_secret_hash', 'additional_data'])
    .execute()) as Row[];
  const byState = new Map<string, number[]>();
  for (const r of rows) {
    const s = legacyState(r);
    if (s !== 'created') byState.set(s, [...(byState.get(s) ?? []), r.id]);
  }
  for (const [state, ids] of byState)
    for (let i = 0; i < ids.length; i += 500)
      await db
        .updateTable('payments')
        .set({ state })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('state').execute();
}
