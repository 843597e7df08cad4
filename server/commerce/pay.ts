/**
 * Paying an order, the same for every provider and for checkout orders and quote links alike:
 * the browser got a token from the gateway's own script; this code never sees a card.
 *
 * pay:
 * 1. The order is opened (by its order token, or by a quote link for a quote's order); a paid
 *    order or one being paid is refused. An order whose payment is held for review is placed:
 *    any later request to pay it (a replay, a second tab, another card) gets that payment's
 *    answer again and charges nothing. A lease on the order keeps two pay steps (or a pay step
 *    and the reconciler) from both charging.
 * 2. A payment row is written first (pending, the server's total in cents): its id goes to the
 *    provider as metadata and makes the idempotency key (`order-{id}-payment-{paymentId}-charge`).
 * 3. The provider charges the token; its answer goes through settle.
 *
 * settle (one idempotent step, keyed by the provider's transaction id, used by the pay call, the
 * verify page, the webhook and the reconciler alike): the payment takes the provider's status
 * with a conditional update, so of two callers bringing the same news only one changes
 * anything. The one that completes the payment marks the order ordered (and its quote paid),
 * writes the history entry and queues the customer and admin e-mails in the same transaction.
 * A completed payment never goes back; a provider amount that differs from the stored one
 * never completes an order.
 *
 * recover: a payment still pending without a transaction id once its lease has passed is an
 * attempt whose answer was lost (the server died between writing it and settling). The
 * provider is asked what became of it by our reference (`find`, which never charges): a charge
 * it made is settled as any answer; one it never saw fails, and the order can be paid again.
 * The next pay step does this first, and the reconciler does it for orders nobody retries.
 *
 * A declined card leaves the order pending_payment; the next attempt pays the same order.
 */
import type { Insertable, Transaction } from 'kysely';
import { PAYMENT_MESSAGES } from '../../engine/node.ts';
import { fields, prepared } from '../db/prepared.ts';
import type { Database, Db, OrderRow, PaymentRow, PaymentsTable } from '../db/schema.ts';
import { CommerceError } from './errors.ts';
import type { ChargeResult, PaymentProvider } from '../payments/provider.ts';
import {
  COMMERCE_TEXTS,
  isAwaitingAuthentication,
  isHeldForReview,
  isStranded,
  type CommerceContext,
} from './context.ts';
import { crashPoint } from './crash-point.ts';
import { durableSince } from '../db/durable.ts';
import { assertPaymentAttemptsLeft } from './pay-limits.ts';
import { incrementIdFor, orderParties, loadOrderView } from './order-store.ts';
import { hashOrderToken } from './order-token.ts';
import { sameHash } from '../tokens.ts';
import type { OrderService } from './orders.ts';
import { paymentRequests } from './pay-requests.ts';
import { attemptKey, verifyPath } from './pay-attempt.ts';
import { heldAnswer, outcome, type PayOutcome, type Settled } from './pay-answer.ts';
import { lostAttemptResult } from './pay-recover.ts';
import { releaseLeaseOf, settlePayment } from './pay-settle.ts';

export { attemptKey } from './pay-attempt.ts';
export type { PayOutcome, VerifyResult } from './pay-answer.ts';

/** How long a pay request holds the order by default (longer than any provider call: their timeouts are 20 s). */
export const PAYMENT_LEASE_MS = 60_000;

export interface PayRequest {
  id: number;
  token?: string;
  paymentMethod?: string;
  /** The gateway's token for the card (never a card number). */
  paymentToken: string;
}

/** One charge of an order the caller has opened (by its order token, or a quote's link). */
export interface PayOrderRequest {
  orderId: number;
  method: { name: string; title: string };
  provider: PaymentProvider;
  paymentToken: string;
  /** What the charge is for, as the provider shows it ("Hearthline order #100000007"). */
  description?: string;
  /** More metadata for the provider beside the order's ids (a quote's quoteId, quoteIncrementId). */
  metadata?: Record<string, string>;
}

// The pay step's statements, compiled once (server/db/prepared.ts).
const leaseOrder = prepared((db, $: { id: number; until: string; now: string }) =>
  db
    .updateTable('orders')
    .set({ payment_lock_until: $.until })
    .where('id', '=', $.id)
    .where('status', '!=', 'ordered')
    .where((eb) => eb.or([eb('payment_lock_until', 'is', null), eb('payment_lock_until', '<=', $.now)]))
    .returningAll(),
);
/** The order's payment of a provider transaction (of one gateway, when named). */
export const paymentOfTransaction = prepared(
  (db, $: { orderId: number; transactionId: string; gateway?: string }, like) => {
    const q = db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', $.orderId)
      .where('transaction_id', '=', $.transactionId);
    return like.gateway === undefined ? q : q.where('gateway', '=', $.gateway!);
  },
  (p) => (p.gateway === undefined ? 0 : 1),
);
const setPaymentMethod = prepared((db, $: { id: number; method: string; label: string }) =>
  db.updateTable('orders').set({ payment_method: $.method, payment_method_label: $.label }).where('id', '=', $.id),
);
const insertPayment = prepared((db, $: Insertable<PaymentsTable>, like) =>
  db
    .insertInto('payments')
    .values(fields($, Object.keys(like) as (keyof typeof like)[]))
    .returningAll(),
);

/** A payment held for review, found where a new charge would start: it ends the lease's transaction. */
class HeldPayment extends Error {
  constructor(readonly payment: PaymentRow) {
    super(`payment ${payment.id} is held for review`);
  }
}

/** The provider's metadata of one attempt: the order's ids, and the caller's (a quote's). */
export const chargeMetadata = (
  row: OrderRow,
  paymentId: number,
  extra?: Record<string, string>,
): Record<string, string> => ({
  orderId: String(row.id),
  orderIncrementId: row.order_increment_id ?? incrementIdFor(row.id),
  paymentId: String(paymentId),
  ...extra,
});

/** A new attempt of the order: pending, for the order's total. */
const newPayment = (
  trx: Transaction<Database>,
  row: OrderRow,
  method: { name: string; title: string },
  gateway: string,
  now: string,
) =>
  insertPayment.first(trx, {
    order_id: row.id,
    method: method.name,
    method_label: method.title,
    gateway,
    status: 'pending',
    state: 'created',
    amount_cents: row.total_cents,
    transaction_id: null,
    client_secret_hash: null,
    additional_data: JSON.stringify({ gateway }),
    created_at: now,
    updated_at: now,
  }) as Promise<PaymentRow>;

/** The order's payment method becomes the one of this attempt. */
async function changeMethod(trx: Transaction<Database>, row: OrderRow, method: { name: string; title: string }) {
  if (method.name !== row.payment_method)
    await setPaymentMethod.run(trx, { id: row.id, method: method.name, label: method.title });
}

/** The provider of a stored payment (503 when this server no longer has it). */
export function providerOf(ctx: CommerceContext, p: PaymentRow): PaymentProvider {
  const provider = ctx.deps.providers[p.gateway];
  if (!provider) throw new CommerceError('unavailable', PAYMENT_MESSAGES.notAvailable);
  return provider;
}

/** The payment of a return link, when the secret is its client secret. */
export async function paymentForSecret(
  db: Db,
  transactionId: string,
  clientSecret: string,
): Promise<PaymentRow | undefined> {
  if (!transactionId || !clientSecret) return undefined;
  const p = await db.selectFrom('payments').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
  return p?.client_secret_hash && sameHash(p.client_secret_hash, hashOrderToken(clientSecret)) ? p : undefined;
}

/** The pay machinery: leases, provider calls, settle, recovery and the pay step itself. */
export function paymentSteps(ctx: CommerceContext, orders: OrderService) {
  const { db, clock, deps } = ctx;
  const leaseMs = deps.paymentLeaseMs ?? PAYMENT_LEASE_MS;
  const settle = (gateway: string, result: ChargeResult, o: { paymentId?: number; releaseLease?: boolean } = {}) =>
    settlePayment(ctx, gateway, result, o);

  /**
   * Holds the order for one payment step and returns it as it now is (a change that committed
   * before counts); undefined when another step holds it or the order is paid.
   */
  function takeLease(trx: Transaction<Database>, orderId: number, now: Date): Promise<OrderRow | undefined> {
    return leaseOrder.first(trx, {
      id: orderId,
      until: new Date(now.getTime() + leaseMs).toISOString(),
      now: now.toISOString(),
    }) as Promise<OrderRow | undefined>;
  }

  const releaseLease = (orderId: number) => releaseLeaseOf.run(db, { id: orderId });

  /**
   * A provider call outside the pay step: its refusal (a 4xx, e.g. an intent in the wrong state)
   * is a 422 with its message; no answer at all is a 502. Never a 500.
   */
  async function ask<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (e) {
      if (e instanceof CommerceError) throw e;
      const status = (e as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500)
        throw new CommerceError('invalid', (e as Error).message || PAYMENT_MESSAGES.error);
      deps.log.error(`checkout: ${what} failed:`, e);
      throw new CommerceError('provider-failed', PAYMENT_MESSAGES.processingError);
    }
  }

  /** Asks the provider for the transaction and settles what it says (never what a caller says). */
  async function refresh(p: PaymentRow): Promise<Settled> {
    if (!p.transaction_id) return { payment: p, order: (await loadOrderView(db, p.order_id))!, changed: false };
    const provider = providerOf(ctx, p);
    const result = await ask(`retrieving ${p.transaction_id} from ${p.gateway}`, () =>
      provider.retrieve(p.transaction_id!),
    );
    return (await settle(p.gateway, result, { paymentId: p.id }))!;
  }

  /**
   * Finishes an attempt whose answer was lost (see "recover" above). The caller holds the
   * order's lease, so no pay step of this order runs meanwhile. Throws when the provider cannot
   * be asked now (the attempt stays for the next try).
   */
  async function recover(p: PaymentRow, row: OrderRow): Promise<Settled> {
    const result = await lostAttemptResult(deps.providers[p.gateway], p, row);
    return (await settle(p.gateway, result, { paymentId: p.id }))!;
  }

  /** A lease's transaction; a payment held for review found under it ends it (rolled back) as the held answer. */
  async function leaseTransaction<T>(
    work: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T | { held: PaymentRow }> {
    try {
      return await db.transaction().execute(work);
    } catch (e) {
      if (e instanceof HeldPayment) return { held: e.payment };
      throw e;
    }
  }

  /**
   * Takes the order's lease for one pay step and checks the order under it (a refusal rolls the
   * lease back with it): the order as it is under the lease, whose total is what gets charged,
   * with its pending payment written, or the lost attempts to recover first. A conflict when
   * another step holds the order or it is paid.
   */
  async function leaseForPayment(req: PayOrderRequest, start: Date, now: string) {
    const { method, provider } = req;
    const leased = await leaseTransaction(async (trx) => {
      const row = await takeLease(trx, req.orderId, start);
      if (!row) return undefined;
      // Under the lease, so no other payment of this order can start or finish meanwhile.
      const existing = await ctx.assertOpen({ ...row, payment_lock_until: null }, trx, {
        stranded: 'allow',
        held: 'allow',
      });
      // Held for review: the order is placed. Its answer again, the lease rolled back with this transaction.
      const held = existing.find(isHeldForReview);
      if (held) throw new HeldPayment(held);
      await assertPaymentAttemptsLeft(ctx, row.id, existing);
      // An authentication left open must not complete beside this payment, and a lost attempt
      // must be known before another charge: both ask a provider, so the lease commits alone
      // first (rare: when there is neither, nothing more is written).
      const lost = existing.filter(isStranded);
      if (lost.length || existing.some(isAwaitingAuthentication)) return { row, payment: undefined, lost };
      await changeMethod(trx, row, method);
      return { row, payment: await newPayment(trx, row, method, provider.gateway, now), lost };
    });
    if (!leased) {
      const current = await db.selectFrom('orders').select('status').where('id', '=', req.orderId).executeTakeFirst();
      throw new CommerceError(
        'conflict',
        current?.status === 'ordered' ? COMMERCE_TEXTS.alreadyPaid : COMMERCE_TEXTS.inProgress,
      );
    }
    return leased;
  }

  /**
   * One charge of an order the caller opened (the order token, or a quote link, proved the
   * right to pay it): lease, recover lost attempts, write the attempt, charge, settle.
   */
  async function payOrder(req: PayOrderRequest): Promise<PayOutcome> {
    const { method, provider } = req;
    const durable = durableSince(db);
    const start = clock.now();
    const now = start.toISOString();
    const leased = await leaseForPayment(req, start, now);
    if ('held' in leased) return heldAnswer(leased.held, (await loadOrderView(db, leased.held.order_id))!);
    const { row } = leased;

    let settled: Settled | undefined;
    let result: ChargeResult | undefined;
    try {
      let payment = leased.payment;
      if (!payment) {
        for (const p of leased.lost) {
          const s = await ask(`looking up payment ${p.id} at ${p.gateway}`, () => recover(p, row));
          // The lost attempt was paid (or is waiting for a person): that is the answer.
          if (s.payment.status === 'completed') throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
          if (isHeldForReview(s.payment)) return heldAnswer(s.payment, s.order);
          if (s.payment.status !== 'failed') throw new CommerceError('conflict', COMMERCE_TEXTS.underReview);
        }
        await orders.cancelAtProviders(await orders.cancelPendingAuthentications(db, row.id, now));
        payment = await db.transaction().execute(async (trx) => {
          await changeMethod(trx, row, method);
          return newPayment(trx, row, method, provider.gateway, now);
        });
      }
      // The attempt must outlive any charge it makes: a provider outside this database is
      // called only once the payment row is durable (the reconciler finds the charge by it).
      if (!provider.local) await durable();
      await crashPoint('payment-written', db);
      const increment = row.order_increment_id ?? incrementIdFor(row.id);
      const parties = await orderParties(db, row.id);
      try {
        result = await provider.charge({
          amountCents: row.total_cents,
          currency: row.order_currency_code.toLowerCase(),
          token: req.paymentToken,
          orderId: row.id,
          orderIncrementId: increment,
          paymentId: payment.id,
          email: row.email,
          description: req.description ?? `${deps.shop.siteName} order #${increment}`,
          idempotencyKey: attemptKey(row.id, payment.id),
          returnUrl: `${deps.shop.origin}${verifyPath(method.name)}`,
          metadata: chargeMetadata(row, payment.id, req.metadata),
          ...parties,
        });
      } catch (e) {
        deps.log.error(`checkout: payment provider ${provider.gateway} failed for order ${row.id}:`, e);
        result = { status: 'failed', transactionId: null, message: PAYMENT_MESSAGES.processingError };
      }
      await crashPoint('provider-charged', db);
      settled = await settle(provider.gateway, result, { paymentId: payment.id, releaseLease: true });
      await crashPoint('settle-committed', db);
      return outcome(settled!, result);
    } finally {
      // settle released the lease with the outcome; this covers a failure before it.
      if (!settled) await releaseLease(row.id);
    }
  }

  return {
    settle,
    refresh,
    ask,
    recover,
    payOrder,
    takeLease,
    releaseLease,
    leaseMs,
  };
}

export function paymentService(ctx: CommerceContext, orders: OrderService) {
  const steps = paymentSteps(ctx, orders);
  return { ...steps, ...paymentRequests(ctx, steps) };
}
