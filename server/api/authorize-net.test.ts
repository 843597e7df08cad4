/**
 * Authorize.Net end to end on the server: POST /api/payment/authorize-net/process-transaction
 * through the provider's plain fetch to the local stand-in (server/testing/authorize-net-stand-in.ts),
 * which answers with a byte-order mark like the real API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { JANE, placeOrder, send } from '../commerce/testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import {
  ANET_TEST_CARDS,
  ANET_TEXTS,
  opaqueValueFor,
  startAuthorizeNetStandIn,
  type AuthorizeNetStandIn,
} from '../testing/authorize-net-stand-in.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer | undefined;
let anet: AuthorizeNetStandIn | undefined;
afterEach(async () => {
  await t?.close();
  await anet?.close();
  t = anet = undefined;
});

async function setup(env: Record<string, string> = {}) {
  anet = await startAuthorizeNetStandIn();
  // With the fake build: the checkout page's Content-Security-Policy is what lets Accept.js load.
  t = await createTestServer({
    siteDir: FIXTURE_SHOP_DIR,
    config: { origin: 'https://shop.test' },
    paymentEnv: { ...anet.env(), ...env },
  });
  return { anet, t };
}

const DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';
const process = (body: Record<string, unknown>) =>
  send(t!.app, 'POST', '/api/payment/authorize-net/process-transaction', { dataDescriptor: DESCRIPTOR, ...body });
const payWith = (o: { id: number; token: string }, card: string, extra: Record<string, unknown> = {}) =>
  process({ orderId: o.id, token: o.token, dataValue: opaqueValueFor(card), ...extra });
const outbox = () => t!.db.selectFrom('email_outbox').select(['kind']).orderBy('id').execute();
const orderRow = (id: number) =>
  t!.db
    .selectFrom('orders')
    .select(['status', 'total_cents', 'order_increment_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const creates = () => anet!.requests.filter((r) => r.kind === 'createTransactionRequest');

describe('Authorize.Net process-transaction through the stand-in', () => {
  it('charges the server total: createTransactionRequest in schema order, the order ids and addresses; code 1 orders and queues the e-mails', async () => {
    await setup();
    const o = await placeOrder(t!.app, { paymentMethod: 'authorize-net' });
    const r = await payWith(o, ANET_TEST_CARDS.approved, {
      amount: o.order.total,
      additionalData: { customer: { email: 'x@example.com' }, billTo: { zip: '46282' } },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      success: true,
      status: 'completed',
      message: 'Payment successful',
      transactionId: expect.stringMatching(/^\d+$/),
      transactionResponse: { responseCode: 1 },
    });
    expect(r.json.order).toMatchObject({ id: o.id, status: 'ordered' });
    expect(r.json.payment).toMatchObject({ status: 'completed' });

    const row = await orderRow(o.id);
    const [req, ...more] = creates();
    expect(more).toEqual([]);
    const body = req!.body.createTransactionRequest;
    expect(Object.keys(body)).toEqual(['merchantAuthentication', 'refId', 'transactionRequest']);
    expect(body.merchantAuthentication).toEqual({ name: anet!.loginId, transactionKey: anet!.transactionKey });
    const tr = body.transactionRequest;
    expect(Object.keys(tr)).toEqual(['transactionType', 'amount', 'payment', 'order', 'customer', 'billTo', 'shipTo']);
    expect(tr).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: (row.total_cents / 100).toFixed(2),
      order: { invoiceNumber: row.order_increment_id },
      customer: { email: JANE.email },
    });
    expect(tr.payment.opaqueData.dataDescriptor).toBe(DESCRIPTOR);
    // The stored address, not the client's additionalData.
    expect(tr.billTo).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      address: '2150 Westbelt Drive Suite 4',
      city: 'Columbus',
      state: 'OH',
      zip: '43228',
      country: 'US',
      phoneNumber: '(614) 555-0143',
    });
    expect(Object.keys(tr.shipTo)).toEqual(['firstName', 'lastName', 'address', 'city', 'state', 'zip', 'country']);
    expect(anet!.transactions.get(r.json.transactionId)!.amount).toBe((row.total_cents / 100).toFixed(2));
    expect((await outbox()).map((m) => m.kind).sort()).toEqual(['order-confirmation', 'order-confirmation-admin']);
  });

  it('refuses a client amount other than the total (422) before the gateway is called, and card fields', async () => {
    await setup();
    const o = await placeOrder(t!.app, { paymentMethod: 'authorize-net' });
    const r = await payWith(o, ANET_TEST_CARDS.approved, { amount: 0.01 });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      success: false,
      message: 'The amount does not match the order total.',
      errors: { amount: 'The amount does not match the order total.' },
    });
    expect((await payWith(o, ANET_TEST_CARDS.approved, { dataDescriptor: 'OTHER' })).status).toBe(422);
    expect((await payWith(o, ANET_TEST_CARDS.approved, { cardNumber: ANET_TEST_CARDS.approved })).status).toBe(422);
    expect((await payWith({ ...o, token: 'wrong' }, ANET_TEST_CARDS.approved)).status).toBe(403);
    expect((await process({ orderId: o.id, token: o.token })).status).toBe(422);
    expect(creates()).toEqual([]);
    expect(await t!.db.selectFrom('payments').selectAll().execute()).toEqual([]);
  });

  it('code 3: the gateway text to the shopper, the history names the transaction, the order is kept; a retry on the same order pays it', async () => {
    await setup();
    const o = await placeOrder(t!.app, { paymentMethod: 'authorize-net' });
    const r = await payWith(o, ANET_TEST_CARDS.declined);
    expect(r.status).toBe(402);
    expect(r.json).toMatchObject({
      success: false,
      status: 'failed',
      message: ANET_TEXTS.declined,
      transactionResponse: { responseCode: 3 },
    });
    expect(r.json.order.statusHistory.at(-1)).toMatchObject({
      status: 'pending_payment',
      comment: `Payment failed for transaction id ${r.json.transactionId}: ${ANET_TEXTS.declined}`,
    });
    expect((await orderRow(o.id)).status).toBe('pending_payment');
    expect(await outbox()).toEqual([]);

    const again = await payWith(o, ANET_TEST_CARDS.approved);
    expect(again.status).toBe(200);
    expect((await orderRow(o.id)).status).toBe('ordered');
    expect(await t!.db.selectFrom('orders').select('id').execute()).toHaveLength(1);
    expect(await t!.db.selectFrom('payments').select('status').orderBy('id').execute()).toEqual([
      { status: 'failed' },
      { status: 'completed' },
    ]);
  });

  it('a billing zip of 46282 declines at the stand-in', async () => {
    await setup();
    const o = await placeOrder(t!.app, {
      paymentMethod: 'authorize-net',
      billing: { ...JANE, state: 'IN', city: 'Indianapolis', zipCode: '46282' },
    });
    const r = await payWith(o, ANET_TEST_CARDS.approved);
    expect(r.status).toBe(402);
    expect(r.json.message).toBe(ANET_TEXTS.declined);
  });

  it('code 4: held for review, order pending_payment, no e-mail, a second payment gets the held answer; code 2: pending', async () => {
    await setup();
    const o = await placeOrder(t!.app, { paymentMethod: 'authorize-net' });
    const r = await payWith(o, ANET_TEST_CARDS.heldForReview);
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({
      success: false,
      status: 'on_hold',
      message: 'Your payment is being reviewed. We will contact you by e-mail once it is approved.',
      transactionResponse: { responseCode: 4 },
    });
    expect((await orderRow(o.id)).status).toBe('pending_payment');
    expect(await outbox()).toEqual([]);
    // Another card for the held order: the held answer again, nothing sent to the gateway.
    const charges = creates().length;
    const again = await payWith(o, ANET_TEST_CARDS.approved);
    expect(again.status).toBe(202);
    expect(again.json).toEqual(r.json);
    expect(creates().length).toBe(charges);

    const p = await placeOrder(t!.app, { paymentMethod: 'authorize-net' });
    const pending = await payWith(p, ANET_TEST_CARDS.pending);
    expect(pending.status).toBe(202);
    expect(pending.json).toMatchObject({ status: 'pending', transactionResponse: { responseCode: 2 } });
    expect((await orderRow(p.id)).status).toBe('pending_payment');
    expect(await outbox()).toEqual([]);
  });

  it('a gateway that does not answer: a clear message within the timeout, the order kept, no 5xx; the next attempt pays', async () => {
    await setup({ AUTHORIZE_NET_TIMEOUT_MS: '300' });
    const o = await placeOrder(t!.app, { paymentMethod: 'authorize-net' });
    const r = await payWith(o, ANET_TEST_CARDS.hang);
    expect(r.status).toBe(402);
    expect(r.json).toMatchObject({
      success: false,
      status: 'failed',
      message: 'The payment gateway did not answer in time. Please try again.',
    });
    expect((await orderRow(o.id)).status).toBe('pending_payment');
    expect((await payWith(o, ANET_TEST_CARDS.approved)).status).toBe(200);
  });

  it('bad credentials at the gateway: the attempt fails with its message, never a 500', async () => {
    await setup({ AUTHORIZE_NET_TRANSACTION_KEY: 'wrong' });
    const o = await placeOrder(t!.app, { paymentMethod: 'authorize-net' });
    const r = await payWith(o, ANET_TEST_CARDS.approved);
    expect(r.status).toBe(402);
    expect(r.json.message).toBe('User authentication failed due to invalid authentication values.');
    expect(r.json.order.statusHistory.at(-1).comment).toBe(
      `Payment failed for order ${o.order.orderIncrementId}: User authentication failed due to invalid authentication values.`,
    );
  });

  it("without the AUTHORIZE_NET_* values the method is not offered and the route says so; with them only public keys go out, and the pages' CSP allows Accept.js", async () => {
    t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR });
    const none = await send(t.app, 'GET', '/api/payment-methods?scope=sample-order');
    expect(none.json.paymentMethods.map((m: { name: string }) => m.name)).not.toContain('authorize-net');
    const pageCsp = (await t.app.request('/')).headers.get('content-security-policy');
    expect(pageCsp).toContain("default-src 'self'");
    expect(pageCsp).not.toContain('authorize.net');
    const o = await placeOrder(t.app);
    expect((await payWith(o, ANET_TEST_CARDS.approved)).status).toBe(422);
    await t.close();

    await setup();
    const some = await send(t!.app, 'GET', '/api/payment-methods?scope=sample-order');
    const m = some.json.paymentMethods.find((x: { name: string }) => x.name === 'authorize-net');
    expect(m).toMatchObject({
      gateway: 'authorize-net',
      config: {
        acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js',
        clientKey: anet!.clientKey,
        apiLoginID: anet!.loginId,
        loginId: anet!.loginId,
      },
    });
    expect(some.text).not.toContain(anet!.transactionKey);
    const csp = (await t!.app.request('/')).headers.get('content-security-policy') ?? '';
    expect(/script-src [^;]*https:\/\/jstest\.authorize\.net/.test(csp)).toBe(true);
  });
});
