/**
 * The payment requests of the API on the pay steps (pay.ts): pay, capture, a provider's
 * webhook, an open transaction's update, retrieve, and the return page's verify.
 */
import { PAYMENT_MESSAGES } from '../../engine/node.ts';
import type { WebhookEvent } from '../payments/provider.ts';
import { COMMERCE_TEXTS, type CommerceContext, wasCanceledWhileWaiting } from './context.ts';
import { CommerceError } from './errors.ts';
import { outcome, verifyAnswer, type PayOutcome, type VerifyResult } from './pay-answer.ts';
import { attemptKey } from './pay-attempt.ts';
import { chargeMetadata } from './pay-ask.ts';
import { paymentForSecret, paymentOfTransaction, providerOf, type PayRequest, type paymentSteps } from './pay.ts';
import type { ChargeResult } from '../payments/provider.ts';

export function paymentRequests(ctx: CommerceContext, steps: ReturnType<typeof paymentSteps>) {
  const { db, clock, deps } = ctx;
  const { settle, refresh, ask, payOrder } = steps;
  return {
    /** POST /api/order/pay (and the card provider's payment-intent call): charges the order's total once. */
    async pay(req: PayRequest): Promise<PayOutcome> {
      const authorized = await ctx.authorize(req.id, req.token);
      if (authorized.status === 'ordered') throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
      const { method, provider } = ctx.requirePaymentMethod(ctx.data(), req.paymentMethod ?? authorized.payment_method);
      return payOrder({ orderId: authorized.id, method, provider, paymentToken: req.paymentToken });
    },

    /** Captures an authorized payment of the order (intent requires_capture), then settles what the provider says. */
    async capture(orderId: number, token: string | undefined, transactionId: string): Promise<PayOutcome> {
      const order = await ctx.authorize(orderId, token);
      const p = await paymentOfTransaction.first(db, { orderId: order.id, transactionId });
      if (!p) throw new CommerceError('not-found', COMMERCE_TEXTS.notFound);
      const provider = providerOf(ctx, p);
      if (!provider.capture) throw new CommerceError('invalid', PAYMENT_MESSAGES.notAvailable);
      const capture = provider.capture.bind(provider);
      const result = await ask(`capturing ${transactionId} at ${p.gateway}`, () =>
        capture(transactionId, attemptKey(order.id, p.id, 'capture')),
      );
      return outcome((await settle(p.gateway, result, { paymentId: p.id }))!, result);
    },

    /**
     * A provider's webhook event, its signature checked: settles what it reports about a
     * payment of the shop. Every event id is stored; a replay changes nothing.
     */
    async webhook(gateway: string, event: WebhookEvent): Promise<{ received: true; duplicate?: true }> {
      const seen = await db
        .selectFrom('payment_events')
        .select('event_id')
        .where('gateway', '=', gateway)
        .where('event_id', '=', event.id)
        .executeTakeFirst();
      if (seen) return { received: true, duplicate: true };
      if (event.result && !(await settle(gateway, event.result)))
        deps.log.error(
          `${gateway} webhook: ${event.type} for ${event.result.transactionId}: no payment of this shop has it`,
        );
      await db
        .insertInto('payment_events')
        .values({ gateway, event_id: event.id, type: event.type, processed_at: clock.now().toISOString() })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { received: true };
    },

    /** The order's current total and ids on its payment's open transaction (a page that changed the cart before authenticating). */
    async updateOpen(
      orderId: number,
      token: string | undefined,
      transactionId: string,
      gateway: string,
    ): Promise<ChargeResult> {
      const row = await ctx.authorize(orderId, token);
      const p = await paymentOfTransaction.first(db, { orderId: row.id, transactionId, gateway });
      if (!p) throw new CommerceError('not-found', COMMERCE_TEXTS.notFound);
      if (p.status === 'completed') throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
      const provider = providerOf(ctx, p);
      if (!provider.update) throw new CommerceError('invalid', PAYMENT_MESSAGES.notAvailable);
      const update = provider.update.bind(provider);
      const metadata = chargeMetadata(row, p.id);
      const r = await ask(`updating ${transactionId} at ${gateway}`, () =>
        update(
          transactionId,
          { amountCents: row.total_cents, metadata, receiptEmail: row.email },
          attemptKey(row.id, p.id, `update-${row.total_cents}`),
        ),
      );
      await db
        .updateTable('payments')
        .set({ amount_cents: row.total_cents, updated_at: clock.now().toISOString() })
        .where('id', '=', p.id)
        .execute();
      return r;
    },

    /** The order's payment of this transaction, retrieved again from the provider and settled. */
    async retrieve(orderId: number, token: string | undefined, transactionId: string): Promise<PayOutcome> {
      const order = await ctx.authorize(orderId, token);
      const p = await paymentOfTransaction.first(db, { orderId: order.id, transactionId });
      if (!p) throw new CommerceError('not-found', COMMERCE_TEXTS.notFound);
      const provider = providerOf(ctx, p);
      const result = await ask(`retrieving ${transactionId} from ${p.gateway}`, () => provider.retrieve(transactionId));
      return outcome((await settle(p.gateway, result, { paymentId: p.id }))!, result);
    },

    /** POST /api/payment/:method/verify: the return page's step 1; the server asks the provider itself. */
    async verify(method: string, transactionId: string, clientSecret: string): Promise<VerifyResult> {
      const found = await paymentForSecret(db, transactionId, clientSecret);
      if (!found || found.method !== method) throw new CommerceError('not-found', COMMERCE_TEXTS.notFound);
      let p = found;
      if (!wasCanceledWhileWaiting(found)) {
        p = (await refresh(found)).payment;
      }
      const order = await db
        .selectFrom('orders')
        .select(['id', 'order_increment_id', 'quote_id'])
        .where('id', '=', p.order_id)
        .executeTakeFirstOrThrow();
      const quote =
        order.quote_id === null
          ? undefined
          : await db
              .selectFrom('quotes')
              .select(['id', 'quote_increment_id'])
              .where('id', '=', order.quote_id)
              .executeTakeFirst();
      return verifyAnswer(p, order, quote);
    },
  };
}
