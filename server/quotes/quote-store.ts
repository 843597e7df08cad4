/**
 * Quotes in the database: creating one from a checked quote file (the server computes
 * every row total, the subtotal and the total, in integer cents), listing, canceling, and reading
 * one back in the API's shape (camelCase, dollars with two decimals).
 * The link token is 256 random bits; only its SHA-256 is stored (order-token.ts's hash).
 */
import { fromCents, toCents, type QuoteView } from '../../engine/node.ts';
import type { Address } from '../../schemas/types/quote.ts';
import type { Clock } from '../clock.ts';
import type { Db, QuoteAddressRow, QuoteItemRow, QuoteRow } from '../db/schema.ts';
import { addressColumns, addressView, byAddressType } from '../commerce/address-columns.ts';
import { hashOrderToken, tokenMatches } from '../commerce/order-token.ts';
import { newToken } from '../tokens.ts';

/** The quote number customers see: "Q" + (100000000 + id). */
export const quoteIncrementIdFor = (id: number) => `Q${100_000_000 + id}`;

const DEFAULT_QUOTE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** An address of a quote file (schemas/quote.schema.json). */
export type QuoteAddressInput = Address;

/** A quote file as schemas/quote.schema.json describes it (amounts in dollars). */
export interface QuoteInput {
  poNumber?: string;
  firstName: string;
  lastName: string;
  email: string;
  billingAddress: QuoteAddressInput;
  shippingAddress?: QuoteAddressInput;
  shippingMethod: string;
  shippingLabel: string;
  items: { name: string; sku: string; qty: number; price: number; notes?: string }[];
  additionalNotes?: string;
  shippingAmount?: number;
  taxAmount?: number;
  discountAmount?: number;
}

export class QuoteInputError extends Error {}

/** The largest quote total, in cents. */
const MAX_QUOTE_TOTAL_CENTS = 99_999_999;

/** Dollars -> cents, refusing more than two decimals (a typo in a price must not be rounded away). */
export function exactCents(dollars: number, where: string): number {
  const cents = toCents(dollars);
  if (!Number.isFinite(dollars) || dollars < 0 || Math.abs(dollars * 100 - cents) > 1e-6)
    throw new QuoteInputError(`${where}: must be a non-negative amount with at most two decimals, got ${dollars}`);
  return cents;
}

/** The server's figures for a quote file: row totals, subtotal and total in cents. */
export function quoteFigures(q: QuoteInput) {
  const items = q.items.map((it, i) => {
    const price = exactCents(it.price, `items[${i}].price`);
    return { ...it, priceCents: price, rowTotalCents: price * it.qty };
  });
  const subtotal = items.reduce((s, it) => s + it.rowTotalCents, 0);
  const shipping = exactCents(q.shippingAmount ?? 0, 'shippingAmount');
  const tax = exactCents(q.taxAmount ?? 0, 'taxAmount');
  const discount = exactCents(q.discountAmount ?? 0, 'discountAmount');
  const total = subtotal + shipping + tax - discount;
  // Card providers take at least 50 cents; a quote worth nothing is not something to pay.
  if (total < 50)
    throw new QuoteInputError(
      `the total (subtotal + shippingAmount + taxAmount - discountAmount) must be at least 0.50, got ${fromCents(total).toFixed(2)}`,
    );
  // And at most what one card payment takes (Stripe: eight digits of cents). It also keeps every
  // amount within the cents columns (PostgreSQL integers), which refused a larger quote.
  if (total > MAX_QUOTE_TOTAL_CENTS)
    throw new QuoteInputError(
      `the total (subtotal + shippingAmount + taxAmount - discountAmount) must be at most 999999.99, the most one card payment takes, got ${fromCents(total).toFixed(2)}`,
    );
  return { items, subtotal, shipping, tax, discount, total };
}

export type { QuoteView } from '../../engine/node.ts';

export async function createQuote(
  db: Db,
  clock: Clock,
  q: QuoteInput,
  ttlMs = DEFAULT_QUOTE_TTL_MS,
): Promise<{ quote: QuoteView; token: string }> {
  const f = quoteFigures(q);
  const token = newToken();
  const now = clock.now();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('quotes')
      .values({
        po_number: q.poNumber ?? null,
        first_name: q.firstName,
        last_name: q.lastName,
        email: q.email,
        shipping_method: q.shippingMethod,
        shipping_label: q.shippingLabel,
        additional_notes: q.additionalNotes ?? null,
        subtotal_cents: f.subtotal,
        shipping_amount_cents: f.shipping,
        tax_amount_cents: f.tax,
        discount_amount_cents: f.discount,
        total_cents: f.total,
        status: 'open',
        token_hash: hashOrderToken(token),
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
        order_id: null,
        payment_lock_until: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('quotes')
      .set({ quote_increment_id: quoteIncrementIdFor(row.id) })
      .where('id', '=', row.id)
      .execute();
    await trx
      .insertInto('quote_items')
      .values(
        f.items.map((it, position) => ({
          quote_id: row.id,
          position,
          name: it.name,
          sku: it.sku,
          qty: it.qty,
          price_cents: it.priceCents,
          row_total_cents: it.rowTotalCents,
          notes: it.notes ?? null,
        })),
      )
      .execute();
    await trx
      .insertInto('quote_addresses')
      .values([
        { quote_id: row.id, ...addressColumns('billing', q.billingAddress) },
        { quote_id: row.id, ...addressColumns('shipping', q.shippingAddress ?? q.billingAddress) },
      ])
      .execute();
    return row.id;
  });
  return { quote: (await loadQuoteView(db, id))!, token };
}

function toQuoteView(
  q: QuoteRow,
  items: QuoteItemRow[],
  addresses: QuoteAddressRow[],
  orderIncrementId: string | null,
): QuoteView {
  return {
    id: q.id,
    quoteIncrementId: q.quote_increment_id ?? quoteIncrementIdFor(q.id),
    poNumber: q.po_number,
    firstName: q.first_name,
    lastName: q.last_name,
    email: q.email,
    status: q.status,
    expiresAt: q.expires_at,
    addresses: [...addresses].sort(byAddressType).map((a) => ({ id: a.id, ...addressView(a) })),
    shippingMethod: q.shipping_method,
    shippingLabel: q.shipping_label,
    items: items.map((it) => ({
      id: it.id,
      name: it.name,
      sku: it.sku,
      qty: it.qty,
      price: fromCents(it.price_cents),
      rowTotal: fromCents(it.row_total_cents),
      notes: it.notes,
    })),
    additionalNotes: q.additional_notes,
    subtotal: fromCents(q.subtotal_cents),
    shippingAmount: fromCents(q.shipping_amount_cents),
    taxAmount: fromCents(q.tax_amount_cents),
    discountAmount: fromCents(q.discount_amount_cents),
    total: fromCents(q.total_cents),
    orderIncrementId,
  };
}

export async function loadQuoteView(db: Db, id: number, row?: QuoteRow): Promise<QuoteView | undefined> {
  const q = row ?? (await db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst());
  if (!q) return undefined;
  const [items, addresses, order] = await Promise.all([
    db.selectFrom('quote_items').selectAll().where('quote_id', '=', id).orderBy('position').execute(),
    db.selectFrom('quote_addresses').selectAll().where('quote_id', '=', id).execute(),
    q.order_id && q.status === 'paid'
      ? db.selectFrom('orders').select('order_increment_id').where('id', '=', q.order_id).executeTakeFirst()
      : undefined,
  ]);
  return toQuoteView(q, items, addresses, order?.order_increment_id ?? null);
}

/** The quote, when the token is its link token (constant-time); undefined for an unknown id or a wrong token alike. */
export async function quoteForToken(db: Db, id: number, token: string | undefined): Promise<QuoteRow | undefined> {
  const q = await db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
  return q && tokenMatches(token, q.token_hash) ? q : undefined;
}

/** Every quote, newest first (joinery quote list). */
export function listQuotes(db: Db) {
  return db
    .selectFrom('quotes')
    .select([
      'id',
      'quote_increment_id',
      'email',
      'first_name',
      'last_name',
      'total_cents',
      'status',
      'expires_at',
      'order_id',
      'created_at',
    ])
    .orderBy('id', 'desc')
    .execute();
}

/** Cancels an open quote: its link stops working. 'paid' or 'canceled' when it no longer can be; undefined when unknown. */
export async function cancelQuote(
  db: Db,
  clock: Clock,
  id: number,
): Promise<'canceled' | 'paid' | 'already-canceled' | undefined> {
  const r = await db
    .updateTable('quotes')
    .set({ status: 'canceled', updated_at: clock.now().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return 'canceled';
  const q = await db.selectFrom('quotes').select('status').where('id', '=', id).executeTakeFirst();
  if (!q) return undefined;
  return q.status === 'paid' ? 'paid' : 'already-canceled';
}

/** The link of a quote: {origin}/quote/payment?quoteId=...&token=... */
export const quoteLink = (origin: string, id: number, token: string) =>
  `${origin.replace(/\/+$/, '')}/quote/payment?quoteId=${id}&token=${encodeURIComponent(token)}`;
