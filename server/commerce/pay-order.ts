/** The pay step of one order (see pay.ts): lease, recover lost attempts, write the attempt, charge, settle. */
import { PAYMENT_MESSAGES } from '../../engine/node.ts';
import { durableSince } from '../db/durable.ts';
import type { OrderRow, PaymentRow } from '../db/schema.ts';
import type { ChargeResult } from '../payments/provider.ts';
import { COMMERCE_TEXTS, isHeldForReview, type CommerceContext } from './context.ts';
import { crashPoint } from './crash-point.ts';
import { CommerceError } from './errors.ts';
import { incrementIdFor, orderParties, loadOrderView } from './order-store.ts';
import type { OrderService } from './orders.ts';
import { heldAnswer, outcome, type PayOutcome, type Settled } from './pay-answer.ts';
import { askProvider, chargeMetadata } from './pay-ask.ts';
import { attemptKey, verifyPath, type PayOrderRequest } from './pay-attempt.ts';
import { changeMethod, leaseForPayment, newPayment } from './pay-lease.ts';
import { lostAttemptResult } from './pay-recover.ts';
import { releaseLeaseOf, settlePayment } from './pay-settle.ts';

/**
 * Finishes an attempt whose answer was lost (see "recover" in pay.ts). The caller holds the
 * order's lease, so no pay step of this order runs meanwhile. Throws when the provider cannot
 * be asked now (the attempt stays for the next try).
 */
export async function recoverAttempt(ctx: CommerceContext, p: PaymentRow, row: OrderRow): Promise<Settled> {
  const result = await lostAttemptResult(ctx.deps.providers[p.gateway], p, row);
  return (await settlePayment(ctx, p.gateway, result, { paymentId: p.id }))!;
}

/**
 * Recovers the lost attempts before a new charge: one that was paid (or waits for a person) is
 * the answer (a held answer returned, a conflict thrown); undefined when all of them failed.
 */
async function recoverLost(ctx: CommerceContext, row: OrderRow, lost: PaymentRow[]): Promise<PayOutcome | undefined> {
  for (const p of lost) {
    const s = await askProvider(ctx, `looking up payment ${p.id} at ${p.gateway}`, () => recoverAttempt(ctx, p, row));
    if (s.payment.status === 'completed') throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
    if (isHeldForReview(s.payment)) return heldAnswer(s.payment, s.order);
    if (s.payment.status !== 'failed') throw new CommerceError('conflict', COMMERCE_TEXTS.underReview);
  }
  return undefined;
}

/** A new attempt once open authentications are canceled (the lease is held). */
async function freshAttempt(
  ctx: CommerceContext,
  orders: OrderService,
  req: PayOrderRequest,
  row: OrderRow,
  now: string,
): Promise<PaymentRow> {
  await orders.cancelAtProviders(await orders.cancelPendingAuthentications(ctx.db, row.id, now));
  return ctx.db.transaction().execute(async (trx) => {
    await changeMethod(trx, row, req.method);
    return newPayment(trx, row, req.method, req.provider.gateway, now);
  });
}

/** The provider charges the attempt; no answer at all is a failed charge. */
async function chargeAttempt(
  ctx: CommerceContext,
  req: PayOrderRequest,
  row: OrderRow,
  payment: PaymentRow,
): Promise<ChargeResult> {
  const { deps } = ctx;
  const increment = row.order_increment_id ?? incrementIdFor(row.id);
  const parties = await orderParties(ctx.db, row.id);
  try {
    return await req.provider.charge({
      amountCents: row.total_cents,
      currency: row.order_currency_code.toLowerCase(),
      token: req.paymentToken,
      orderId: row.id,
      orderIncrementId: increment,
      paymentId: payment.id,
      email: row.email,
      description: req.description ?? `${deps.shop.siteName} order #${increment}`,
      idempotencyKey: attemptKey(row.id, payment.id),
      returnUrl: `${deps.shop.origin}${verifyPath(req.method.name)}`,
      metadata: chargeMetadata(row, payment.id, req.metadata),
      ...parties,
    });
  } catch (e) {
    deps.log.error(`checkout: payment provider ${req.provider.gateway} failed for order ${row.id}:`, e);
    return { status: 'failed', transactionId: null, message: PAYMENT_MESSAGES.processingError };
  }
}

/**
 * One charge of an order the caller opened (the order token, or a quote link, proved the
 * right to pay it): lease, recover lost attempts, write the attempt, charge, settle.
 */
export async function payOrder(
  ctx: CommerceContext,
  orders: OrderService,
  leaseMs: number,
  req: PayOrderRequest,
): Promise<PayOutcome> {
  const { db, clock } = ctx;
  const { provider } = req;
  const durable = durableSince(db);
  const start = clock.now();
  const now = start.toISOString();
  const leased = await leaseForPayment(ctx, leaseMs, req, start, now);
  if ('held' in leased) return heldAnswer(leased.held, (await loadOrderView(db, leased.held.order_id))!);
  const { row } = leased;

  let settled: Settled | undefined;
  try {
    let payment = leased.payment;
    if (!payment) {
      const answer = await recoverLost(ctx, row, leased.lost);
      if (answer) return answer;
      payment = await freshAttempt(ctx, orders, req, row, now);
    }
    // The attempt must outlive any charge it makes: a provider outside this database is
    // called only once the payment row is durable (the reconciler finds the charge by it).
    if (!provider.local) await durable();
    await crashPoint('payment-written', db);
    const result = await chargeAttempt(ctx, req, row, payment);
    await crashPoint('provider-charged', db);
    settled = await settlePayment(ctx, provider.gateway, result, { paymentId: payment.id, releaseLease: true });
    await crashPoint('settle-committed', db);
    return outcome(settled!, result);
  } finally {
    // settle released the lease with the outcome; this covers a failure before it.
    if (!settled) await releaseLeaseOf.run(db, { id: row.id });
  }
}
