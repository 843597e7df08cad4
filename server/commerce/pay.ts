/**
 * Paying an order (spec 000 section 4, "Checkout submit" and "Payment verification"):
 *
 * 1. The order token opens the order; a paid order, one being paid, or one whose payment is held
 *    for review is refused (409). A lease on the order keeps two pay requests from both charging.
 * 2. The provider charges the total the server computed.
 * 3. One transaction records the attempt as a payment under its mapped status, sets the order's
 *    status (ordered when completed, else pending_payment), adds the history entry and, when
 *    completed, queues the customer and admin e-mails in the outbox.
 *
 * A declined card leaves the order pending_payment; the next attempt pays the same order.
 * A card that needs authentication waits on_hold with a client secret; the sandbox's
 * authentication page decides it, and the verify call reports the outcome.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { CardInput } from '../../engine/commerce/checkout-schema.ts';
import { PAYMENT_MESSAGES, paymentFailedComment } from '../../engine/commerce/messages.ts';
import { orderStatusAfterPayment } from '../../engine/commerce/payment-status.ts';
import { formatPrice } from '../../engine/catalog/price.ts';
import { fromCents } from '../../engine/commerce/money.ts';
import type { Database, OrderRow, PaymentRow } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { ChargeResult } from '../payments/provider.ts';
import { SANDBOX_GATEWAY } from '../payments/sandbox.ts';
import { additionalData, CANCELED_AUTHENTICATION, COMMERCE_TEXTS, isAwaitingAuthentication, wasCanceledWhileWaiting, type CommerceContext } from './context.ts';
import { orderEmails, type ShopInfo } from './order-emails.ts';
import { addHistory, incrementIdFor, loadOrderView, paymentView, type OrderView, type PaymentView } from './order-store.ts';
import { hashToken } from './order-token.ts';
import type { OrderService } from './orders.ts';

/** How long a pay request holds the order (longer than any provider call). */
export const PAYMENT_LEASE_MS = 60_000;

export const PAY_TEXTS = {
  completed: 'Payment successful',
  heldForReview: 'Your payment is being reviewed. We will contact you by e-mail once it is approved.',
} as const;

export interface PayOutcome {
  /** 200 completed, 202 waiting (authentication or review), 402 failed. */
  httpStatus: 200 | 202 | 402;
  body: {
    success: boolean;
    message: string;
    status: PaymentView['status'];
    /** The card holder must authenticate: open this page (the sandbox's), then come back to verify. */
    nextAction?: { type: 'redirect_to_url'; url: string };
    order: OrderView;
    payment: PaymentView;
  };
}

export interface VerifyResult {
  success: boolean;
  error?: string;
  status: PaymentView['status'];
  transactionId: string | null;
  transactionResponse: { amount: number; responseCode?: number; message?: string };
  metadata: { orderId: number; orderIncrementId: string; paymentId: number };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const authenticationPath = (transactionId: string, clientSecret: string) =>
  `/api/payment/sandbox/authenticate/${encodeURIComponent(transactionId)}?client_secret=${encodeURIComponent(clientSecret)}`;

export const verifyPath = (method: string, transactionId: string, clientSecret: string) =>
  `/payment/${encodeURIComponent(method)}/verify?${new URLSearchParams({ payment_intent: transactionId, payment_intent_client_secret: clientSecret })}`;

export function paymentService(ctx: CommerceContext, orders: OrderService) {
  const { db, clock, deps } = ctx;

  /**
   * The order status and history entry of an outcome, and the e-mails when it completed (inside
   * trx, so they commit together). Returns the order as it now is.
   */
  async function settle(trx: Transaction<Database>, orderId: number, payment: PaymentRow, result: ChargeResult, shop: ShopInfo): Promise<OrderView> {
    const now = clock.now().toISOString();
    const status = orderStatusAfterPayment(result.status);
    await trx.updateTable('orders').set({ status, payment_lock_until: null, updated_at: now }).where('id', '=', orderId).execute();
    const amount = formatPrice(fromCents(payment.amount_cents));
    const ref = result.transactionId ? ` (transaction ${result.transactionId})` : '';
    const comment =
      result.status === 'completed'
        ? `Payment of ${amount} completed by ${payment.method_label}${ref}.`
        : result.status === 'failed'
          ? paymentFailedComment(incrementIdFor(orderId), result.message)
          : result.intentStatus === 'requires_action'
            ? `Payment of ${amount} awaits the card holder's authentication${ref}.`
            : `Payment of ${amount} is ${result.status === 'on_hold' ? 'held for review' : 'pending'}${ref}: ${result.message}`;
    await addHistory(trx, orderId, status, comment, clock);
    const order = (await loadOrderView(trx, orderId))!;
    if (result.status === 'completed') for (const mail of orderEmails(order, shop)) await enqueueMail(trx, mail, clock);
    return order;
  }

  function outcome(order: OrderView, payment: PaymentRow, result: ChargeResult): PayOutcome {
    const view = paymentView(payment);
    const base = { status: result.status, order, payment: view };
    if (result.status === 'completed') return { httpStatus: 200, body: { success: true, message: PAY_TEXTS.completed, ...base } };
    if (result.status === 'failed') return { httpStatus: 402, body: { success: false, message: result.message || PAYMENT_MESSAGES.failed, ...base } };
    if (result.intentStatus === 'requires_action' && result.clientSecret && payment.gateway === SANDBOX_GATEWAY && result.transactionId)
      return {
        httpStatus: 202,
        body: { success: false, message: PAYMENT_MESSAGES.additionalAuthentication, nextAction: { type: 'redirect_to_url', url: authenticationPath(result.transactionId, result.clientSecret) }, ...base },
      };
    return { httpStatus: 202, body: { success: false, message: PAY_TEXTS.heldForReview, ...base } };
  }

  /**
   * Holds the order for one payment step and returns it as it now is (a change that committed
   * before counts); undefined when another step holds it or the order is paid.
   */
  function takeLease(orderId: number, now: Date): Promise<OrderRow | undefined> {
    return db
      .updateTable('orders')
      .set({ payment_lock_until: new Date(now.getTime() + PAYMENT_LEASE_MS).toISOString() })
      .where('id', '=', orderId)
      .where('status', '!=', 'ordered')
      .where((eb) => eb.or([eb('payment_lock_until', 'is', null), eb('payment_lock_until', '<=', now.toISOString())]))
      .returningAll()
      .executeTakeFirst();
  }

  const releaseLease = (orderId: number) => db.updateTable('orders').set({ payment_lock_until: null }).where('id', '=', orderId).execute();

  /** The sandbox payment of an authentication link, when the secret is its client secret. */
  async function paymentForSecret(transactionId: string, clientSecret: string): Promise<PaymentRow | undefined> {
    if (!transactionId || !clientSecret) return undefined;
    const p = await db.selectFrom('payments').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
    return p?.client_secret_hash && sameHash(p.client_secret_hash, hashToken(clientSecret)) ? p : undefined;
  }

  return {
    /** POST /api/order/pay */
    async pay(req: { id: number; token?: string; paymentMethod?: string; card: CardInput }): Promise<PayOutcome> {
      const authorized = await ctx.authorize(req.id, req.token);
      if (authorized.status === 'ordered') throw new ApiError(409, COMMERCE_TEXTS.alreadyPaid);
      const data = ctx.data();
      const { method, provider } = ctx.requirePaymentMethod(data, req.paymentMethod ?? authorized.payment_method);
      const start = clock.now();
      // The order as it is under the lease: its total is what gets charged.
      const row = await takeLease(authorized.id, start);
      if (!row) {
        const now = await db.selectFrom('orders').select('status').where('id', '=', authorized.id).executeTakeFirst();
        throw new ApiError(409, now?.status === 'ordered' ? COMMERCE_TEXTS.alreadyPaid : COMMERCE_TEXTS.inProgress);
      }

      let recorded = false;
      try {
        // Under the lease, so no other payment of this order can start or finish meanwhile.
        await ctx.assertOpen({ ...row, payment_lock_until: null });
        // An authentication left open must not complete beside this payment.
        await orders.cancelPendingAuthentications(db, row.id, start.toISOString());
        let result: ChargeResult;
        try {
          result = await provider.charge({
            amountCents: row.total_cents,
            currency: 'usd',
            card: req.card,
            orderId: row.id,
            orderIncrementId: row.order_increment_id ?? String(row.id),
            email: row.email,
            description: `${deps.shop.siteName} order #${row.order_increment_id}`,
          });
        } catch (e) {
          deps.log.error(`checkout: payment provider ${provider.gateway} failed for order ${row.id}:`, e);
          result = { status: 'failed', transactionId: null, message: PAYMENT_MESSAGES.processingError };
        }
        const now = clock.now().toISOString();
        const { payment, order } = await db.transaction().execute(async (trx) => {
          const extra = { gateway: provider.gateway, responseCode: result.responseCode, intentStatus: result.intentStatus, message: result.message, ...result.card };
          const payment = await trx
            .insertInto('payments')
            .values({
              order_id: row.id,
              method: method.name,
              method_label: method.title,
              gateway: provider.gateway,
              status: result.status,
              amount_cents: row.total_cents,
              transaction_id: result.transactionId,
              client_secret_hash: result.clientSecret ? hashToken(result.clientSecret) : null,
              additional_data: JSON.stringify(extra),
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          if (method.name !== row.payment_method) await trx.updateTable('orders').set({ payment_method: method.name, payment_method_label: method.title }).where('id', '=', row.id).execute();
          return { payment, order: await settle(trx, row.id, payment, result, ctx.shopInfo(data)) };
        });
        recorded = true;
        if (result.status === 'completed') deps.outbox.notify();
        return outcome(order, payment, result);
      } finally {
        // The recording transaction releases the lease; this covers a failure before it.
        if (!recorded) await releaseLease(row.id);
      }
    },

    /** The payment behind a sandbox authentication link and its order, or undefined. */
    async authentication(transactionId: string, clientSecret: string): Promise<{ payment: PaymentView; order: OrderView; waiting: boolean; verifyUrl: string } | undefined> {
      const p = await paymentForSecret(transactionId, clientSecret);
      if (!p || p.gateway !== SANDBOX_GATEWAY) return undefined;
      const order = (await loadOrderView(db, p.order_id))!;
      return { payment: paymentView(p), order, waiting: isAwaitingAuthentication(p), verifyUrl: verifyPath(p.method, transactionId, clientSecret) };
    },

    /** The card holder approved or declined on the sandbox page; returns where the browser goes next. */
    async authenticate(transactionId: string, clientSecret: string, approved: boolean): Promise<string | undefined> {
      const p = await paymentForSecret(transactionId, clientSecret);
      const provider = p && deps.providers[p.gateway];
      if (!p || p.gateway !== SANDBOX_GATEWAY || !provider?.completeAuthentication) return undefined;
      // Under the order's lease, like a payment: a new attempt cancels this one first, never beside it.
      if (isAwaitingAuthentication(p) && (await takeLease(p.order_id, clock.now()))) {
        let settled = false;
        try {
          const shop = ctx.shopInfo(ctx.data());
          const result = await provider.completeAuthentication(transactionId, approved);
          const now = clock.now().toISOString();
          settled = await db.transaction().execute(async (trx) => {
            const extra = { ...additionalData(p), responseCode: result.responseCode, intentStatus: result.intentStatus, message: result.message };
            // Conditional: a second click, or a payment canceled meanwhile, changes nothing.
            const updated = await trx
              .updateTable('payments')
              .set({ status: result.status, additional_data: JSON.stringify(extra), updated_at: now })
              .where('id', '=', p.id)
              .where('status', '=', 'on_hold')
              .returningAll()
              .executeTakeFirst();
            if (!updated) return false;
            await settle(trx, p.order_id, updated, result, shop);
            return true;
          });
          if (settled && result.status === 'completed') deps.outbox.notify();
        } finally {
          if (!settled) await releaseLease(p.order_id);
        }
      }
      return verifyPath(p.method, transactionId, clientSecret);
    },

    /** POST /api/payment/:method/verify: the outcome of a payment, for the return page. */
    async verify(method: string, transactionId: string, clientSecret: string): Promise<VerifyResult> {
      const p = await paymentForSecret(transactionId, clientSecret);
      if (!p || p.method !== method) throw new ApiError(404, COMMERCE_TEXTS.notFound);
      const order = await db.selectFrom('orders').select(['id', 'order_increment_id']).where('id', '=', p.order_id).executeTakeFirstOrThrow();
      const extra = additionalData(p);
      const message = typeof extra.message === 'string' ? extra.message : undefined;
      const error =
        p.status === 'completed'
          ? undefined
          : isAwaitingAuthentication(p)
            ? PAYMENT_MESSAGES.additionalAuthentication
            : wasCanceledWhileWaiting(p)
              ? CANCELED_AUTHENTICATION
              : p.status === 'failed'
                ? message || PAYMENT_MESSAGES.failed
                : PAY_TEXTS.heldForReview;
      return {
        success: p.status === 'completed',
        ...(error ? { error } : {}),
        status: p.status,
        transactionId: p.transaction_id,
        transactionResponse: { amount: fromCents(p.amount_cents), ...(typeof extra.responseCode === 'number' ? { responseCode: extra.responseCode } : {}), ...(message ? { message } : {}) },
        metadata: { orderId: order.id, orderIncrementId: order.order_increment_id ?? String(order.id), paymentId: p.id },
      };
    },
  };
}

export type PaymentService = ReturnType<typeof paymentService>;
