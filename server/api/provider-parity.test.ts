/**
 * Every provider pays a checkout order and a quote link the same way: the sandbox gateway, the
 * Authorize.Net-like direct-entry gateway, Stripe and Tillpay (the test-only third provider),
 * each through its own stand-in and its own page calls, and a quote link through the checkout's
 * own pipeline. The caller sees the same outcome whatever the provider and whatever is paid: an
 * approved card pays once (one charge at the provider for the order's cents in its currency, the
 * two e-mails once, a webhook after it changes nothing, a second pay 409), a declined one leaves
 * the order payable and the next card pays it, an authentication completes through the return
 * page, and a payment held for review answers the same to a second pay request without charging
 * again. Where a checkout order and a quote link differ by design (the endpoint, the answer's
 * shape, the "already paid" text, the quote's own status) the subject says so. Then what only
 * one gateway has: the sandbox's authentication page answered again, an abandoned
 * authentication, concurrent pays; Stripe's webhook before the return page; Tillpay's webhook
 * signatures.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, cardToken, placeOrder, send, type Json } from '../commerce/testing.ts';
import type { OrderRow } from '../db/schema.ts';
import { createQuote } from '../quotes/quote-store.ts';
import { quoteInput } from '../quotes/testing.ts';
import {
  ANET_TEST_CARDS,
  opaqueValueFor,
  startAuthorizeNetStandIn,
  type AuthorizeNetStandIn,
} from '../testing/authorize-net-stand-in.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe-stand-in.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import {
  startTillpayStandIn,
  TILLPAY_TEST_CARDS,
  tillpayToken,
  type TillpayStandIn,
} from '../testing/tillpay-stand-in.ts';

type Outcome = 'approved' | 'declined' | 'authenticate' | 'review';
type Res = Awaited<ReturnType<typeof send>>;

const TEXTS = {
  completed: 'Payment successful',
  heldForReview: 'Your payment is being reviewed. We will contact you by e-mail once it is approved.',
  inProgress: 'A payment for this order is already in progress.',
  authenticate: 'Additional authentication required',
  canceledAuthentication: 'This payment was canceled: the order changed or another payment was started.',
};

let t: TestServer;
let dir: TempDir;
let stripe: StripeStandIn;
let anet: AuthorizeNetStandIn;
let tillpay: TillpayStandIn;

/** One provider as the page uses it: its method, its tokens, its checkout call, its authentication page. */
interface Provider {
  method: string;
  gateway: string;
  /** What the generic cases run with it (the sandbox's authentication has its own cases below). */
  outcomes: Outcome[];
  /** The shopper's message for a declined card. */
  declined: string;
  token(o: Outcome): Promise<string>;
  /** The checkout page's pay call for this provider. */
  payOrder(id: number, token: string, paymentToken: string): Promise<Res>;
  /** Approves on the provider's authentication page; the verify call's body the return page sends. */
  approve?(answer: Json): Promise<Json>;
  /** The cents and currency the provider was asked to charge for this order. */
  charged(o: OrderRow): Promise<{ cents: number; currency: string }[]>;
  /** Delivers the webhooks the provider holds (none for providers without). */
  deliver(): Promise<void>;
  /** Posts a transaction's last delivered webhook again, as the provider's retry would (providers with webhooks). */
  replay?(transactionId: string): Promise<Response>;
}

const verifyBodyOf = (location: string) => {
  const query = Object.fromEntries(new URL(location, 'https://shop.test').searchParams);
  return {
    paymentIntentId: query.payment_intent,
    paymentIntentClientSecret: query.payment_intent_client_secret,
    query,
  };
};
const webhook = (path: string, header: string) => (payload: string, signature: string) =>
  t.app.request(path, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', [header]: signature },
  });
const stripeWebhook = webhook('/api/payment/stripe/webhook', 'stripe-signature');
const tillpayWebhook = webhook('/api/payment/tillpay/webhook', 'tillpay-signature');

const PROVIDERS: Provider[] = [
  {
    method: 'card',
    gateway: 'sandbox',
    outcomes: ['approved', 'declined', 'review'],
    declined: 'Your card was declined.',
    token: (o) => cardToken(t.app, CARDS[o]),
    payOrder: (id, token, paymentToken) => send(t.app, 'POST', '/api/order/pay', { id, token, paymentToken }),
    async charged(o) {
      return (await sandboxCharges(o)).map((i) => ({ cents: i.amount_cents, currency: i.currency }));
    },
    deliver: async () => undefined,
  },
  {
    method: 'authorize-net',
    gateway: 'authorize-net',
    outcomes: ['approved', 'declined', 'review'],
    declined: 'This transaction has been declined.',
    token: async (o) =>
      opaqueValueFor(
        o === 'approved'
          ? ANET_TEST_CARDS.approved
          : o === 'declined'
            ? ANET_TEST_CARDS.declined
            : ANET_TEST_CARDS.heldForReview,
      ),
    payOrder: (id, token, dataValue) =>
      send(t.app, 'POST', '/api/payment/authorize-net/process-transaction', {
        orderId: id,
        token,
        dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
        dataValue,
      }),
    async charged(o) {
      return anet.requests
        .filter((r) => r.kind === 'createTransactionRequest')
        .map((r) => r.body.createTransactionRequest.transactionRequest)
        .filter((tr) => String(tr.order?.description ?? '').includes(`orderId=${o.id}&`))
        .map((tr) => ({ cents: Math.round(Number(tr.amount) * 100), currency: 'usd' }));
    },
    deliver: async () => undefined,
  },
  {
    method: 'stripe',
    gateway: 'stripe',
    outcomes: ['approved', 'declined', 'authenticate'],
    declined: 'Your card was declined.',
    token: async (o) =>
      ({
        approved: 'pm_card_visa',
        declined: 'pm_card_chargeDeclined',
        authenticate: 'pm_card_authenticationRequired',
      })[o as 'approved'],
    payOrder: (id, token, paymentMethodId) =>
      send(t.app, 'POST', '/api/payment/stripe/payment-intent', { orderId: id, token, paymentMethodId }),
    async approve(answer) {
      const r = await fetch(answer.nextAction.url, {
        method: 'POST',
        body: new URLSearchParams({ client_secret: answer.paymentIntent.client_secret, decision: 'approve' }),
        redirect: 'manual',
      });
      return verifyBodyOf(r.headers.get('location')!);
    },
    async charged(o) {
      return [...stripe.intents.values()]
        .filter((i) => i.metadata.orderId === String(o.id))
        .map((i) => ({ cents: i.amount, currency: i.currency }));
    },
    deliver: async () => expect((await stripe.deliverWebhooks()).every((status) => status === 200)).toBe(true),
    async replay(pi) {
      const e = stripe.events.filter((x) => x.intent === pi && x.delivered).at(-1)!;
      return stripeWebhook(e.payload, stripe.sign(e.payload));
    },
  },
  {
    method: 'tillpay',
    gateway: 'tillpay',
    outcomes: ['approved', 'declined', 'authenticate', 'review'],
    declined: 'Your card was declined.',
    token: async (o) => tillpayToken(TILLPAY_TEST_CARDS[o === 'authenticate' ? 'challenge' : o]),
    payOrder: (id, token, paymentToken) =>
      send(t.app, 'POST', '/api/order/pay', { id, token, paymentMethod: 'tillpay', paymentToken }),
    async approve(answer) {
      const r = await fetch(answer.nextAction.url, {
        method: 'POST',
        body: new URLSearchParams({ decision: 'approve' }),
        redirect: 'manual',
      });
      expect(r.status).toBe(303);
      return verifyBodyOf(r.headers.get('location')!);
    },
    async charged(o) {
      return [...tillpay.charges.values()]
        .filter((c) => c.metadata.orderId === String(o.id))
        .map((c) => ({ cents: c.amount, currency: c.currency }));
    },
    deliver: async () => expect((await tillpay.deliverWebhooks()).every((status) => status === 200)).toBe(true),
    async replay(id) {
      const e = tillpay.events.filter((x) => x.charge === id && x.delivered).at(-1)!;
      return tillpayWebhook(e.payload, tillpay.sign(e.payload));
    },
  },
];
const providerOf = (gateway: string) => PROVIDERS.find((p) => p.gateway === gateway)!;

/** How a subject's order (and quote) stand: a paid one is { order: 'ordered' } (and quote 'paid'). */
type State = { order: string | undefined; quote?: string };

/** One thing to pay, made by a subject. */
interface Payable {
  /** The page's pay call with the provider's token. */
  pay(paymentToken: string): Promise<Res>;
  /** Its order row: a quote's is written by its first pay. */
  order(): Promise<OrderRow | undefined>;
  state(): Promise<State>;
  /** The verify call's metadata for its order's payment. */
  verifyMetadata(order: OrderRow, paymentId: number): Json;
  /** Text the customer's confirmation e-mail must contain, or must not (the order's names no quote). */
  customerMail: { contains?: string; lacks?: RegExp };
}

/** A checkout order or a quote link, paid with one provider. */
interface Subject {
  name: string;
  /** The 409 message of a pay after the payment completed. */
  alreadyPaid: string;
  paid: State;
  payable: State;
  make(p: Provider): Promise<Payable>;
  /** The transaction id in a pay answer: the order's payment, the quote's top-level field. */
  transactionIdOf(body: Json): string;
}
const orderRow = (where: { id: number } | { quoteId: number }) =>
  ('id' in where
    ? t.db.selectFrom('orders').selectAll().where('id', '=', where.id)
    : t.db.selectFrom('orders').selectAll().where('quote_id', '=', where.quoteId)
  ).executeTakeFirst();
const SUBJECTS: Subject[] = [
  {
    name: 'checkout order',
    alreadyPaid: 'This order has already been paid.',
    paid: { order: 'ordered' },
    payable: { order: 'pending_payment' },
    transactionIdOf: (body) => body.payment.transactionId,
    async make(p) {
      const { id, token } = await placeOrder(t.app, { paymentMethod: p.method });
      return {
        pay: (paymentToken) => p.payOrder(id, token, paymentToken),
        order: () => orderRow({ id }),
        state: async () => ({ order: (await orderRow({ id }))?.status }),
        verifyMetadata: (o, paymentId) => ({ orderId: o.id, orderIncrementId: o.order_increment_id, paymentId }),
        customerMail: { lacks: /quote #/i },
      };
    },
  },
  {
    name: 'quote link',
    alreadyPaid: 'This quote has already been paid.',
    paid: { order: 'ordered', quote: 'paid' },
    payable: { order: 'pending_payment', quote: 'open' },
    transactionIdOf: (body) => body.transactionId,
    async make(p) {
      const { quote, token } = await createQuote(t.db, t.clock, quoteInput());
      const quoteStatus = async () =>
        (await t.db.selectFrom('quotes').select('status').where('id', '=', quote.id).executeTakeFirstOrThrow()).status;
      return {
        pay: (paymentToken) =>
          send(t.app, 'POST', '/api/quote/pay', { quoteId: quote.id, token, paymentMethod: p.method, paymentToken }),
        order: () => orderRow({ quoteId: quote.id }),
        state: async () => ({ order: (await orderRow({ quoteId: quote.id }))?.status, quote: await quoteStatus() }),
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
  },
];

beforeAll(async () => {
  const shopClock = { now: () => t.clock.now() };
  const status = (post: typeof stripeWebhook) => async (payload: string, signature: string) =>
    (await post(payload, signature)).status;
  stripe = await startStripeStandIn({ webhookMode: 'manual', webhookTarget: status(stripeWebhook), clock: shopClock });
  tillpay = await startTillpayStandIn({
    webhookMode: 'manual',
    webhookTarget: status(tillpayWebhook),
    clock: shopClock,
  });
  anet = await startAuthorizeNetStandIn();
  // The fixture shop with Tillpay enabled beside the others.
  dir = tempDir();
  cpSync(FIXTURE_SHOP_DIR, dir.path, { recursive: true });
  const file = dir.join('data/payment-methods.json');
  const methods = JSON.parse(readFileSync(file, 'utf8'));
  methods.methods.push({
    ...methods.methods.at(-1),
    name: 'tillpay',
    title: 'Card (Tillpay)',
    gateway: 'tillpay',
    sortOrder: 4,
  });
  writeFileSync(file, JSON.stringify(methods));
  t = await createTestServer({
    siteDir: dir.path,
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
      ...anet.env(),
      ...tillpay.env,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([stripe?.close(), anet?.close(), tillpay?.close()]);
  dir?.cleanup();
});

/** The sandbox gateway's charges for this order (its intents carry the order's id), in the order they were made. */
const sandboxCharges = async (o: OrderRow) =>
  (await t.db.selectFrom('sandbox_gateway_intents').selectAll().execute())
    .map((i) => ({ ...i, meta: JSON.parse(i.metadata) as Record<string, string> }))
    .filter((i) => i.meta.orderId === String(o.id))
    .sort((a, b) => Number(a.meta.paymentId) - Number(b.meta.paymentId));
const mails = async (o: OrderRow) =>
  (await t.db.selectFrom('email_outbox').selectAll().orderBy('id').execute()).filter((m) =>
    m.subject.endsWith(`#${o.order_increment_id}`),
  );
const payments = (o: OrderRow) =>
  t.db.selectFrom('payments').selectAll().where('order_id', '=', o.id).orderBy('id').execute();
const paymentsOf = async (o: OrderRow) => (await payments(o)).map((p) => `${p.status}/${p.state}`);
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
const verify = (method: string, transactionId: string, clientSecret: string) =>
  send(t.app, 'POST', `/api/payment/${method}/verify`, {
    paymentIntentId: transactionId,
    paymentIntentClientSecret: clientSecret,
  });

describe.each(PROVIDERS)('$gateway', (p) => {
  describe.each(SUBJECTS)('paying a $name', (subject) => {
    it("an approved card pays once, for the order's cents in its currency, one pair of e-mails; a webhook after changes nothing; a second pay is 409 and charges nothing", async () => {
      const s = await subject.make(p);
      const r = await s.pay(await p.token('approved'));
      expect(r.status, r.text).toBe(200);
      expect(r.json).toMatchObject({ success: true, message: TEXTS.completed, status: 'completed' });
      expect(await s.state()).toEqual(subject.paid);
      const o = await mustOrder(s);
      const [payment, ...more] = await payments(o);
      expect(more).toEqual([]);
      expect(payment).toMatchObject({
        status: 'completed',
        amount_cents: o.total_cents,
        transaction_id: subject.transactionIdOf(r.json),
      });
      expect(await p.charged(o)).toEqual([{ cents: o.total_cents, currency: o.order_currency_code.toLowerCase() }]);
      await p.deliver();
      expect(await paymentsOf(o)).toEqual(['completed/captured']);
      await expectConfirmationMails(s, o);

      const again = await s.pay(await p.token('approved'));
      expect(again.status).toBe(409);
      expect(again.json).toEqual({ success: false, message: subject.alreadyPaid });
      expect(await paymentsOf(o)).toEqual(['completed/captured']);
      expect(await p.charged(o)).toHaveLength(1);
      expect(await mails(o)).toHaveLength(2);
      expect(await s.state()).toEqual(subject.paid);
    });

    it("a declined card: 402 with the provider's message, the order stays payable, no e-mail; the next card pays it", async () => {
      const s = await subject.make(p);
      const r = await s.pay(await p.token('declined'));
      expect(r.status, r.text).toBe(402);
      expect(r.json).toMatchObject({ success: false, message: p.declined, status: 'failed' });
      expect(await s.state()).toEqual(subject.payable);
      expect(await mails(await mustOrder(s))).toEqual([]);
      await p.deliver();
      const again = await s.pay(await p.token('approved'));
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ success: true, message: TEXTS.completed, status: 'completed' });
      expect(await s.state()).toEqual(subject.paid);
      const o = await mustOrder(s);
      expect(await paymentsOf(o)).toEqual(['failed/failed', 'completed/captured']);
      await expectConfirmationMails(s, o);
    });

    it.runIf(p.outcomes.includes('authenticate'))(
      'an authentication completes through the return page, once; the webhook and a replay of it change nothing',
      async () => {
        const s = await subject.make(p);
        const r = await s.pay(await p.token('authenticate'));
        expect([r.status, r.json.status, r.json.nextAction?.type]).toEqual([202, 'on_hold', 'redirect_to_url']);
        expect(r.json).toMatchObject({ success: false, message: TEXTS.authenticate });
        const transactionId = subject.transactionIdOf(r.json);
        const o = await mustOrder(s);
        expect(await paymentsOf(o)).toEqual(['on_hold/awaiting_customer']);
        const body = await p.approve!(r.json);
        expect(await s.state()).toEqual(subject.payable);
        const v = await send(t.app, 'POST', `/api/payment/${p.method}/verify`, body);
        expect([v.status, v.json.success, v.json.status, v.json.transactionId]).toEqual([
          200,
          true,
          'completed',
          transactionId,
        ]);
        const payment = (await payments(o))[0]!;
        expect(v.json.metadata).toEqual(s.verifyMetadata(o, payment.id));
        const entries = await history(o);
        await p.deliver();
        const replayed = await p.replay!(transactionId);
        expect(replayed.status).toBe(200);
        expect(await replayed.json()).toEqual({ received: true, duplicate: true });
        expect(await s.state()).toEqual(subject.paid);
        expect((await payments(o)).map((x) => [x.transaction_id, x.status, x.state, x.amount_cents])).toEqual([
          [transactionId, 'completed', 'captured', o.total_cents],
        ]);
        await expectConfirmationMails(s, o);
        expect(await history(o)).toBe(entries);
      },
    );

    it.runIf(p.outcomes.includes('review'))(
      'a payment held for review: 202, a second pay request gets the same answer, charging nothing more',
      async () => {
        const s = await subject.make(p);
        const held = await s.pay(await p.token('review'));
        expect(held.status).toBe(202);
        expect(held.json).toMatchObject({ success: false, message: TEXTS.heldForReview, status: 'on_hold' });
        expect(await s.state()).toEqual(subject.payable);
        const o = await mustOrder(s);
        const again = await s.pay(await p.token('approved'));
        expect(again.status).toBe(202);
        expect(again.json).toEqual(held.json);
        expect(await p.charged(o)).toHaveLength(1);
        expect(await paymentsOf(o)).toEqual(['on_hold/in_review']);
        expect(await mails(o)).toEqual([]);
        expect(await s.state()).toEqual(subject.payable);
      },
    );
  });
});

describe.each(SUBJECTS)('the sandbox gateway, paying a $name', (subject) => {
  const sandbox = providerOf('sandbox');
  const card = (c: (typeof CARDS)[keyof typeof CARDS]) => cardToken(t.app, c);
  const secretOf = (nextActionUrl: string) => new URL(nextActionUrl, 'http://shop').searchParams.get('client_secret')!;
  /** The card holder's answer on the sandbox gateway's authentication page. */
  const authenticate = (url: string, decision: 'approve' | 'decline') =>
    t.app.request(url, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secretOf(url), decision }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('3-D Secure with the sandbox: 202, the card holder approves, the order is paid once; the verify page answers success; repeats change nothing', async () => {
    const p = await subject.make(sandbox);
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
    expect((await payments(o)).map((x) => x.status)).toEqual(['completed']);
    expect(await sandboxCharges(o)).toHaveLength(1);
    expect(await history(o)).toBe(entries);
    expect(await mails(o)).toHaveLength(2);
    expect(await p.state()).toEqual(subject.paid);
  });

  it('3-D Secure abandoned: a new payment cancels the open authentication (approving it later charges nothing) and pays', async () => {
    const p = await subject.make(sandbox);
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
    expect((await sandboxCharges(o)).map((c) => [c.id, c.status])).toEqual([
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
    const p = await subject.make(sandbox);
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
    expect((await sandboxCharges(o)).map((c) => c.status)).toEqual(['succeeded']);
    expect((await payments(o)).map((x) => x.status)).toEqual(['completed']);
    await expectConfirmationMails(p, o);
    // Of one quote, one order.
    expect(
      await t.db.selectFrom('orders').select('id').where('idempotency_key', '=', o.idempotency_key).execute(),
    ).toHaveLength(1);
  });
});

describe.each(SUBJECTS)('Stripe, paying a $name', (subject) => {
  describe('3-D Secure: the webhook before the return page (the other order runs for every provider above)', () => {
    /** Pays with Stripe's authentication card and approves on its page; the webhooks are held. */
    async function authenticated() {
      const p = await subject.make(providerOf('stripe'));
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
      const r = await stripeWebhook(succeeded.payload, stripe.sign(succeeded.payload));
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
  });
});

describe('tillpay webhooks', () => {
  it('refuses a body its signature was not made for, and one signed too long ago', async () => {
    const payload = JSON.stringify({ id: 'evt_x', type: 'charge.updated', data: {} });
    const post = (signature: string, body = payload) =>
      t.app.request('/api/payment/tillpay/webhook', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'tillpay-signature': signature },
      });
    expect((await post(tillpay.sign(payload), payload.replace('evt_x', 'evt_y'))).status).toBe(400);
    expect((await post(tillpay.sign(payload, new Date(t.clock.now().getTime() - 600_000)))).status).toBe(400);
    expect((await post(tillpay.sign(payload))).status).toBe(200);
  });
});
