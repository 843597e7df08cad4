/**
 * Paying a quote through its link and turning it into one order (issue 12; spec 000 sections 4
 * and 7). How the payment is taken on the token interface:
 *
 * 1. pay (POST /api/quote/pay): the page hands the gateway's token; the server charges the
 *    quote's total in cents through the method's provider, with metadata quoteId,
 *    quoteIncrementId and quotePaymentId (no order exists yet), and keeps the charge in
 *    quote_payments. (Authorize.Net has no metadata field: its provider writes them on the
 *    transaction's order invoiceNumber and description and reads them back in retrieve.) A lease on the quote keeps two pay requests from both charging.
 * 2. convert (POST /api/quote/convertToOrder, spec section 7's body plus the token): the server
 *    never takes the caller's word for the payment. It asks the provider for the transaction
 *    and requires a completed payment of exactly the quote's total whose metadata names this
 *    quote, not used by any order. Then, in one transaction, it writes the order (the quote's
 *    items, addresses and amounts), its completed payment, marks the quote paid and queues the
 *    customer and admin e-mails. The order's idempotency key is derived from the quote, so
 *    however many converts run at once, one order exists; the others answer with it.
 * 3. A card payment that needed authentication comes back through /payment/{method}/verify:
 *    metadata with quoteId and no orderId converts the quote there (verify), then the intent is
 *    updated with the order's ids where the provider can (Stripe).
 *
 * convert does not check the link's expiry: a payment taken before the link expired must still
 * become its order. A canceled quote cannot be paid or converted.
 */
import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, QUOTE_ERROR_TYPES, QUOTE_MESSAGES, fromCents, formatPrice } from '../../engine/node.ts';
import type { QuotePaymentRow, QuoteRow } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { ChargeResult, NextAction, PaymentProvider } from '../payments/provider.ts';
import type { StripeProvider } from '../payments/stripe.ts';
import type { Commerce } from '../commerce/index.ts';
import { verifyPath } from '../commerce/pay.ts';
import { orderEmails } from '../commerce/order-emails.ts';
import { addHistory, incrementIdFor, loadOrderView, type OrderView } from '../commerce/order-store.ts';
import { hashIdempotencyKey, hashOrderToken, newOrderToken, requestHash, tokenMatches, TOKEN_TTL_MS } from '../commerce/order-token.ts';
import { loadQuoteView, quoteForToken, quoteIncrementIdFor, type QuoteView } from './quote-store.ts';

export const QUOTE_PAY_LEASE_MS = 60_000;

export const QUOTE_TEXTS = {
  canceled: 'This quote was canceled. Please contact admin to receive a new payment link.',
  inProgress: 'A payment for this quote is already in progress.',
  notCompleted: 'The payment is not completed.',
  amountMismatch: 'The payment amount does not match the quote total.',
  otherQuote: 'This payment is not for this quote.',
  reused: 'This payment was already used for another order.',
  notFound: 'Payment not found',
  paid: 'Payment successful',
} as const;

/** A 400 with the spec's errorType beside the usual body. */
export class QuoteLinkError extends ApiError {
  constructor(readonly errorType: (typeof QUOTE_ERROR_TYPES)[keyof typeof QUOTE_ERROR_TYPES]) {
    super(400, errorType === QUOTE_ERROR_TYPES.expired ? QUOTE_MESSAGES.expired : QUOTE_MESSAGES.notFound);
  }
  override getResponse(): Response {
    return Response.json({ success: false, message: this.message, errorType: this.errorType }, { status: 400 });
  }
}

export interface ConvertPayment {
  transactionId: string;
  method: string;
  methodLabel?: string;
  amount?: number;
  status?: string;
  transactionResponse?: unknown;
  additionalData?: unknown;
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

export function quoteService(commerce: Commerce) {
  const { ctx, payments } = commerce;
  const { db, clock, deps } = ctx;

  /** The quote of a link: quoteNotExist for an unknown id or a wrong token alike; tokenExpired past its expiry or canceled. */
  async function open(quoteId: number, token: string | undefined, o: { allowExpired?: boolean } = {}): Promise<QuoteRow> {
    const q = await quoteForToken(db, quoteId, token);
    if (!q) throw new QuoteLinkError(QUOTE_ERROR_TYPES.notFound);
    if (q.status === 'paid') return q;
    if (q.status === 'canceled') throw new QuoteLinkError(QUOTE_ERROR_TYPES.expired);
    if (!o.allowExpired && q.expires_at <= clock.now().toISOString()) throw new QuoteLinkError(QUOTE_ERROR_TYPES.expired);
    return q;
  }

  /** A method of the convert-to-order scope this server can take (422 otherwise). */
  function methodOf(name: string) {
    const found = ctx.paymentMethod(ctx.data(), name, 'convert-to-order');
    if (!found) throw new ApiError(422, PAYMENT_MESSAGES.notAvailable, { paymentMethod: PAYMENT_MESSAGES.notAvailable });
    return found;
  }

  async function answerFor(orderId: number): Promise<ConvertAnswer> {
    const o = (await loadOrderView(db, orderId))!;
    return answerOf(o, ctx.data().adminEmails);
  }

  function answerOf(o: OrderView, adminEmails: readonly string[]): ConvertAnswer {
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
        payments: o.payments.map((p) => ({ id: p.id, status: p.status, amount: p.amount, method: p.method, transactionId: p.transactionId })),
      },
      adminEmail: [...adminEmails],
    };
  }

  /** Records what the provider said about a quote charge (a completed one never goes back). */
  async function record(qp: QuotePaymentRow, r: ChargeResult): Promise<QuotePaymentRow> {
    const now = clock.now().toISOString();
    const updated = await db
      .updateTable('quote_payments')
      .set({
        status: r.status,
        transaction_id: r.transactionId ?? qp.transaction_id,
        message: r.message ?? '',
        ...(r.clientSecret ? { client_secret_hash: hashOrderToken(r.clientSecret) } : {}),
        updated_at: now,
      })
      .where('id', '=', qp.id)
      .where('status', '!=', 'completed')
      .returningAll()
      .executeTakeFirst();
    return updated ?? (await db.selectFrom('quote_payments').selectAll().where('id', '=', qp.id).executeTakeFirstOrThrow());
  }

  /**
   * The order of a quote, from a provider result the server fetched itself. Checks the result,
   * then writes the order once (the quote's derived idempotency key is unique). Returns the order id.
   */
  async function convertWith(q: QuoteRow, method: { name: string; title: string }, gateway: string, result: ChargeResult): Promise<number> {
    if (q.status === 'paid' && q.order_id) return q.order_id;
    if (q.status === 'canceled') throw new ApiError(409, QUOTE_TEXTS.canceled);
    if (result.status !== 'completed') throw new ApiError(422, result.status === 'failed' ? result.message || PAYMENT_MESSAGES.failed : QUOTE_TEXTS.notCompleted);
    if (result.metadata?.quoteId !== String(q.id) || result.metadata?.orderId) throw new ApiError(422, QUOTE_TEXTS.otherQuote);
    if (result.amountCents === undefined || result.amountCents !== q.total_cents) throw new ApiError(422, QUOTE_TEXTS.amountMismatch);
    const transactionId = result.transactionId!;
    const keyHash = hashIdempotencyKey(`quote:${q.id}`);
    const quoteOrder = () => db.selectFrom('orders').select('id').where('idempotency_key', '=', keyHash).executeTakeFirst();
    const existing = await quoteOrder();
    if (existing) return existing.id;
    const used = await db.selectFrom('payments').select('order_id').where('gateway', '=', gateway).where('transaction_id', '=', transactionId).executeTakeFirst();
    if (used) {
      // A concurrent convert of this quote may have committed between the two reads: its order stands.
      const winner = await quoteOrder();
      if (winner && winner.id === used.order_id) return winner.id;
      throw new ApiError(409, QUOTE_TEXTS.reused);
    }

    const data = ctx.data();
    const shop = ctx.shopInfo(data);
    const now = clock.now();
    const iso = now.toISOString();
    // The order's own token: nobody holds it (a quote's order is not changed through the checkout API).
    const token = newOrderToken(randomUUID());
    try {
      const orderId = await db.transaction().execute(async (trx) => {
        const claimed = await trx.updateTable('quotes').set({ updated_at: iso }).where('id', '=', q.id).where('status', '=', 'open').executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw new ApiError(409, QUOTE_TEXTS.canceled);
        const [items, addresses] = await Promise.all([
          trx.selectFrom('quote_items').selectAll().where('quote_id', '=', q.id).orderBy('position').execute(),
          trx.selectFrom('quote_addresses').selectAll().where('quote_id', '=', q.id).execute(),
        ]);
        const qty = items.reduce((s, it) => s + it.qty, 0);
        const subtotalAfterDiscount = q.subtotal_cents - q.discount_amount_cents;
        const row = await trx
          .insertInto('orders')
          .values({
            state: 'new',
            status: 'ordered',
            email: q.email,
            first_name: q.first_name,
            last_name: q.last_name,
            customer_is_guest: 1,
            same_as_billing: 0,
            weight: 0,
            subtotal_cents: q.subtotal_cents,
            subtotal_incl_tax_cents: subtotalAfterDiscount + q.tax_amount_cents,
            shipping_amount_cents: q.shipping_amount_cents,
            shipping_tax_amount_cents: 0,
            shipping_incl_tax_cents: q.shipping_amount_cents,
            shipping_method: q.shipping_method,
            shipping_label: q.shipping_label,
            tax_percent: 0,
            tax_amount_cents: q.tax_amount_cents,
            total_cents: q.total_cents,
            total_item_count: qty,
            order_currency_code: data.shop.currency.code,
            payment_method: method.name,
            payment_method_label: method.title,
            email_sent: 0,
            additional_notes: q.additional_notes,
            idempotency_key: keyHash,
            request_hash: requestHash({ quoteId: q.id }),
            token_hash: token.tokenHash,
            token_box: token.tokenBox,
            token_expires_at: new Date(now.getTime() + TOKEN_TTL_MS).toISOString(),
            payment_lock_until: null,
            created_at: iso,
            updated_at: iso,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const increment = incrementIdFor(row.id);
        await trx.updateTable('orders').set({ order_increment_id: increment }).where('id', '=', row.id).execute();
        await trx
          .insertInto('order_items')
          .values(
            items.map((it, position) => ({
              order_id: row.id,
              position,
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
            })),
          )
          .execute();
        await trx
          .insertInto('order_addresses')
          .values(addresses.map(({ id: _id, quote_id: _q, ...a }) => ({ ...a, order_id: row.id })))
          .execute();
        await trx
          .insertInto('payments')
          .values({
            order_id: row.id,
            method: method.name,
            method_label: method.title,
            gateway,
            status: 'completed',
            amount_cents: q.total_cents,
            transaction_id: transactionId,
            client_secret_hash: null,
            additional_data: JSON.stringify({ gateway, quoteId: q.id, intentStatus: result.intentStatus, responseCode: result.responseCode, message: result.message, ...result.card }),
            created_at: iso,
            updated_at: iso,
          })
          .execute();
        const quoteNo = q.quote_increment_id ?? quoteIncrementIdFor(q.id);
        const discount = q.discount_amount_cents ? `, discount ${formatPrice(fromCents(q.discount_amount_cents))}` : '';
        await addHistory(trx, row.id, 'ordered', `Order #${increment} created from quote #${quoteNo}${q.po_number ? ` (PO ${q.po_number})` : ''}${discount}; payment of ${formatPrice(fromCents(q.total_cents))} completed by ${method.title} (transaction ${transactionId}).`, clock);
        await trx.updateTable('quotes').set({ status: 'paid', order_id: row.id, updated_at: iso }).where('id', '=', q.id).execute();
        await trx.updateTable('quote_payments').set({ status: 'completed', updated_at: iso }).where('quote_id', '=', q.id).where('gateway', '=', gateway).where('transaction_id', '=', transactionId).execute();
        const view = (await loadOrderView(trx, row.id))!;
        for (const mail of orderEmails(view, shop, { quoteIncrementId: quoteNo })) await enqueueMail(trx, mail, clock);
        return row.id;
      });
      deps.outbox.notify();
      return orderId;
    } catch (e) {
      // Another convert of this quote won the insert: its order stands.
      const winner = await quoteOrder();
      if (winner) return winner.id;
      // payments (gateway, transaction_id) is unique: the transaction became another order meanwhile.
      if (/unique/i.test(String((e as Error)?.message)) && /transaction_id/.test(String((e as Error)?.message))) throw new ApiError(409, QUOTE_TEXTS.reused);
      throw e;
    }
  }

  /**
   * Puts the order's ids on the provider's transaction (spec 000 section 4 step 3), where the
   * provider keeps metadata the shop can change (Stripe: metadata only, a succeeded intent's
   * amount is fixed). Best effort: the order is made whatever the provider answers.
   */
  async function tagTransaction(provider: PaymentProvider, transactionId: string, orderId: number, quote: QuoteRow) {
    const client = (provider as Partial<StripeProvider>).client;
    if (!client) return;
    const order = await db.selectFrom('orders').select(['order_increment_id']).where('id', '=', orderId).executeTakeFirst();
    const p = await db.selectFrom('payments').select('id').where('order_id', '=', orderId).executeTakeFirst();
    const metadata = { quoteId: String(quote.id), quoteIncrementId: quote.quote_increment_id ?? '', orderId: String(orderId), orderIncrementId: order?.order_increment_id ?? '', paymentId: String(p?.id ?? '') };
    await client.paymentIntents
      .update(transactionId, { metadata }, { idempotencyKey: `quote-${quote.id}-order-${orderId}-tag` })
      .catch((e: unknown) => deps.log.error(`quotes: tagging ${transactionId} with order ${orderId} failed: ${(e as Error).message}`));
  }

  return {
    /** GET /api/quote: the public fields. */
    async view(quoteId: number, token: string): Promise<QuoteView> {
      const q = await open(quoteId, token);
      return (await loadQuoteView(db, q.id, q))!;
    },

    /** POST /api/quote/pay: charges the quote's total with the gateway's token. */
    async pay(req: { quoteId: number; token: string; paymentMethod: string; paymentToken: string }) {
      const q = await open(req.quoteId, req.token);
      if (q.status === 'paid') throw new ApiError(409, QUOTE_MESSAGES.alreadyPaid);
      const { method, provider } = methodOf(req.paymentMethod);
      const start = clock.now();
      const lease = await db
        .updateTable('quotes')
        .set({ payment_lock_until: new Date(start.getTime() + QUOTE_PAY_LEASE_MS).toISOString() })
        .where('id', '=', q.id)
        .where('status', '=', 'open')
        .where((eb) => eb.or([eb('payment_lock_until', 'is', null), eb('payment_lock_until', '<=', start.toISOString())]))
        .executeTakeFirst();
      if (Number(lease.numUpdatedRows) !== 1) throw new ApiError(409, QUOTE_TEXTS.inProgress);
      try {
        const earlier = await db.selectFrom('quote_payments').selectAll().where('quote_id', '=', q.id).where('transaction_id', 'is not', null).execute();
        // A charge that completed but was never converted (the page lost the answer): answer with it again, the page converts it.
        const completed = earlier.find((p) => p.status === 'completed');
        if (completed) {
          const again = await payments.ask(`retrieving ${completed.transaction_id}`, () => provider.retrieve(completed.transaction_id!));
          if (again.status === 'completed')
            return { httpStatus: 200 as const, body: { success: true, status: 'completed' as const, message: QUOTE_TEXTS.paid, transactionId: completed.transaction_id, amount: fromCents(completed.amount_cents), method: completed.method, methodLabel: completed.method_label, paymentIntent: { id: completed.transaction_id, status: again.intentStatus ?? null, client_secret: null } } };
        }
        // Money that may still arrive (held for review): a second charge could take it twice.
        if (earlier.some((p) => p.status === 'pending' || (p.status === 'on_hold' && !p.client_secret_hash))) throw new ApiError(409, QUOTE_TEXTS.inProgress);
        // An authentication left open must not complete beside this payment: canceled, here and at the provider.
        const open = await db.updateTable('quote_payments').set({ status: 'failed', message: 'Canceled: another payment was started.', updated_at: start.toISOString() }).where('quote_id', '=', q.id).where('status', '=', 'on_hold').where('client_secret_hash', 'is not', null).returningAll().execute();
        for (const p of open) {
          const other = deps.providers[p.gateway];
          if (p.transaction_id && other?.cancel) await other.cancel(p.transaction_id).catch((e: unknown) => deps.log.error(`quotes: canceling ${p.transaction_id} at ${p.gateway} failed:`, e));
        }
        const now = start.toISOString();
        const qp = await db
          .insertInto('quote_payments')
          .values({ quote_id: q.id, method: method.name, method_label: method.title, gateway: provider.gateway, status: 'pending', amount_cents: q.total_cents, transaction_id: null, client_secret_hash: null, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        const increment = q.quote_increment_id ?? quoteIncrementIdFor(q.id);
        let result: ChargeResult;
        try {
          result = await provider.charge({
            amountCents: q.total_cents,
            currency: ctx.data().shop.currency.code.toLowerCase(),
            token: req.paymentToken,
            orderId: 0,
            orderIncrementId: '',
            paymentId: qp.id,
            email: q.email,
            description: `${deps.shop.siteName} quote #${increment}`,
            idempotencyKey: `quote-${q.id}-payment-${qp.id}-charge`,
            returnUrl: `${deps.shop.origin}${verifyPath(method.name)}`,
            metadata: { quoteId: String(q.id), quoteIncrementId: increment, quotePaymentId: String(qp.id) },
          });
        } catch (e) {
          deps.log.error(`quotes: payment provider ${provider.gateway} failed for quote ${q.id}:`, e);
          result = { status: 'failed', transactionId: null, message: PAYMENT_MESSAGES.processingError };
        }
        const stored = await record(qp, result);
        const body = {
          success: stored.status === 'completed',
          status: stored.status,
          message: stored.status === 'completed' ? QUOTE_TEXTS.paid : stored.status === 'failed' ? result.message || PAYMENT_MESSAGES.failed : result.nextAction ? PAYMENT_MESSAGES.additionalAuthentication : result.message,
          transactionId: stored.transaction_id,
          amount: fromCents(stored.amount_cents),
          method: method.name,
          methodLabel: method.title,
          ...(result.nextAction ? { nextAction: result.nextAction as NextAction } : {}),
          paymentIntent: { id: result.transactionId, status: result.intentStatus ?? null, client_secret: result.clientSecret ?? null },
        };
        return { httpStatus: (stored.status === 'completed' ? 200 : stored.status === 'failed' ? 402 : 202) as 200 | 202 | 402, body };
      } finally {
        await db.updateTable('quotes').set({ payment_lock_until: null }).where('id', '=', q.id).execute();
      }
    },

    /** POST /api/quote/convertToOrder: the server checks the payment with the provider, then one order. */
    async convert(req: { quoteId: number; token: string; payment: ConvertPayment }): Promise<ConvertAnswer> {
      const q = await open(req.quoteId, req.token, { allowExpired: true });
      if (q.status === 'paid' && q.order_id) return answerFor(q.order_id);
      const { method, provider } = methodOf(req.payment.method);
      // A transaction the provider does not know (4xx of its own) is a payment not found, not an outage.
      const result = await payments.ask(`retrieving ${req.payment.transactionId} from ${provider.gateway}`, () =>
        provider.retrieve(req.payment.transactionId).catch((e: unknown) => {
          const status = (e as { status?: unknown; statusCode?: unknown }).statusCode ?? (e as { status?: unknown }).status;
          if (typeof status === 'number' && status >= 400 && status < 500) throw new ApiError(422, QUOTE_TEXTS.notFound);
          throw e;
        }),
      );
      const qp = await db.selectFrom('quote_payments').selectAll().where('gateway', '=', provider.gateway).where('transaction_id', '=', req.payment.transactionId).executeTakeFirst();
      if (qp) await record(qp, result);
      return answerFor(await convertWith(q, method, provider.gateway, result));
    },

    /**
     * A provider's event about a transaction that is no order's payment (Stripe's webhook): a
     * quote's charge is recorded, and once completed (metadata quoteId, no orderId) the quote is
     * converted, as the verify page would. true when the transaction was a quote's.
     */
    async settleEvent(gateway: string, result: ChargeResult): Promise<boolean> {
      if (!result.transactionId) return false;
      const qp = await db.selectFrom('quote_payments').selectAll().where('gateway', '=', gateway).where('transaction_id', '=', result.transactionId).executeTakeFirst();
      if (!qp) return false;
      await record(qp, result);
      const q = await db.selectFrom('quotes').selectAll().where('id', '=', qp.quote_id).executeTakeFirstOrThrow();
      if (result.status !== 'completed' || !result.metadata?.quoteId || result.metadata.orderId || q.status !== 'open') return true;
      const provider = deps.providers[gateway];
      const orderId = await convertWith(q, { name: qp.method, title: qp.method_label }, gateway, result);
      if (provider) await tagTransaction(provider, result.transactionId, orderId, q);
      return true;
    },

    /**
     * The verify page for a quote's charge (spec 000 section 4 step 3): the payment of this
     * transaction and client secret, asked again from the provider; completed with metadata
     * quoteId and no orderId converts the quote, then the intent gets the order's ids.
     * Undefined when no quote charge matches (the caller answers 404).
     */
    async verify(methodName: string, transactionId: string, clientSecret: string) {
      const qp = await db.selectFrom('quote_payments').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
      if (!qp || qp.method !== methodName || !qp.client_secret_hash || !tokenMatches(clientSecret, qp.client_secret_hash)) return undefined;
      const provider = deps.providers[qp.gateway];
      if (!provider) throw new ApiError(503, PAYMENT_MESSAGES.notAvailable);
      const result = await payments.ask(`retrieving ${transactionId} from ${qp.gateway}`, () => provider.retrieve(transactionId));
      const stored = await record(qp, result);
      const q = (await db.selectFrom('quotes').selectAll().where('id', '=', qp.quote_id).executeTakeFirstOrThrow())!;
      const base = { status: stored.status, transactionId, transactionResponse: { amount: fromCents(stored.amount_cents), ...(result.responseCode ? { responseCode: result.responseCode } : {}), message: result.message } };
      if (result.status !== 'completed') {
        const error = result.status === 'failed' ? result.message || PAYMENT_MESSAGES.failed : result.intentStatus === 'requires_action' ? PAYMENT_MESSAGES.additionalAuthentication : QUOTE_TEXTS.notCompleted;
        return { success: false, error, ...base, metadata: { quoteId: q.id, quoteIncrementId: q.quote_increment_id } };
      }
      let orderId = q.order_id;
      if (result.metadata?.quoteId && !result.metadata.orderId) {
        const method = { name: qp.method, title: qp.method_label };
        orderId = await convertWith(q, method, qp.gateway, result);
        await tagTransaction(provider, transactionId, orderId, q);
      }
      if (!orderId) return { success: false, error: QUOTE_TEXTS.otherQuote, ...base, metadata: { quoteId: q.id, quoteIncrementId: q.quote_increment_id } };
      const o = await db.selectFrom('orders').select(['id', 'order_increment_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
      const p = await db.selectFrom('payments').select('id').where('order_id', '=', orderId).where('transaction_id', '=', transactionId).executeTakeFirst();
      return { success: true, ...base, metadata: { orderId: o.id, orderIncrementId: o.order_increment_id ?? incrementIdFor(o.id), paymentId: p?.id ?? 0, quoteId: q.id, quoteIncrementId: q.quote_increment_id } };
    },
  };
}

export type QuoteService = ReturnType<typeof quoteService>;
