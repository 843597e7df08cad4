/**
 * A quote learns that its order was paid: the settle step fires the order-paid hooks in the
 * transaction that completes the payment, and this one marks the order's quote paid (whatever
 * its link's state: the money came) and names it for the order's e-mails. The return page of a
 * quote's payment names the quote too (the order-refs hook).
 */
import { prepared } from '../db/prepared.ts';
import type { OrderPaidHook, OrderRefsHook } from '../commerce/context.ts';

const markQuotePaid = prepared((db, $: { id: number; orderId: number; now: string }) =>
  db
    .updateTable('quotes')
    .set({ status: 'paid', order_id: $.orderId, updated_at: $.now })
    .where('id', '=', $.id)
    .returning(['id', 'quote_increment_id']),
);

const quoteOfId = prepared((db, $: { id: number }) =>
  db.selectFrom('quotes').select(['id', 'quote_increment_id']).where('id', '=', $.id),
);

export const quotePaid: OrderPaidHook = async (trx, order, now) => {
  if (order.quote_id === null) return undefined;
  const quote = await markQuotePaid.first(trx, { id: order.quote_id, orderId: order.id, now });
  return quote?.quote_increment_id ? { quoteIncrementId: quote.quote_increment_id } : undefined;
};

/** A quote's order: the quote's id and number. */
export const quoteRefs: OrderRefsHook = async (db, order) => {
  if (order.quote_id === null) return {};
  const quote = await quoteOfId.first(db, { id: order.quote_id });
  return quote ? { quoteId: quote.id, quoteIncrementId: quote.quote_increment_id } : {};
};
