/**
 * A quote learns that its order was paid: the settle step fires the order-paid hooks in the
 * transaction that completes the payment, and this one marks the order's quote paid (whatever
 * its link's state: the money came) and names it for the order's e-mails.
 */
import { prepared } from '../db/prepared.ts';
import type { OrderPaidHook } from '../commerce/context.ts';

const markQuotePaid = prepared((db, $: { id: number; orderId: number; now: string }) =>
  db
    .updateTable('quotes')
    .set({ status: 'paid', order_id: $.orderId, updated_at: $.now })
    .where('id', '=', $.id)
    .returning(['id', 'quote_increment_id']),
);

export const quotePaid: OrderPaidHook = async (trx, order, now) => {
  if (order.quote_id === null) return undefined;
  const quote = await markQuotePaid.first(trx, { id: order.quote_id, orderId: order.id, now });
  return quote?.quote_increment_id ? { quoteIncrementId: quote.quote_increment_id } : undefined;
};
