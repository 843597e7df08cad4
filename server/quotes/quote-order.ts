/**
 * A quote's order: written once per quote (its idempotency key is derived from the quote) with
 * the quote's lines, addresses and amounts, through the checkout's store code.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { type Address, fromCents, formatPrice } from '../../engine/node.ts';
import type { Database, OrderRow, QuoteAddressRow, QuoteItemRow, QuoteRow } from '../db/schema.ts';
import { addressFields } from '../commerce/address-columns.ts';
import type { CommerceContext } from '../commerce/context.ts';
import {
  addHistory,
  insertNewOrder,
  newOrderRow,
  writeOrderLines,
  type OrderHeader,
  type OrderLineInput,
} from '../commerce/order-store.ts';
import { hashIdempotencyKey, newOrderToken, requestHash, TOKEN_TTL_MS } from '../commerce/order-token.ts';
import { quoteIncrementIdFor } from './quote-store.ts';

/** A quote's stored address of this type (its only one when it has one). */
const quoteAddress = (addresses: QuoteAddressRow[], type: 'billing' | 'shipping') =>
  addressFields(addresses.find((x) => x.type === type) ?? addresses[0]!);

/** The order of a quote: its customer, addresses and amounts (no tax or shipping of the shop's tables). */
function quoteOrderHeader(
  q: QuoteRow,
  items: QuoteItemRow[],
  [billing, shipping]: [Address, Address],
  method: { name: string; title: string },
): OrderHeader {
  return {
    // The quote's customer is the order's (the billing address may name a company's desk).
    billing: { ...billing, email: q.email, firstName: q.first_name, lastName: q.last_name },
    shipping,
    sameAsBilling: false,
    totals: {
      subtotal: fromCents(q.subtotal_cents),
      subtotalInclTax: fromCents(q.subtotal_cents - q.discount_amount_cents + q.tax_amount_cents),
      shippingAmount: fromCents(q.shipping_amount_cents),
      shippingTaxAmount: 0,
      shippingInclTax: fromCents(q.shipping_amount_cents),
      taxAmount: fromCents(q.tax_amount_cents),
      total: fromCents(q.total_cents),
      totalItemCount: items.reduce((s, it) => s + it.qty, 0),
      weight: 0,
    },
    taxPercent: 0,
    shippingMethod: { type: q.shipping_method, displayName: q.shipping_label },
    paymentMethod: method,
    additionalNotes: q.additional_notes,
  };
}

/** The quote's lines as order lines: its prices, untaxed, weightless. */
const quoteOrderLines = (items: QuoteItemRow[]): OrderLineInput[] =>
  items.map((it) => ({
    sku: it.sku,
    name: it.name,
    price_cents: it.price_cents,
    original_price_cents: it.price_cents,
    price_incl_tax_cents: it.price_cents,
    qty: it.qty,
    weight: 0,
    row_weight: 0,
    row_total_cents: it.row_total_cents,
    tax_percent: 0,
    tax_amount_cents: 0,
    row_total_incl_tax_cents: it.row_total_cents,
    custom_options: JSON.stringify({ notes: it.notes, quoteItemId: it.id }),
  }));

/** Writes the quote's order in the transaction; undefined when its key already made one. */
async function writeQuoteOrder(
  ctx: CommerceContext,
  trx: Transaction<Database>,
  q: QuoteRow,
  method: { name: string; title: string },
  keyHash: string,
): Promise<OrderRow | undefined> {
  const { clock } = ctx;
  const now = clock.now();
  // The order's own token: nobody holds it (the link's token pays a quote's order).
  const token = newOrderToken(randomUUID());
  const [items, addresses] = await Promise.all([
    trx.selectFrom('quote_items').selectAll().where('quote_id', '=', q.id).orderBy('position').execute(),
    trx.selectFrom('quote_addresses').selectAll().where('quote_id', '=', q.id).execute(),
  ]);
  const billing = quoteAddress(addresses, 'billing');
  const shipping = quoteAddress(addresses, 'shipping');
  const header = quoteOrderHeader(q, items, [billing, shipping], method);
  const row = await insertNewOrder(
    trx,
    newOrderRow(header, {
      keyHash,
      requestHash: requestHash({ quoteId: q.id }),
      token,
      tokenTtlMs: TOKEN_TTL_MS,
      currency: ctx.data().shop.currency.code,
      now,
      quoteId: q.id,
    }),
  );
  if (!row) return undefined;
  await writeOrderLines(trx, row.id, quoteOrderLines(items), billing, shipping);
  const quoteNo = q.quote_increment_id ?? quoteIncrementIdFor(q.id);
  const discount = q.discount_amount_cents ? `, discount ${formatPrice(fromCents(q.discount_amount_cents))}` : '';
  await addHistory(
    trx,
    row.id,
    'pending',
    `Order #${row.order_increment_id} created from quote #${quoteNo}${q.po_number ? ` (PO ${q.po_number})` : ''}${discount}.`,
    clock,
  );
  await trx
    .updateTable('quotes')
    .set({ order_id: row.id, updated_at: now.toISOString() })
    .where('id', '=', q.id)
    .execute();
  return row;
}

/**
 * The quote's order, written once: the quote's lines, addresses and amounts, through the
 * checkout's store code. Its token is never handed out (the link's token pays it).
 */
export async function quoteOrderOf(
  ctx: CommerceContext,
  q: QuoteRow,
  method: { name: string; title: string },
): Promise<OrderRow> {
  const { db } = ctx;
  const keyHash = hashIdempotencyKey(`quote:${q.id}`);
  const existing = await db.selectFrom('orders').selectAll().where('idempotency_key', '=', keyHash).executeTakeFirst();
  if (existing) return existing;
  const made = await db.transaction().execute((trx) => writeQuoteOrder(ctx, trx, q, method, keyHash));
  if (made) return made;
  // A concurrent first pay of this quote wrote it: that order stands.
  return await db.selectFrom('orders').selectAll().where('idempotency_key', '=', keyHash).executeTakeFirstOrThrow();
}
