/**
 * A quote paid with Stripe (the real SDK against the stand-in): the charge carries the quote's
 * ids; after 3-D Secure the webhook converts the quote even when the card holder never comes
 * back, and the intent gets the order's ids; the return page then answers with the same order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../commerce/testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createQuote } from '../quotes/quote-store.ts';
import { quoteInput } from '../quotes/testing.ts';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe-stand-in.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
let stripe: StripeStandIn;
afterEach(async () => {
  await t.close();
  await stripe.close();
});

const webhook = (payload: string, signature?: string) =>
  t.app.request('/api/payment/stripe/webhook', {
    method: 'POST',
    body: payload,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
  });

describe('a quote paid with Stripe', () => {
  it("3-D Secure, the card holder never returns: the webhook pays the quote's order once; the return page gives the same order", async () => {
    stripe = await startStripeStandIn({
      webhookMode: 'immediate',
      webhookTarget: async (payload, signature) => (await webhook(payload, signature)).status,
      // Signed by the shop's clock (created below).
      clock: { now: () => t.clock.now() },
    });
    t = await createTestServer({
      siteDir: FIXTURE_SHOP_DIR,
      dist: false,
      config: { origin: 'https://shop.test' },
      paymentEnv: {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
    });
    const { quote, token } = await createQuote(t.db, t.clock, quoteInput());
    const r = await send(t.app, 'POST', '/api/quote/pay', {
      quoteId: quote.id,
      token,
      paymentMethod: 'stripe',
      paymentToken: 'pm_card_authenticationRequired',
    });
    expect(r.status).toBe(202);
    expect(r.json.paymentIntent).toMatchObject({ id: expect.stringMatching(/^pi_/), status: 'requires_action' });
    const pi = r.json.paymentIntent.id as string;
    const create = stripe.requests.find((q) => q.method === 'POST' && q.path === '/v1/payment_intents')!;
    expect(create.body).toMatchObject({
      amount: '282129',
      currency: 'usd',
      return_url: 'https://shop.test/payment/verify/stripe',
    });
    // The quote pays through its order, written before the charge: the intent names both.
    const pending = await t.db.selectFrom('orders').select(['id', 'order_increment_id', 'status']).execute();
    expect(pending).toEqual([
      { id: expect.any(Number), order_increment_id: expect.any(String), status: 'pending_payment' },
    ]);
    expect(create.body.metadata).toEqual({
      orderId: String(pending[0]!.id),
      orderIncrementId: pending[0]!.order_increment_id,
      paymentId: expect.any(String),
      quoteId: String(quote.id),
      quoteIncrementId: quote.quoteIncrementId,
    });
    expect(
      await t.db.selectFrom('quotes').select('status').where('id', '=', quote.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'open' });

    const secret = r.json.paymentIntent.client_secret as string;
    await fetch(r.json.nextAction.url, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secret, decision: 'approve' }),
      redirect: 'manual',
    });
    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'order_increment_id', 'status', 'total_cents'])
      .execute();
    expect(orders).toEqual([
      { id: expect.any(Number), order_increment_id: expect.any(String), status: 'ordered', total_cents: 282129 },
    ]);
    expect(stripe.intents.get(pi)!.metadata).toMatchObject({
      orderId: String(orders[0]!.id),
      orderIncrementId: orders[0]!.order_increment_id,
      quoteId: String(quote.id),
    });

    const v = await send(t.app, 'POST', '/api/payment/stripe/verify', {
      paymentIntentId: pi,
      paymentIntentClientSecret: secret,
    });
    expect(v.json).toMatchObject({
      success: true,
      status: 'completed',
      metadata: {
        orderId: orders[0]!.id,
        orderIncrementId: orders[0]!.order_increment_id,
        quoteId: quote.id,
        quoteIncrementId: quote.quoteIncrementId,
      },
    });
    expect(
      await t.db.selectFrom('quotes').select('status').where('id', '=', quote.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'paid' });
    const c = await send(t.app, 'POST', '/api/quote/convertToOrder', {
      quoteId: quote.id,
      token,
      payment: { transactionId: pi, method: 'stripe' },
    });
    expect(c.json.order.id).toBe(orders[0]!.id);
    expect(await t.db.selectFrom('orders').selectAll().execute()).toHaveLength(1);
    expect((await t.db.selectFrom('email_outbox').select('kind').execute()).map((m) => m.kind).sort()).toEqual([
      'order-confirmation',
      'order-confirmation-admin',
    ]);
  });
});
