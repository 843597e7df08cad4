/**
 * Paying a quote through its link. A quote pays through the checkout's own pipeline: the first
 * pay writes the quote's order (its items, addresses and amounts, status pending) with the
 * same store code as a checkout, once per quote (its idempotency key is derived from the
 * quote); then the order is paid by the same pay and settle steps as any order (same lease,
 * idempotency keys, history, e-mails, recovery of lost attempts). The completed payment marks
 * the quote paid in the settle transaction.
 *
 * 1. pay (POST /api/quote/pay): the link's token opens the quote (open, not expired, not
 *    canceled); the page hands the gateway's token, the provider's metadata carries the
 *    order's ids and quoteId, quoteIncrementId.
 * 2. convert (POST /api/quote/convertToOrder): the page's confirmation after a payment. The
 *    server never takes the caller's word: it asks the provider for the transaction of the
 *    quote order's payment and settles what the provider says; the answer is the order once
 *    it is paid.
 * 3. A card payment that needed authentication comes back through /payment/{method}/verify,
 *    which settles it like any order's payment.
 *
 * convert does not check the link's expiry: a payment taken before the link expired must still
 * become its order. A canceled quote cannot be paid.
 */
import { randomUUID } from 'node:crypto';
import {
  type Address,
  PAYMENT_MESSAGES,
  QUOTE_ERROR_TYPES,
  QUOTE_MESSAGES,
  fromCents,
  formatPrice,
} from '../../engine/node.ts';
import type { OrderRow, PaymentRow, QuoteAddressRow, QuoteItemRow, QuoteRow } from '../db/schema.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { addressFields } from '../commerce/address-columns.ts';
import { CommerceError } from '../commerce/errors.ts';
import type { NextAction } from '../payments/provider.ts';
import type { Commerce } from '../commerce/index.ts';
import { additionalData, COMMERCE_TEXTS } from '../commerce/context.ts';
import {
  addHistory,
  findOrder,
  insertNewOrder,
  loadOrderView,
  newOrderRow,
  writeOrderLines,
  type OrderHeader,
  type OrderLineInput,
  type OrderView,
} from '../commerce/order-store.ts';
import { hashIdempotencyKey, newOrderToken, requestHash, TOKEN_TTL_MS } from '../commerce/order-token.ts';
import { loadQuoteView, quoteForToken, quoteIncrementIdFor, type QuoteView } from './quote-store.ts';

const QUOTE_TEXTS = {
  canceled: 'This quote was canceled. Please contact admin to receive a new payment link.',
  notCompleted: 'The payment is not completed.',
  otherQuote: 'This payment is not for this quote.',
  notFound: 'Payment not found',
  paid: 'Payment successful',
} as const;

/** A link that opens no quote; errorType tells the page which view to show. */
export class QuoteLinkError extends CommerceError {
  constructor(readonly errorType: (typeof QUOTE_ERROR_TYPES)[keyof typeof QUOTE_ERROR_TYPES]) {
    super(
      'bad-link',
      errorType === QUOTE_ERROR_TYPES.expired ? QUOTE_MESSAGES.expired : QUOTE_MESSAGES.notFound,
      undefined,
      { errorType },
    );
  }
}

/** What the service reads of a convert call's payment (the route accepts the spec's other fields and ignores them: the provider is asked). */
export interface ConvertPayment {
  transactionId: string;
  method: string;
}

export interface ConvertAnswer {
  success: true;
  message: string;
  order: {
    id: number;
    orderIncrementId: string;
    email: string;
    status: string;
    total: number;
    additionalNotes: string | null;
    payments: { id: number; status: string; amount: number; method: string; transactionId: string | null }[];
  };
  adminEmail: string[];
}

function convertAnswer(o: OrderView, adminEmails: readonly string[]): ConvertAnswer {
  return {
    success: true,
    message: QUOTE_MESSAGES.converted,
    order: {
      id: o.id,
      orderIncrementId: o.orderIncrementId,
      email: o.email,
      status: o.status,
      total: o.total,
      additionalNotes: o.additionalNotes,
      payments: o.payments.map((p) => ({
        id: p.id,
        status: p.status,
        amount: p.amount,
        method: p.method,
        transactionId: p.transactionId,
      })),
    },
    adminEmail: [...adminEmails],
  };
}

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

/** Why a quote's payment left its order unpaid: the provider's message when it gave one. */
function notPaidError(p: PaymentRow): CommerceError {
  const message = additionalData(p).message;
  return new CommerceError(
    'invalid',
    p.status === 'failed'
      ? (typeof message === 'string' && message) || PAYMENT_MESSAGES.failed
      : p.status === 'on_hold' && typeof message === 'string' && message
        ? message
        : QUOTE_TEXTS.notCompleted,
  );
}

export function quoteService(commerce: Commerce) {
  const { ctx, payments } = commerce;
  const { db, clock } = ctx;

  /** The quote of a link: quoteNotExist for an unknown id or a wrong token alike; tokenExpired past its expiry or canceled. */
  async function open(
    quoteId: number,
    token: string | undefined,
    o: { allowExpired?: boolean } = {},
  ): Promise<QuoteRow> {
    const q = await quoteForToken(db, quoteId, token);
    if (!q) throw new QuoteLinkError(QUOTE_ERROR_TYPES.notFound);
    if (q.status === 'paid') return q;
    if (q.status === 'canceled') throw new QuoteLinkError(QUOTE_ERROR_TYPES.expired);
    if (!o.allowExpired && q.expires_at <= clock.now().toISOString())
      throw new QuoteLinkError(QUOTE_ERROR_TYPES.expired);
    return q;
  }

  /** A method of the convert-to-order scope this server can take (422 otherwise). */
  function methodOf(name: string) {
    const found = ctx.paymentMethod(ctx.data(), name, 'convert-to-order');
    if (!found)
      throw new CommerceError('invalid', PAYMENT_MESSAGES.notAvailable, {
        paymentMethod: PAYMENT_MESSAGES.notAvailable,
      });
    return found;
  }

  const answerFor = async (orderId: number) =>
    convertAnswer((await loadOrderView(db, orderId))!, ctx.data().adminEmails);

  /**
   * The quote's order, written once: the quote's lines, addresses and amounts, through the
   * checkout's store code. Its token is never handed out (the link's token pays it).
   */
  async function orderOf(q: QuoteRow, method: { name: string; title: string }): Promise<OrderRow> {
    const keyHash = hashIdempotencyKey(`quote:${q.id}`);
    const existing = await db
      .selectFrom('orders')
      .selectAll()
      .where('idempotency_key', '=', keyHash)
      .executeTakeFirst();
    if (existing) return existing;
    const data = ctx.data();
    const now = clock.now();
    const iso = now.toISOString();
    // The order's own token: nobody holds it (the link's token pays a quote's order).
    const token = newOrderToken(randomUUID());
    try {
      const made = await db.transaction().execute(async (trx) => {
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
            currency: data.shop.currency.code,
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
        await trx.updateTable('quotes').set({ order_id: row.id, updated_at: iso }).where('id', '=', q.id).execute();
        return row;
      });
      if (made) return made;
    } catch (e) {
      if (!isUniqueViolation(e, 'idempotency_key')) throw e;
    }
    // A concurrent first pay of this quote wrote it: that order stands.
    return await db.selectFrom('orders').selectAll().where('idempotency_key', '=', keyHash).executeTakeFirstOrThrow();
  }

  return {
    /** GET /api/quote: the public fields. */
    async view(quoteId: number, token: string): Promise<QuoteView> {
      const q = await open(quoteId, token);
      return (await loadQuoteView(db, q.id, q))!;
    },

    /** POST /api/quote/pay: charges the quote's total with the gateway's token, through its order. */
    async pay(req: { quoteId: number; token: string; paymentMethod: string; paymentToken: string }) {
      const q = await open(req.quoteId, req.token);
      if (q.status === 'paid') throw new CommerceError('conflict', QUOTE_MESSAGES.alreadyPaid);
      const { method, provider } = methodOf(req.paymentMethod);
      const order = await orderOf(q, method);
      const quoteNo = q.quote_increment_id ?? quoteIncrementIdFor(q.id);
      const out = await payments
        .payOrder({
          orderId: order.id,
          method,
          provider,
          paymentToken: req.paymentToken,
          description: `${ctx.deps.shop.siteName} quote #${quoteNo}`,
          metadata: { quoteId: String(q.id), quoteIncrementId: quoteNo },
        })
        .catch((e: unknown) => {
          // Paid by another request since the link was opened: the quote's own words.
          if (e instanceof CommerceError && e.kind === 'conflict' && e.message === COMMERCE_TEXTS.alreadyPaid)
            throw new CommerceError('conflict', QUOTE_MESSAGES.alreadyPaid);
          throw e;
        });
      const r = out.result;
      const p = out.body.payment;
      const body = {
        success: out.body.success,
        status: out.body.status,
        message: out.body.message,
        transactionId: p.transactionId,
        amount: p.amount,
        method: method.name,
        methodLabel: method.title,
        ...(out.body.nextAction ? { nextAction: out.body.nextAction as NextAction } : {}),
        // The provider's own fields (Stripe's intent for Stripe.js).
        ...provider.answerFields?.(r),
      };
      return { httpStatus: out.httpStatus, body };
    },

    /** POST /api/quote/convertToOrder: the payment as the provider reports it, settled; the order once paid. */
    async convert(req: { quoteId: number; token: string; payment: ConvertPayment }): Promise<ConvertAnswer> {
      const q = await open(req.quoteId, req.token, { allowExpired: true });
      if (q.status === 'paid' && q.order_id) return answerFor(q.order_id);
      const { provider } = methodOf(req.payment.method);
      const p = await db
        .selectFrom('payments')
        .selectAll()
        .where('gateway', '=', provider.gateway)
        .where('transaction_id', '=', req.payment.transactionId)
        .executeTakeFirst();
      const order = q.order_id ? await findOrder(db, q.order_id) : undefined;
      if (!p || !order || p.order_id !== order.id) {
        // Not a payment of this quote: one the provider does not know either is "not found".
        await payments.ask(`retrieving ${req.payment.transactionId} from ${provider.gateway}`, () =>
          provider.retrieve(req.payment.transactionId).catch((e: unknown) => {
            const status = (e as { statusCode?: unknown }).statusCode ?? (e as { status?: unknown }).status;
            if (typeof status === 'number' && status >= 400 && status < 500)
              throw new CommerceError('invalid', QUOTE_TEXTS.notFound);
            throw e;
          }),
        );
        throw new CommerceError('invalid', QUOTE_TEXTS.otherQuote);
      }
      const settled = await payments.refresh(p);
      if (settled.order.status === 'ordered') return answerFor(order.id);
      if (q.status === 'canceled') throw new CommerceError('conflict', QUOTE_TEXTS.canceled);
      throw notPaidError(settled.payment);
    },
  };
}
