/**
 * The payment requests of the API on the pay steps (pay.ts): pay, capture, a provider's
 * webhook, an open transaction's update, retrieve, and the return page's verify. Each is a
 * function of the context and the steps it uses; paymentRequests binds them.
 */
import { PAYMENT_MESSAGES } from '../../engine/node.ts';
import type { PaymentRow } from '../db/schema.ts';
import type { ChargeResult, WebhookEvent } from '../payments/provider.ts';
import { COMMERCE_TEXTS, type CommerceContext, wasCanceledWhileWaiting } from './context.ts';
import { CommerceError } from './errors.ts';
import { outcome, verifyAnswer, type PayOutcome, type Settled, type VerifyResult } from './pay-answer.ts';
import { chargeMetadata } from './pay-ask.ts';
import { attemptKey, type PayOrderRequest } from './pay-attempt.ts';
import { paymentForSecret, paymentOfTransaction, providerOf } from './pay-lookup.ts';

export interface PayRequest {
  id: number;
  token?: string;
  paymentMethod?: string;
  /** The gateway's token for the card (never a card number). */
  paymentToken: string;
}

/** The pay steps the requests use (pay.ts's paymentSteps). */
export interface PaySteps {
  settle(gateway: string, result: ChargeResult, o?: { paymentId?: number }): Promise<Settled | undefined>;
  refresh(p: PaymentRow): Promise<Settled>;
  ask<T>(what: string, call: () => Promise<T>): Promise<T>;
  payOrder(req: PayOrderRequest): Promise<PayOutcome>;
}

/** The order's payment of this transaction, its order opened by the order token (404 when it has none). */
async function openPayment(
  ctx: CommerceContext,
  where: { orderId: number; token: string | undefined; transactionId: string; gateway?: string },
) {
  const order = await ctx.authorize(where.orderId, where.token);
  const p = await paymentOfTransaction.first(ctx.db, {
    orderId: order.id,
    transactionId: where.transactionId,
    ...(where.gateway === undefined ? {} : { gateway: where.gateway }),
  });
  if (!p) throw new CommerceError('not-found', COMMERCE_TEXTS.notFound);
  return { order, p };
}

/** POST /api/order/pay (and the card provider's payment-intent call): charges the order's total once. */
async function pay(ctx: CommerceContext, steps: PaySteps, req: PayRequest): Promise<PayOutcome> {
  const authorized = await ctx.authorize(req.id, req.token);
  if (authorized.status === 'ordered') throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
  const { method, provider } = ctx.requirePaymentMethod(ctx.data(), req.paymentMethod ?? authorized.payment_method);
  return steps.payOrder({ orderId: authorized.id, method, provider, paymentToken: req.paymentToken });
}

/** Captures an authorized payment of the order, then settles what the provider says. */
async function capture(
  ctx: CommerceContext,
  steps: PaySteps,
  orderId: number,
  token: string | undefined,
  transactionId: string,
): Promise<PayOutcome> {
  const { order, p } = await openPayment(ctx, { orderId, token, transactionId });
  const provider = providerOf(ctx, p);
  if (!provider.capture) throw new CommerceError('invalid', PAYMENT_MESSAGES.notAvailable);
  const call = provider.capture.bind(provider);
  const result = await steps.ask(`capturing ${transactionId} at ${p.gateway}`, () =>
    call(transactionId, attemptKey(order.id, p.id, 'capture')),
  );
  return outcome((await steps.settle(p.gateway, result, { paymentId: p.id }))!, result);
}

/**
 * A provider's webhook event, its signature checked: settles what it reports about a payment of
 * the shop. Every event id is stored; a replay changes nothing.
 */
async function webhook(
  ctx: CommerceContext,
  steps: PaySteps,
  gateway: string,
  event: WebhookEvent,
): Promise<{ received: true; duplicate?: true }> {
  const { db } = ctx;
  const seen = await db
    .selectFrom('payment_events')
    .select('event_id')
    .where('gateway', '=', gateway)
    .where('event_id', '=', event.id)
    .executeTakeFirst();
  if (seen) return { received: true, duplicate: true };
  if (event.result && !(await steps.settle(gateway, event.result)))
    ctx.deps.log.error(
      `${gateway} webhook: ${event.type} for ${event.result.transactionId}: no payment of this shop has it`,
    );
  await db
    .insertInto('payment_events')
    .values({ gateway, event_id: event.id, type: event.type, processed_at: ctx.clock.now().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { received: true };
}

/** The order's current total and ids on its payment's open transaction (a page that changed the cart before authenticating). */
async function updateOpen(
  ctx: CommerceContext,
  steps: PaySteps,
  orderId: number,
  token: string | undefined,
  transactionId: string,
  gateway: string,
): Promise<ChargeResult> {
  const { order: row, p } = await openPayment(ctx, { orderId, token, transactionId, gateway });
  if (p.status === 'completed') throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
  const provider = providerOf(ctx, p);
  if (!provider.update) throw new CommerceError('invalid', PAYMENT_MESSAGES.notAvailable);
  const update = provider.update.bind(provider);
  const metadata = chargeMetadata(row, p.id);
  const r = await steps.ask(`updating ${transactionId} at ${gateway}`, () =>
    update(
      transactionId,
      { amountCents: row.total_cents, metadata, receiptEmail: row.email },
      attemptKey(row.id, p.id, `update-${row.total_cents}`),
    ),
  );
  await ctx.db
    .updateTable('payments')
    .set({ amount_cents: row.total_cents, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', p.id)
    .execute();
  return r;
}

/** The order's payment of this transaction, retrieved again from the provider and settled. */
async function retrieve(
  ctx: CommerceContext,
  steps: PaySteps,
  orderId: number,
  token: string | undefined,
  transactionId: string,
): Promise<PayOutcome> {
  const { p } = await openPayment(ctx, { orderId, token, transactionId });
  const provider = providerOf(ctx, p);
  const result = await steps.ask(`retrieving ${transactionId} from ${p.gateway}`, () =>
    provider.retrieve(transactionId),
  );
  return outcome((await steps.settle(p.gateway, result, { paymentId: p.id }))!, result);
}

/** POST /api/payment/:method/verify: the return page's step 1; the server asks the provider itself. */
async function verify(
  ctx: CommerceContext,
  steps: PaySteps,
  method: string,
  transactionId: string,
  clientSecret: string,
): Promise<VerifyResult> {
  const found = await paymentForSecret(ctx.db, transactionId, clientSecret);
  if (!found || found.method !== method) throw new CommerceError('not-found', COMMERCE_TEXTS.notFound);
  const p = wasCanceledWhileWaiting(found) ? found : (await steps.refresh(found)).payment;
  const order = await ctx.db
    .selectFrom('orders')
    .select(['id', 'order_increment_id', 'quote_id'])
    .where('id', '=', p.order_id)
    .executeTakeFirstOrThrow();
  return verifyAnswer(p, order, await ctx.orderRefs(order));
}

export function paymentRequests(ctx: CommerceContext, steps: PaySteps) {
  return {
    pay: (req: PayRequest) => pay(ctx, steps, req),
    capture: (orderId: number, token: string | undefined, transactionId: string) =>
      capture(ctx, steps, orderId, token, transactionId),
    webhook: (gateway: string, event: WebhookEvent) => webhook(ctx, steps, gateway, event),
    updateOpen: (orderId: number, token: string | undefined, transactionId: string, gateway: string) =>
      updateOpen(ctx, steps, orderId, token, transactionId, gateway),
    retrieve: (orderId: number, token: string | undefined, transactionId: string) =>
      retrieve(ctx, steps, orderId, token, transactionId),
    verify: (method: string, transactionId: string, clientSecret: string) =>
      verify(ctx, steps, method, transactionId, clientSecret),
  };
}
