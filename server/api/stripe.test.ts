/**
 * Stripe end to end on the server: the real `stripe` SDK, pointed by STRIPE_API_URL at the
 * local stand-in that speaks Stripe's wire format (server/testing/stripe-stand-in.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { placeOrder, send } from '../commerce/testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe-stand-in.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
let stripe: StripeStandIn;
afterEach(async () => {
  await t.close();
  await stripe.close();
});

async function setup(webhookMode: 'immediate' | 'manual' = 'manual') {
  stripe = await startStripeStandIn({
    webhookMode,
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
}

const webhook = (payload: string, signature?: string) =>
  t.app.request('/api/payment/stripe/webhook', {
    method: 'POST',
    body: payload,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
  });

const intent = (body: Record<string, unknown>) =>
  send(t.app, 'POST', '/api/payment/stripe/payment-intent', { currency: 'usd', ...body });
const creates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
const outbox = () => t.db.selectFrom('email_outbox').select(['kind', 'to']).orderBy('id').execute();
const orderRows = () => t.db.selectFrom('orders').select(['id', 'status', 'total_cents']).execute();

describe('Stripe PaymentIntents through the stand-in', () => {
  it('charges the server total in cents with the order ids as metadata and an idempotency key per attempt', async () => {
    await setup();
    const { id, token, order } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({
      orderId: id,
      token,
      paymentMethodId: 'pm_card_visa',
      amount: order.total,
      receiptEmail: 'jane@example.com',
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      success: true,
      message: 'Payment successful',
      status: 'completed',
      paymentIntent: {
        id: expect.stringMatching(/^pi_/),
        status: 'succeeded',
        client_secret: expect.stringMatching(/_secret_/),
      },
    });
    expect(r.json.order).toMatchObject({ id, status: 'ordered', total: 16.02 });

    const [create, ...more] = creates();
    expect(more).toEqual([]);
    expect(create!.auth).toBe('secret');
    expect(create!.body).toMatchObject({
      amount: '1602',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      return_url: 'https://shop.test/payment/verify/stripe',
    });
    expect(create!.body.metadata).toEqual({
      orderId: String(id),
      orderIncrementId: '100000001',
      paymentId: String(r.json.payment.id),
    });
    expect(create!.idempotencyKey).toBe(`order-${id}-payment-${r.json.payment.id}-charge`);
    expect(stripe.intents.get(r.json.paymentIntent.id)!.amount).toBe((await orderRows())[0]!.total_cents);
    expect((await outbox()).map((m) => m.kind).sort()).toEqual(['order-confirmation', 'order-confirmation-admin']);

    // Retrieved again by the server: nothing changes.
    const again = await send(t.app, 'POST', '/api/payment/stripe/payment-intent/retrieve', {
      orderId: id,
      token,
      paymentIntentId: r.json.paymentIntent.id,
    });
    expect(again.json).toMatchObject({ success: true, status: 'completed', paymentIntent: { status: 'succeeded' } });
    expect(await outbox()).toHaveLength(2);
  });

  it('refuses a client amount of 0.01 (or any other than the total) with 422, before Stripe is called', async () => {
    await setup();
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({ orderId: id, token, paymentMethodId: 'pm_card_visa', amount: 0.01 });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      success: false,
      message: 'The amount does not match the order total.',
      errors: { amount: 'The amount does not match the order total.' },
    });
    expect((await intent({ orderId: id, token, paymentMethodId: 'pm_card_visa', currency: 'eur' })).status).toBe(422);
    expect(creates()).toEqual([]);
    expect(await t.db.selectFrom('payments').selectAll().execute()).toEqual([]);
    expect((await intent({ orderId: id, token: 'wrong', paymentMethodId: 'pm_card_visa' })).status).toBe(403);
    expect((await intent({ orderId: id, paymentMethodId: 'pm_card_visa' })).status).toBe(403);
    const carded = await intent({
      orderId: id,
      token,
      paymentMethodId: 'pm_card_visa',
      cardNumber: '4242424242424242',
      cvc: '123',
    });
    expect(carded.status).toBe(422);
    expect(carded.json.message).toBe('Card details must be entered in the payment form, not sent to the shop.');
    expect((await intent({ orderId: id, token, paymentMethodId: 'pm_card_visa' })).status).toBe(200);
    // The stand-in never saw a card number from the shop's server either.
    expect(JSON.stringify(stripe.requests.filter((q) => q.auth === 'secret'))).not.toContain('4242424242424242');
  });

  it('a declined card, then a good one on the same order: one order, two attempts, one pair of e-mails', async () => {
    await setup();
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const declined = await intent({ orderId: id, token, paymentMethodId: 'pm_card_chargeDeclined' });
    expect(declined.status).toBe(402);
    expect(declined.json).toMatchObject({
      success: false,
      status: 'failed',
      message: 'Your card was declined.',
      order: { status: 'pending_payment' },
    });
    const ok = await intent({ orderId: id, token, paymentMethodId: 'pm_card_visa' });
    expect(ok.status).toBe(200);
    expect(await orderRows()).toEqual([{ id, status: 'ordered', total_cents: 1602 }]);
    expect((await t.db.selectFrom('payments').select(['status']).orderBy('id').execute()).map((p) => p.status)).toEqual(
      ['failed', 'completed'],
    );
    expect(new Set(creates().map((c) => c.idempotencyKey)).size).toBe(2);
    expect(await outbox()).toHaveLength(2);
    expect((await intent({ orderId: id, token, paymentMethodId: 'pm_card_visa' })).status).toBe(409);
  });

  it('3-D Secure: requires_action, the authentication page, then the return page; the server asks Stripe itself', async () => {
    await setup();
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({ orderId: id, token, paymentMethodId: 'pm_card_authenticationRequired' });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({
      success: false,
      status: 'on_hold',
      message: 'Additional authentication required',
      paymentIntent: { status: 'requires_action' },
      nextAction: { type: 'redirect_to_url' },
    });
    const secret = r.json.paymentIntent.client_secret as string;
    const pi = r.json.paymentIntent.id as string;
    const verify = (s = secret) =>
      send(t.app, 'POST', '/api/payment/stripe/verify', { paymentIntentId: pi, paymentIntentClientSecret: s });
    // A forged return before authentication: the server asks Stripe, which says requires_action.
    expect((await verify()).json).toMatchObject({ success: false, error: 'Additional authentication required' });
    expect((await verify('pi_x_secret_guess')).status).toBe(404);

    const page = await fetch(r.json.nextAction.url);
    expect(await page.text()).toContain('16.02 USD');
    const approved = await fetch(r.json.nextAction.url, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secret, decision: 'approve' }),
      redirect: 'manual',
    });
    const back = new URL(approved.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://shop.test/payment/verify/stripe');
    expect(back.searchParams.get('payment_intent')).toBe(pi);
    const v = await verify(back.searchParams.get('payment_intent_client_secret')!);
    expect(v.json).toEqual({
      success: true,
      status: 'completed',
      transactionId: pi,
      transactionResponse: { amount: 16.02, message: 'Payment succeeded' },
      metadata: { orderId: id, orderIncrementId: '100000001', paymentId: 1 },
    });
    expect((await send(t.app, 'POST', '/api/payment/verify/stripe', {})).status).toBe(404); // only /api/payment/{method}/verify
    expect(await outbox()).toHaveLength(2);
  });

  it('requires_capture: the capture call captures at Stripe (idempotency key per order and attempt) and settles once', async () => {
    await setup();
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({ orderId: id, token, paymentMethodId: 'pm_card_authenticationRequired' });
    const pi = r.json.paymentIntent.id as string;
    // As a card authorized for later capture would be.
    Object.assign(stripe.intents.get(pi)!, { status: 'requires_capture', next_action: null });
    const capture = (body: object = {}) =>
      send(t.app, 'POST', '/api/payment/stripe/capture-payment', { orderId: id, token, paymentIntentId: pi, ...body });
    expect((await capture({ token: 'wrong' })).status).toBe(403);
    const c = await capture();
    expect(c.status).toBe(200);
    expect(c.json).toMatchObject({
      success: true,
      status: 'completed',
      paymentIntent: { id: pi, status: 'succeeded' },
      order: { status: 'ordered' },
    });
    expect(stripe.requests.find((q) => q.path === `/v1/payment_intents/${pi}/capture`)!.idempotencyKey).toBe(
      `order-${id}-payment-1-capture`,
    );
    expect((await capture()).status).toBe(200); // the same key: Stripe answers the same; nothing changes
    expect(await outbox()).toHaveLength(2);
    expect(
      (
        await send(t.app, 'POST', '/api/payment/stripe/capture-payment', {
          orderId: id,
          token,
          paymentIntentId: 'pi_unknown',
        })
      ).status,
    ).toBe(404);
  });

  it('PATCH puts the order total on an open intent; a different client amount is 422', async () => {
    await setup();
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({ orderId: id, token, paymentMethodId: 'pm_card_authenticationRequired' });
    const pi = r.json.paymentIntent.id as string;
    const patch = (body: object) =>
      send(t.app, 'PATCH', '/api/payment/stripe/payment-intent', { orderId: id, token, paymentIntentId: pi, ...body });
    expect((await patch({ amount: 0.01 })).status).toBe(422);
    const ok = await patch({ amount: 16.02, currency: 'usd' });
    expect(ok.json).toMatchObject({ success: true, paymentIntent: { id: pi, amount: 1602 } });
    const update = stripe.requests.find((q) => q.path === `/v1/payment_intents/${pi}` && q.method === 'POST')!;
    expect(update.body).toMatchObject({
      amount: '1602',
      metadata: { orderId: String(id), orderIncrementId: '100000001', paymentId: '1' },
    });
    expect(update.idempotencyKey).toBe(`order-${id}-payment-1-update-1602`);
  });
});

describe('when Stripe refuses or does not answer', () => {
  it("a refused call is 422 with Stripe's message; no answer is 402 on paying and 502 on retrieving: never a 500", async () => {
    await setup();
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({ orderId: id, token, paymentMethodId: 'pm_card_authenticationRequired' });
    const ids = { orderId: id, token, paymentIntentId: r.json.paymentIntent.id };
    const refused = await send(t.app, 'POST', '/api/payment/stripe/capture-payment', ids);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(
      'This PaymentIntent could not be captured because it has a status of requires_action.',
    );
    const other = await placeOrder(t.app, { paymentMethod: 'stripe' });
    await stripe.close();
    const down = await intent({ orderId: other.id, token: other.token, paymentMethodId: 'pm_card_visa' });
    expect(down.status).toBe(402);
    expect(down.json.message).toBe('An error occurred while processing your payment. Please try again.');
    const retrieve = await send(t.app, 'POST', '/api/payment/stripe/payment-intent/retrieve', ids);
    expect(retrieve.status).toBe(502);
    expect(retrieve.json).toEqual({
      success: false,
      message: 'An error occurred while processing your payment. Please try again.',
    });
  });
});

describe('POST /api/payment/stripe/webhook', () => {
  it('a missing or wrong signature, or an altered body, is 400 and changes nothing', async () => {
    await setup('manual');
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    await intent({ orderId: id, token, paymentMethodId: 'pm_card_authenticationRequired' });
    const pi = [...stripe.intents.values()][0]!;
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...pi, status: 'succeeded' } },
    });
    const before = await orderRows();
    for (const res of [
      await webhook(payload),
      await webhook(payload, 't=1,v1=deadbeef'),
      await webhook(payload, stripe.sign(payload, 'whsec_other')),
      await webhook(payload.replace('"amount":1602', '"amount":1'), stripe.sign(payload)),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
    }
    expect(await orderRows()).toEqual(before);
    expect(before[0]!.status).toBe('pending_payment');
    expect(await t.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("a correctly signed webhook dated beyond the tolerance from the shop's clock, ahead or behind, is 400 and changes nothing", async () => {
    await setup('manual');
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({ orderId: id, token, paymentMethodId: 'pm_card_authenticationRequired' });
    await fetch(r.json.nextAction.url, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: r.json.paymentIntent.client_secret, decision: 'approve' }),
      redirect: 'manual',
    });
    const succeeded = stripe.events.find((e) => e.type === 'payment_intent.succeeded')!;
    const now = t.clock.now().getTime();
    const at = (seconds: number) => stripe.sign(succeeded.payload, undefined, new Date(now + seconds * 1000));
    const before = await orderRows();
    for (const seconds of [301, 3600, 10 * 365 * 86_400, -301, -3600]) {
      const res = await webhook(succeeded.payload, at(seconds));
      expect(res.status, `signed ${seconds} s from now`).toBe(400);
      expect(await res.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
    }
    expect(await orderRows()).toEqual(before);
    expect(before[0]!.status).toBe('pending_payment');
    expect(await t.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
    expect(await outbox()).toEqual([]);

    // Within the tolerance (a sender's clock a little ahead) the same event counts.
    expect((await webhook(succeeded.payload, at(240))).status).toBe(200);
    expect(await orderRows()).toEqual([{ id, status: 'ordered', total_cents: 1602 }]);
  });

  it('webhook before the return: the webhook orders, the return page changes nothing; one pair of e-mails', async () => {
    await setup('immediate');
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({ orderId: id, token, paymentMethodId: 'pm_card_authenticationRequired' });
    const secret = r.json.paymentIntent.client_secret as string;
    await fetch(r.json.nextAction.url, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secret, decision: 'approve' }),
      redirect: 'manual',
    });
    expect(await orderRows()).toEqual([{ id, status: 'ordered', total_cents: 1602 }]);
    const v = await send(t.app, 'POST', '/api/payment/stripe/verify', {
      paymentIntentId: r.json.paymentIntent.id,
      paymentIntentClientSecret: secret,
    });
    expect(v.json.success).toBe(true);
    expect((await outbox()).map((m) => m.kind).sort()).toEqual(['order-confirmation', 'order-confirmation-admin']);
    expect(await t.outbox.drain()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('webhook after the return, and replayed: nothing changes; processed event ids are stored', async () => {
    await setup('manual');
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({ orderId: id, token, paymentMethodId: 'pm_card_authenticationRequired' });
    const secret = r.json.paymentIntent.client_secret as string;
    await fetch(r.json.nextAction.url, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secret, decision: 'approve' }),
      redirect: 'manual',
    });
    expect((await orderRows())[0]!.status).toBe('pending_payment'); // the webhook is held back
    expect(
      (
        await send(t.app, 'POST', '/api/payment/stripe/verify', {
          paymentIntentId: r.json.paymentIntent.id,
          paymentIntentClientSecret: secret,
        })
      ).json.success,
    ).toBe(true);
    const history = async () => (await t.db.selectFrom('order_status_history').select('comment').execute()).length;
    const entries = await history();
    expect(await stripe.deliverWebhooks()).toEqual([200, 200]); // created, succeeded
    const succeeded = stripe.events.find((e) => e.type === 'payment_intent.succeeded')!;
    const replay = await webhook(succeeded.payload, stripe.sign(succeeded.payload));
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await history()).toBe(entries);
    expect(await outbox()).toHaveLength(2);
    expect(
      (await t.db.selectFrom('payment_events').select(['event_id', 'type']).orderBy('type').execute()).map(
        (e) => e.type,
      ),
    ).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
  });

  it('changing the order cancels its open intent at Stripe; canceled and processing events are settled, never undoing a payment', async () => {
    await setup('manual');
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({ orderId: id, token, paymentMethodId: 'pm_card_authenticationRequired' });
    const pi = r.json.paymentIntent.id as string;
    expect((await send(t.app, 'PATCH', '/api/order', { id, token, shippingMethod: 'expedited' })).status).toBe(200);
    expect(stripe.requests.some((q) => q.path === `/v1/payment_intents/${pi}/cancel`)).toBe(true);
    expect(stripe.intents.get(pi)!.status).toBe('canceled');
    expect(await stripe.deliverWebhooks()).toEqual([200, 200]); // created, canceled
    expect((await t.db.selectFrom('payments').select('status').execute()).map((p) => p.status)).toEqual(['failed']);

    // A processing event for a paid order's intent changes nothing.
    const paid = await intent({ orderId: id, token, paymentMethodId: 'pm_card_visa' });
    expect(paid.status).toBe(200);
    const processing = JSON.stringify({
      id: 'evt_processing_1',
      object: 'event',
      type: 'payment_intent.processing',
      data: { object: { ...stripe.intents.get(paid.json.paymentIntent.id)!, status: 'processing' } },
    });
    expect((await webhook(processing, stripe.sign(processing))).status).toBe(200);
    expect((await t.db.selectFrom('payments').select('status').orderBy('id').execute()).map((p) => p.status)).toEqual([
      'failed',
      'completed',
    ]);
    expect((await orderRows())[0]!.status).toBe('ordered');
  });

  it('a payment_failed webhook fails the waiting payment; the order stays open for another attempt', async () => {
    await setup('manual');
    const { id, token } = await placeOrder(t.app, { paymentMethod: 'stripe' });
    const r = await intent({ orderId: id, token, paymentMethodId: 'pm_card_authenticationRequired' });
    const secret = r.json.paymentIntent.client_secret as string;
    await fetch(r.json.nextAction.url, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secret, decision: 'fail' }),
      redirect: 'manual',
    });
    await stripe.deliverWebhooks();
    expect((await t.db.selectFrom('payments').select('status').execute()).map((p) => p.status)).toEqual(['failed']);
    expect((await orderRows())[0]!.status).toBe('pending_payment');
    expect(await outbox()).toEqual([]);
  });
});

describe('configuration', () => {
  it('offers Stripe with its publishable key when its keys are set, and refuses to run with some of them', async () => {
    await setup();
    const listed = await send(t.app, 'GET', '/api/payment-methods?scope=sample-order');
    expect(listed.json.paymentMethods.map((m: { name: string }) => m.name)).toEqual(['card', 'stripe']);
    expect(listed.json.paymentMethods[1].config).toEqual({ publishableKey: stripe.publishableKey });
    expect(JSON.stringify(listed.json)).not.toContain(stripe.secretKey);
    expect(JSON.stringify(listed.json)).not.toContain(stripe.webhookSecret);
    // Two of the three keys: no server, and the message names the missing one.
    await expect(
      createTestServer({
        siteDir: FIXTURE_SHOP_DIR,
        dist: false,
        paymentEnv: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
      }),
    ).rejects.toThrow('Stripe is partly configured: STRIPE_WEBHOOK_SECRET is missing');
  });
});
