/**
 * A quote link pays through the checkout's own pipeline: the same payment scenarios, run
 * against a checkout order (POST /api/order/pay, Stripe's POST /api/payment/stripe/payment-intent)
 * and a quote link (POST /api/quote/pay), must show the caller the same outcome. Each subject
 * is an adapter; where the two differ by design (the endpoint, the answer's shape, the
 * "already paid" text, the quote's own status) the adapter says so, everything else is
 * asserted once for both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, cardToken, placeOrder, send, type Json } from '../commerce/testing.ts';
import type { OrderRow } from '../db/schema.ts';
import { createQuote } from '../quotes/quote-store.ts';
import { quoteInput } from '../quotes/testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe-stand-in.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

const TEXTS = {
  completed: 'Payment successful',
  declined: 'Your card was declined.',
  heldForReview: 'Your payment is being reviewed. We will contact you by e-mail once it is approved.',
  inProgress: 'A payment for this order is already in progress.',
  authenticate: 'Additional authentication required',
  canceledAuthentication: 'This payment was canceled: the order changed or another payment was started.',
};

type Method = 'card' | 'stripe';
type Res = Awaited<ReturnType<typeof send>>;
/** How a subject's order (and quote) stand: a paid one is { order: 'ordered' } (and quote 'paid'). */
type State = { order: string | undefined; quote?: string };

/** One thing to pay, made by a subject. */
interface Payable {
  /** The page's pay call with the gateway's token (a sandbox card token, or a Stripe payment method). */
  pay(paymentToken: string): Promise<Res>;
  /** Its order row: a quote's is written by its first pay. */
  order(): Promise<OrderRow | undefined>;
  state(): Promise<State>;
  /** The verify call's metadata for its order's payment. */
  verifyMetadata(order: OrderRow, paymentId: number): Json;
  /** Text the customer's confirmation e-mail must contain, or must not (the order's names no quote). */
  customerMail: { contains?: string; lacks?: RegExp };
}

interface Subject {
  name: string;
  /** The 409 message of a pay after the payment completed. */
  alreadyPaid: string;
  paid: State;
  payable: State;
  make(t: TestServer, method: Method): Promise<Payable>;
  /** The transaction id in a pay answer: the order's payment, the quote's top-level field. */
  transactionIdOf(body: Json): string;
}

const orderOf = (t: TestServer, where: { id: number } | { quoteId: number }) =>
  ('id' in where
    ? t.db.selectFrom('orders').selectAll().where('id', '=', where.id)
    : t.db.selectFrom('orders').selectAll().where('quote_id', '=', where.quoteId)
  ).executeTakeFirst();

const checkoutOrder: Subject = {
  name: 'checkout order',
  alreadyPaid: 'This order has already been paid.',
  paid: { order: 'ordered' },
  payable: { order: 'pending_payment' },
  transactionIdOf: (body) => body.payment.transactionId,
  async make(t, method) {
    const { id, token } = await placeOrder(t.app, { paymentMethod: method });
    return {
      // The checkout page: sandbox tokens to /api/order/pay, Stripe payment methods to its payment-intent call.
      pay: (paymentToken) =>
        method === 'card'
          ? send(t.app, 'POST', '/api/order/pay', { id, token, paymentToken })
          : send(t.app, 'POST', '/api/payment/stripe/payment-intent', {
              orderId: id,
              token,
              paymentMethodId: paymentToken,
            }),
      order: () => orderOf(t, { id }),
      state: async () => ({ order: (await orderOf(t, { id }))?.status }),
      verifyMetadata: (o, paymentId) => ({ orderId: o.id, orderIncrementId: o.order_increment_id, paymentId }),
      customerMail: { lacks: /quote #/i },
    };
  },
};

const quoteLink: Subject = {
  name: 'quote link',
  alreadyPaid: 'This quote has already been paid.',
  paid: { order: 'ordered', quote: 'paid' },
  payable: { order: 'pending_payment', quote: 'open' },
  transactionIdOf: (body) => body.transactionId,
  async make(t, method) {
    const { quote, token } = await createQuote(t.db, t.clock, quoteInput());
    const quoteStatus = async () =>
      (await t.db.selectFrom('quotes').select('status').where('id', '=', quote.id).executeTakeFirstOrThrow()).status;
    return {
      pay: (paymentToken) =>
        send(t.app, 'POST', '/api/quote/pay', { quoteId: quote.id, token, paymentMethod: method, paymentToken }),
      order: () => orderOf(t, { quoteId: quote.id }),
      state: async () => ({ order: (await orderOf(t, { quoteId: quote.id }))?.status, quote: await quoteStatus() }),
      verifyMetadata: (o, paymentId) => ({
        orderId: o.id,
        orderIncrementId: o.order_increment_id,
        paymentId,
        quoteId: quote.id,
        quoteIncrementId: quote.quoteIncrementId,
      }),
      customerMail: { contains: `for quote #${quote.quoteIncrementId} (2 lines)` },
    };
  },
};

describe.each([checkoutOrder, quoteLink])('paying a $name', (subject) => {
  // One server per subject: every scenario pays its own order, and every read below is of that order.
  let t: TestServer;
  let stripe: StripeStandIn;
  const webhook = (payload: string, signature: string) =>
    t.app.request('/api/payment/stripe/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  beforeAll(async () => {
    stripe = await startStripeStandIn({
      webhookMode: 'manual',
      webhookTarget: async (payload, signature) => (await webhook(payload, signature)).status,
      // Signed by the shop's clock (created below).
      clock: { now: () => t.clock.now() },
    });
    t = await createTestServer({
      siteDir: FIXTURE_SHOP_DIR,
      dist: false,
      // Many orders and payments from one address: the limits are not under test here.
      config: {
        origin: 'https://shop.test',
        orderRateLimit: { limit: 10_000, windowMs: 60_000 },
        payRateLimit: { limit: 10_000, windowMs: 60_000 },
      },
      paymentEnv: {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const card = (c: (typeof CARDS)[keyof typeof CARDS]) => cardToken(t.app, c);
  const payments = async (o: OrderRow) =>
    t.db.selectFrom('payments').selectAll().where('order_id', '=', o.id).orderBy('id').execute();
  const statuses = async (o: OrderRow) => (await payments(o)).map((p) => p.status);
  /** The sandbox gateway's charges for this order (its intents carry the order's id). */
  const charges = async (o: OrderRow) =>
    (await t.db.selectFrom('sandbox_gateway_intents').selectAll().execute())
      .map((i) => ({ ...i, meta: JSON.parse(i.metadata) as Record<string, string> }))
      .filter((i) => i.meta.orderId === String(o.id))
      .sort((a, b) => Number(a.meta.paymentId) - Number(b.meta.paymentId));
  const mails = async (o: OrderRow) =>
    (await t.db.selectFrom('email_outbox').selectAll().orderBy('id').execute()).filter((m) =>
      m.subject.endsWith(`#${o.order_increment_id}`),
    );
  const history = async (o: OrderRow) =>
    (await t.db.selectFrom('order_status_history').select('id').where('order_id', '=', o.id).execute()).length;
  const mustOrder = async (p: Payable) => {
    const o = await p.order();
    expect(o).toBeDefined();
    return o!;
  };
  /** The order's pair of e-mails, queued once; the customer's names what it paid. */
  async function expectConfirmationMails(p: Payable, o: OrderRow) {
    const queued = await mails(o);
    expect(queued.map((m) => [m.kind, m.subject]).sort()).toEqual([
      ['order-confirmation', `Order Confirmation #${o.order_increment_id}`],
      ['order-confirmation-admin', `New Order #${o.order_increment_id}`],
    ]);
    const customer = queued.find((m) => m.kind === 'order-confirmation')!;
    if (p.customerMail.contains) expect(customer.text).toContain(p.customerMail.contains);
    if (p.customerMail.lacks) expect(customer.text).not.toMatch(p.customerMail.lacks);
  }
  const verify = (method: Method, transactionId: string, clientSecret: string) =>
    send(t.app, 'POST', `/api/payment/${method}/verify`, {
      paymentIntentId: transactionId,
      paymentIntentClientSecret: clientSecret,
    });
  const secretOf = (nextActionUrl: string) => new URL(nextActionUrl, 'http://shop').searchParams.get('client_secret')!;
  /** The card holder's answer on the sandbox gateway's authentication page. */
  const authenticate = (url: string, decision: 'approve' | 'decline') =>
    t.app.request(url, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secretOf(url), decision }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('an approved card: 200, the order ordered, one completed payment, one pair of e-mails; a second pay is 409 and charges nothing', async () => {
    const p = await subject.make(t, 'card');
    const r = await p.pay(await card(CARDS.approved));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, message: TEXTS.completed, status: 'completed' });
    expect(await p.state()).toEqual(subject.paid);
    const o = await mustOrder(p);
    const [payment, ...more] = await payments(o);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      status: 'completed',
      amount_cents: o.total_cents,
      transaction_id: subject.transactionIdOf(r.json),
    });
    expect((await charges(o)).map((c) => [c.status, c.amount_cents])).toEqual([['succeeded', o.total_cents]]);
    await expectConfirmationMails(p, o);

    const again = await p.pay(await card(CARDS.approved));
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ success: false, message: subject.alreadyPaid });
    expect(await statuses(o)).toEqual(['completed']);
    expect(await charges(o)).toHaveLength(1);
    expect(await mails(o)).toHaveLength(2);
    expect(await p.state()).toEqual(subject.paid);
  });

  it("declined, then approved: 402 with the gateway's message, the order stays payable, then 200; two payments, one pair of e-mails", async () => {
    const p = await subject.make(t, 'card');
    const declined = await p.pay(await card(CARDS.declined));
    expect(declined.status).toBe(402);
    expect(declined.json).toMatchObject({ success: false, message: TEXTS.declined, status: 'failed' });
    expect(await p.state()).toEqual(subject.payable);
    const o = await mustOrder(p);
    expect(await mails(o)).toEqual([]);

    const approved = await p.pay(await card(CARDS.approved));
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ success: true, message: TEXTS.completed, status: 'completed' });
    expect(await p.state()).toEqual(subject.paid);
    expect(await statuses(o)).toEqual(['failed', 'completed']);
    await expectConfirmationMails(p, o);
  });

  it('held for review: 202, then a retry gets the held answer again and charges nothing', async () => {
    const p = await subject.make(t, 'card');
    const held = await p.pay(await card(CARDS.review));
    expect(held.status).toBe(202);
    expect(held.json).toMatchObject({ success: false, message: TEXTS.heldForReview, status: 'on_hold' });
    expect(await p.state()).toEqual(subject.payable);
    const o = await mustOrder(p);

    const retry = await p.pay(await card(CARDS.approved));
    expect(retry.status).toBe(202);
    expect(retry.json).toEqual(held.json);
    expect(await charges(o)).toHaveLength(1);
    expect(await statuses(o)).toEqual(['on_hold']);
    expect(await mails(o)).toEqual([]);
    expect(await p.state()).toEqual(subject.payable);
  });

  it('3-D Secure with the sandbox: 202, the card holder approves, the order is paid once; the verify page answers success; repeats change nothing', async () => {
    const p = await subject.make(t, 'card');
    const r = await p.pay(await card(CARDS.authenticate));
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({
      success: false,
      message: TEXTS.authenticate,
      status: 'on_hold',
      nextAction: { type: 'redirect_to_url', url: expect.stringMatching(/^\/sandbox-gateway\/authenticate\//) },
    });
    const url = r.json.nextAction.url as string;
    const transactionId = subject.transactionIdOf(r.json);
    const secret = secretOf(url);
    expect(await p.state()).toEqual(subject.payable);
    expect((await verify('card', transactionId, secret)).json).toMatchObject({
      success: false,
      error: TEXTS.authenticate,
    });
    expect((await verify('card', transactionId, `${secret}x`)).status).toBe(404);

    const back = await authenticate(url, 'approve');
    expect(back.status).toBe(303);
    expect(new URL(back.headers.get('location')!, 'http://shop').pathname).toBe('/payment/verify/card');
    // The gateway told the shop itself: paid before the card holder's browser comes back.
    expect(await p.state()).toEqual(subject.paid);
    const o = await mustOrder(p);
    const [payment, ...more] = await payments(o);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ status: 'completed', transaction_id: transactionId, amount_cents: o.total_cents });
    await expectConfirmationMails(p, o);
    const entries = await history(o);

    const expected = { success: true, status: 'completed', transactionId, metadata: p.verifyMetadata(o, payment!.id) };
    const v = await verify('card', transactionId, secret);
    expect(v.status).toBe(200);
    expect(v.json).toMatchObject(expected);
    expect(v.json.metadata).toEqual(expected.metadata);
    // The return page again, and the gateway's page answered again: nothing changes.
    expect((await verify('card', transactionId, secret)).json).toMatchObject(expected);
    expect((await authenticate(url, 'approve')).status).toBe(303);
    expect((await authenticate(url, 'decline')).status).toBe(303);
    expect((await verify('card', transactionId, secret)).json).toMatchObject(expected);
    expect(await statuses(o)).toEqual(['completed']);
    expect(await charges(o)).toHaveLength(1);
    expect(await history(o)).toBe(entries);
    expect(await mails(o)).toHaveLength(2);
    expect(await p.state()).toEqual(subject.paid);
  });

  it('3-D Secure abandoned: a new payment cancels the open authentication (approving it later charges nothing) and pays', async () => {
    const p = await subject.make(t, 'card');
    const waiting = await p.pay(await card(CARDS.authenticate));
    expect(waiting.status).toBe(202);
    const waitingId = subject.transactionIdOf(waiting.json);
    const url = waiting.json.nextAction.url as string;

    const paid = await p.pay(await card(CARDS.approved));
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ success: true, message: TEXTS.completed, status: 'completed' });
    expect(await p.state()).toEqual(subject.paid);
    const o = await mustOrder(p);

    // The card holder comes back to the abandoned page and approves: the gateway has canceled it.
    expect((await authenticate(url, 'approve')).status).toBe(303);
    expect((await charges(o)).map((c) => [c.id, c.status])).toEqual([
      [waitingId, 'canceled'],
      [subject.transactionIdOf(paid.json), 'succeeded'],
    ]);
    expect((await payments(o)).map((x) => [x.transaction_id, x.status])).toEqual([
      [waitingId, 'failed'],
      [subject.transactionIdOf(paid.json), 'completed'],
    ]);
    const back = await verify('card', waitingId, secretOf(url));
    expect(back.json).toMatchObject({ success: false, status: 'failed', error: TEXTS.canceledAuthentication });
    await expectConfirmationMails(p, o);
    expect(await p.state()).toEqual(subject.paid);
  });

  it('10 concurrent pays with different approved cards: one 200, nine 409, one charge, one pair of e-mails', async () => {
    const p = await subject.make(t, 'card');
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) tokens.push(await card(CARDS.approved));
    const results = await Promise.all(tokens.map((tok) => p.pay(tok)));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.json.success).toBe(false);
      expect([TEXTS.inProgress, subject.alreadyPaid]).toContain(r.json.message);
    }
    expect(await p.state()).toEqual(subject.paid);
    const o = await mustOrder(p);
    expect((await charges(o)).map((c) => c.status)).toEqual(['succeeded']);
    expect(await statuses(o)).toEqual(['completed']);
    await expectConfirmationMails(p, o);
    // Of one quote, one order.
    expect(
      await t.db.selectFrom('orders').select('id').where('idempotency_key', '=', o.idempotency_key).execute(),
    ).toHaveLength(1);
  });

  describe('Stripe 3-D Secure: the webhook and the return page, in either order', () => {
    /** Pays with Stripe's authentication card and approves on its page; the webhooks are held. */
    async function authenticated() {
      const p = await subject.make(t, 'stripe');
      const r = await p.pay('pm_card_authenticationRequired');
      expect(r.status).toBe(202);
      expect(r.json).toMatchObject({
        success: false,
        message: TEXTS.authenticate,
        status: 'on_hold',
        nextAction: { type: 'redirect_to_url' },
        paymentIntent: { id: expect.stringMatching(/^pi_/), status: 'requires_action' },
      });
      const pi = r.json.paymentIntent.id as string;
      expect(subject.transactionIdOf(r.json)).toBe(pi);
      const secret = r.json.paymentIntent.client_secret as string;
      const approved = await fetch(r.json.nextAction.url, {
        method: 'POST',
        body: new URLSearchParams({ client_secret: secret, decision: 'approve' }),
        redirect: 'manual',
      });
      const back = new URL(approved.headers.get('location')!);
      expect(back.origin + back.pathname).toBe('https://shop.test/payment/verify/stripe');
      expect(back.searchParams.get('payment_intent')).toBe(pi);
      // Stripe has the money; the shop has heard nothing yet.
      expect(stripe.intents.get(pi)!.status).toBe('succeeded');
      expect(await p.state()).toEqual(subject.payable);
      return { p, pi, secret: back.searchParams.get('payment_intent_client_secret')!, o: await mustOrder(p) };
    }
    const deliver = async (pi: string) => {
      const delivered = await stripe.deliverWebhooks(pi);
      expect(delivered.length).toBeGreaterThan(0);
      expect(delivered.every((s) => s === 200)).toBe(true);
    };
    const replay = async (pi: string) => {
      const succeeded = stripe.events.find((e) => e.intent === pi && e.type === 'payment_intent.succeeded')!;
      const r = await webhook(succeeded.payload, stripe.sign(succeeded.payload));
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ received: true, duplicate: true });
    };
    async function expectPaidOnce(p: Payable, o: OrderRow, pi: string) {
      expect(await p.state()).toEqual(subject.paid);
      expect((await payments(o)).map((x) => [x.transaction_id, x.status, x.amount_cents])).toEqual([
        [pi, 'completed', o.total_cents],
      ]);
      await expectConfirmationMails(p, o);
    }

    it('webhook first, then the return page: one payment, one pair of e-mails; a replayed webhook changes nothing', async () => {
      const { p, pi, secret, o } = await authenticated();
      await deliver(pi);
      await expectPaidOnce(p, o, pi);
      const entries = await history(o);
      const v = await verify('stripe', pi, secret);
      expect(v.status).toBe(200);
      const payment = (await payments(o))[0]!;
      expect(v.json).toMatchObject({ success: true, status: 'completed', transactionId: pi });
      expect(v.json.metadata).toEqual(p.verifyMetadata(o, payment.id));
      await replay(pi);
      await expectPaidOnce(p, o, pi);
      expect(await history(o)).toBe(entries);
    });

    it('return page first, then the webhook: one payment, one pair of e-mails; a replayed webhook changes nothing', async () => {
      const { p, pi, secret, o } = await authenticated();
      const v = await verify('stripe', pi, secret);
      expect(v.status).toBe(200);
      expect(v.json).toMatchObject({ success: true, status: 'completed', transactionId: pi });
      const payment = (await payments(o))[0]!;
      expect(v.json.metadata).toEqual(p.verifyMetadata(o, payment.id));
      await expectPaidOnce(p, o, pi);
      const entries = await history(o);
      await deliver(pi);
      await replay(pi);
      await expectPaidOnce(p, o, pi);
      expect(await history(o)).toBe(entries);
    });
  });
});
