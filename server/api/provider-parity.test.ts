/**
 * Every provider pays a checkout order and a quote link the same way: the sandbox gateway, the
 * Authorize.Net-like direct-entry gateway, Stripe and Tillpay (the test-only third provider),
 * each through its own stand-in and its own page calls. The caller sees the same outcome
 * whatever the provider: an approved card pays once (one charge at the provider for the order's
 * cents in its currency, the two e-mails once, a webhook after it changes nothing), a declined
 * one leaves the order payable and the next card pays it, an authentication completes through
 * the return page, and a payment held for review answers the same to a second pay request
 * without charging again.
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

let t: TestServer;
let dir: TempDir;
let stripe: StripeStandIn;
let anet: AuthorizeNetStandIn;
let tillpay: TillpayStandIn;

/** One provider as the page uses it: its method, its tokens, its checkout call, its authentication page. */
interface Provider {
  method: string;
  gateway: string;
  outcomes: Outcome[];
  token(o: Outcome): Promise<string>;
  /** The checkout page's pay call for this provider. */
  payOrder(id: number, token: string, paymentToken: string): Promise<Res>;
  /** Approves on the provider's authentication page; the verify call's body the return page sends. */
  approve?(answer: Json): Promise<Json>;
  /** The cents and currency the provider was asked to charge for this order. */
  charged(o: OrderRow): Promise<{ cents: number; currency: string }[]>;
  /** Delivers the webhooks the provider holds (none for providers without). */
  deliver(): Promise<void>;
}

const verifyBodyOf = (location: string) => {
  const query = Object.fromEntries(new URL(location, 'https://shop.test').searchParams);
  return {
    paymentIntentId: query.payment_intent,
    paymentIntentClientSecret: query.payment_intent_client_secret,
    query,
  };
};

const PROVIDERS: Provider[] = [
  {
    method: 'card',
    gateway: 'sandbox',
    outcomes: ['approved', 'declined', 'authenticate', 'review'],
    token: (o) => cardToken(t.app, CARDS[o]),
    payOrder: (id, token, paymentToken) => send(t.app, 'POST', '/api/order/pay', { id, token, paymentToken }),
    async approve(answer) {
      const url = answer.nextAction.url as string;
      const clientSecret = new URL(url, 'http://shop').searchParams.get('client_secret')!;
      const r = await t.app.request(url, {
        method: 'POST',
        body: new URLSearchParams({ client_secret: clientSecret, decision: 'approve' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      return verifyBodyOf(r.headers.get('location')!);
    },
    async charged(o) {
      return (await t.db.selectFrom('sandbox_gateway_intents').selectAll().execute())
        .filter((i) => JSON.parse(i.metadata).orderId === String(o.id))
        .map((i) => ({ cents: i.amount_cents, currency: i.currency }));
    },
    deliver: async () => undefined,
  },
  {
    method: 'authorize-net',
    gateway: 'authorize-net',
    outcomes: ['approved', 'declined', 'review'],
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
  },
  {
    method: 'tillpay',
    gateway: 'tillpay',
    outcomes: ['approved', 'declined', 'authenticate', 'review'],
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
  },
];

/** A checkout order or a quote link, paid with one provider. */
interface Subject {
  name: string;
  make(p: Provider): Promise<{ pay(paymentToken: string): Promise<Res>; order(): Promise<OrderRow | undefined> }>;
}
const orderRow = (where: { id: number } | { quoteId: number }) =>
  ('id' in where
    ? t.db.selectFrom('orders').selectAll().where('id', '=', where.id)
    : t.db.selectFrom('orders').selectAll().where('quote_id', '=', where.quoteId)
  ).executeTakeFirst();
const SUBJECTS: Subject[] = [
  {
    name: 'checkout order',
    async make(p) {
      const { id, token } = await placeOrder(t.app, { paymentMethod: p.method });
      return { pay: (paymentToken) => p.payOrder(id, token, paymentToken), order: () => orderRow({ id }) };
    },
  },
  {
    name: 'quote link',
    async make(p) {
      const { quote, token } = await createQuote(t.db, t.clock, quoteInput());
      return {
        pay: (paymentToken) =>
          send(t.app, 'POST', '/api/quote/pay', { quoteId: quote.id, token, paymentMethod: p.method, paymentToken }),
        order: () => orderRow({ quoteId: quote.id }),
      };
    },
  },
];

beforeAll(async () => {
  const shopClock = { now: () => t.clock.now() };
  const webhook = (path: string, header: string) => async (payload: string, signature: string) =>
    (
      await t.app.request(path, {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json', [header]: signature },
      })
    ).status;
  stripe = await startStripeStandIn({
    webhookMode: 'manual',
    webhookTarget: webhook('/api/payment/stripe/webhook', 'stripe-signature'),
    clock: shopClock,
  });
  tillpay = await startTillpayStandIn({
    webhookMode: 'manual',
    webhookTarget: webhook('/api/payment/tillpay/webhook', 'tillpay-signature'),
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

const mailsOf = async (o: OrderRow) =>
  (await t.db.selectFrom('email_outbox').select('subject').execute())
    .map((m) => m.subject)
    .filter((s) => s.endsWith(`#${o.order_increment_id}`))
    .sort();
const paymentsOf = async (o: OrderRow) =>
  (
    await t.db.selectFrom('payments').select(['status', 'state']).where('order_id', '=', o.id).orderBy('id').execute()
  ).map((p) => `${p.status}/${p.state}`);

describe.each(PROVIDERS)('$gateway', (p) => {
  describe.each(SUBJECTS)('paying a $name', (subject) => {
    it("an approved card pays once, for the order's cents in its currency; a webhook after changes nothing", async () => {
      const s = await subject.make(p);
      const r = await s.pay(await p.token('approved'));
      expect([r.status, r.json.success, r.json.status]).toEqual([200, true, 'completed']);
      const o = (await s.order())!;
      expect(o.status).toBe('ordered');
      expect(await p.charged(o)).toEqual([{ cents: o.total_cents, currency: o.order_currency_code.toLowerCase() }]);
      await p.deliver();
      expect(await paymentsOf(o)).toEqual(['completed/captured']);
      expect(await mailsOf(o)).toEqual([
        `New Order #${o.order_increment_id}`,
        `Order Confirmation #${o.order_increment_id}`,
      ]);
      expect((await s.pay(await p.token('approved'))).status).toBe(409);
    });

    it('a declined card leaves the order payable; the next card pays it', async () => {
      const s = await subject.make(p);
      const r = await s.pay(await p.token('declined'));
      expect([r.status, r.json.success, r.json.status]).toEqual([402, false, 'failed']);
      expect((await s.order())!.status).toBe('pending_payment');
      await p.deliver();
      const again = await s.pay(await p.token('approved'));
      expect(again.status).toBe(200);
      const o = (await s.order())!;
      expect(await paymentsOf(o)).toEqual(['failed/failed', 'completed/captured']);
    });

    it.runIf(p.outcomes.includes('authenticate'))(
      'an authentication completes through the return page, once',
      async () => {
        const s = await subject.make(p);
        const r = await s.pay(await p.token('authenticate'));
        expect([r.status, r.json.status, r.json.nextAction?.type]).toEqual([202, 'on_hold', 'redirect_to_url']);
        const o = (await s.order())!;
        expect(await paymentsOf(o)).toEqual(['on_hold/awaiting_customer']);
        const body = await p.approve!(r.json);
        const v = await send(t.app, 'POST', `/api/payment/${p.method}/verify`, body);
        expect([v.status, v.json.success, v.json.status]).toEqual([200, true, 'completed']);
        expect(v.json.metadata.orderId).toBe(o.id);
        await p.deliver();
        expect((await s.order())!.status).toBe('ordered');
        expect(await paymentsOf(o)).toEqual(['completed/captured']);
        expect(await mailsOf(o)).toHaveLength(2);
      },
    );

    it.runIf(p.outcomes.includes('review'))(
      'a payment held for review answers the same to a second pay request, charging nothing more',
      async () => {
        const s = await subject.make(p);
        const r = await s.pay(await p.token('review'));
        expect([r.status, r.json.status]).toEqual([202, 'on_hold']);
        const o = (await s.order())!;
        const again = await s.pay(await p.token('approved'));
        expect([again.status, again.json.status, again.json.message]).toEqual([202, 'on_hold', r.json.message]);
        expect(await p.charged(o)).toHaveLength(1);
        expect(await paymentsOf(o)).toEqual(['on_hold/in_review']);
      },
    );
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
