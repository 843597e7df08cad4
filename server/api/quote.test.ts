import { afterEach, describe, expect, it } from 'vitest';
import { CARDS, cardToken, placeOrder, send } from '../commerce/testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createQuote } from '../quotes/quote-store.ts';
import { QUOTE_TOTAL, quoteInput } from '../quotes/testing.ts';
import { sandboxGateway } from '../sandbox-gateway/gateway.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
afterEach(async () => {
  await t.close();
});

async function setup(over: Parameters<typeof quoteInput>[0] = {}, ttlMs?: number) {
  t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
  const { quote, token } = await createQuote(t.db, t.clock, quoteInput(over), ttlMs);
  return { id: quote.id, token, quote };
}

const payQuote = async (quoteId: number, token: string, card = CARDS.approved) =>
  send(t.app, 'POST', '/api/quote/pay', {
    quoteId,
    token,
    paymentMethod: 'card',
    paymentToken: await cardToken(t.app, card),
  });
const convert = (quoteId: number, token: string, transactionId: string, extra: object = {}) =>
  send(t.app, 'POST', '/api/quote/convertToOrder', {
    quoteId,
    token,
    payment: {
      transactionId,
      method: 'card',
      methodLabel: 'Credit or Debit Card',
      amount: QUOTE_TOTAL,
      status: 'completed',
      ...extra,
    },
  });

describe('GET /api/quote', () => {
  it('answers the public fields with the server-computed totals, never the token hash', async () => {
    const { id, token } = await setup();
    const r = await send(t.app, 'GET', `/api/quote?quoteId=${id}&token=${token}`);
    expect(r.status).toBe(200);
    expect(r.json.quote).toMatchObject({
      id,
      quoteIncrementId: `Q${100_000_000 + id}`,
      poNumber: 'PO-1042',
      status: 'open',
      subtotal: 2589.99,
      shippingAmount: 150,
      taxAmount: 181.3,
      discountAmount: 100,
      total: QUOTE_TOTAL,
      orderIncrementId: null,
    });
    expect(r.json.quote.items).toMatchObject([
      { sku: 'CARLTON-B36-PW', qty: 2, price: 1250, rowTotal: 2500, notes: 'Soft-close hinges' },
      { sku: 'TK-8', qty: 1, rowTotal: 89.99 },
    ]);
    expect(r.json.quote.addresses.map((a: { type: string }) => a.type)).toEqual(['billing', 'shipping']);
    expect(r.text).not.toMatch(/token_hash|tokenHash/);
    expect(r.text).not.toContain(token);
    const row = await t.db.selectFrom('quotes').selectAll().executeTakeFirstOrThrow();
    expect(row.total_cents).toBe(282129);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an unknown quote and a wrong token get the same 400 quoteNotExist; an expired link tokenExpired', async () => {
    const { id, token } = await setup();
    const wrong = await send(t.app, 'GET', `/api/quote?quoteId=${id}&token=${token.slice(0, -2)}xx`);
    const unknown = await send(t.app, 'GET', `/api/quote?quoteId=${id + 99}&token=${token}`);
    const malformed = await send(t.app, 'GET', `/api/quote?quoteId=abc`);
    // Past PostgreSQL's integer (the id column there): no quote, not a 500.
    const huge = await send(t.app, 'GET', `/api/quote?quoteId=2147483648&token=${token}`);
    for (const r of [wrong, unknown, malformed, huge]) {
      expect(r.status).toBe(400);
      expect(r.json).toEqual({
        success: false,
        message: 'Quote not found. The link may be incorrect.',
        errorType: 'quoteNotExist',
      });
    }
    t.clock.advance(8 * 24 * 3600_000);
    const expired = await send(t.app, 'GET', `/api/quote?quoteId=${id}&token=${token}`);
    expect(expired.status).toBe(400);
    expect(expired.json).toEqual({
      success: false,
      message: 'The quote link has expired. Please contact admin to receive a new payment link.',
      errorType: 'tokenExpired',
    });
  });
});

describe('paying a quote and converting it', () => {
  it('pays the quote total, converts once into an order with its items and amounts, queues both e-mails', async () => {
    const { id, token } = await setup();
    const paid = await payQuote(id, token);
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ success: true, status: 'completed', amount: QUOTE_TOTAL });
    const intent = await t.db.selectFrom('sandbox_gateway_intents').selectAll().executeTakeFirstOrThrow();
    expect(intent.amount_cents).toBe(282129);
    expect(JSON.parse(intent.metadata)).toMatchObject({
      quoteId: String(id),
      quoteIncrementId: `Q${100_000_000 + id}`,
    });

    const r = await convert(id, token, paid.json.transactionId);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      success: true,
      message: 'Quote converted to order successfully',
      order: {
        email: 'ada@example.com',
        status: 'ordered',
        additionalNotes: 'Deliver after 9 am.',
        total: QUOTE_TOTAL,
      },
    });
    expect(r.json.order.orderIncrementId).toBe(String(100_000_000 + r.json.order.id));
    expect(r.json.order.payments[0]).toMatchObject({
      id: expect.any(Number),
      status: 'completed',
      amount: QUOTE_TOTAL,
    });
    expect(r.json.adminEmail).toEqual(expect.arrayContaining([expect.stringContaining('@')]));

    const items = await t.db.selectFrom('order_items').selectAll().orderBy('position').execute();
    expect(items.map((i) => [i.sku, i.qty, i.price_cents, i.row_total_cents])).toEqual([
      ['CARLTON-B36-PW', 2, 125000, 250000],
      ['TK-8', 1, 8999, 8999],
    ]);
    const order = await t.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      total_cents: 282129,
      subtotal_cents: 258999,
      shipping_amount_cents: 15000,
      tax_amount_cents: 18130,
      status: 'ordered',
    });
    const mails = await t.db.selectFrom('email_outbox').selectAll().execute();
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `New Order #${order.order_increment_id}`,
      `Order Confirmation #${order.order_increment_id}`,
    ]);
    const customerText = mails.find((m) => m.kind === 'order-confirmation')!.text;
    expect(customerText).toContain(
      `We have received your payment of $2,821.29 for quote #Q${100_000_000 + id} (2 lines)`,
    );
    // The quote's lines with their notes and its discount; nothing of samples.
    for (const m of mails) {
      expect(m.text).toContain(
        `Quote #Q${100_000_000 + id}:\n- Carlton base cabinet B36, Pure White (Soft-close hinges)`,
      );
      for (const line of ['Subtotal: $2,589.99', 'Discount: -$100.00', 'Tax: $181.30', 'Total: $2,821.29'])
        expect(m.text).toContain(line);
      expect(m.text).not.toContain('Sample doors ship');
    }

    // Again: the same order, nothing new.
    const again = await convert(id, token, paid.json.transactionId);
    expect(again.json.order.id).toBe(r.json.order.id);
    expect(await t.db.selectFrom('orders').selectAll().execute()).toHaveLength(1);
    expect(await t.db.selectFrom('email_outbox').selectAll().execute()).toHaveLength(2);
    // The link now says paid, with the order number; no second payment.
    const view = await send(t.app, 'GET', `/api/quote?quoteId=${id}&token=${token}`);
    expect(view.json.quote).toMatchObject({ status: 'paid', orderIncrementId: order.order_increment_id });
    expect((await payQuote(id, token)).status).toBe(409);
  });

  it('20 concurrent converts give one order', async () => {
    const { id, token } = await setup();
    const paid = await payQuote(id, token);
    const all = await Promise.all(Array.from({ length: 20 }, () => convert(id, token, paid.json.transactionId)));
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(all.map((r) => r.json.order.id)).size).toBe(1);
    expect(await t.db.selectFrom('orders').selectAll().execute()).toHaveLength(1);
    expect(await t.db.selectFrom('payments').selectAll().execute()).toHaveLength(1);
    expect(await t.db.selectFrom('email_outbox').selectAll().execute()).toHaveLength(2);
  });

  it("refuses tampered payment objects: another order's transaction, a smaller amount, a failed payment, a wrong token", async () => {
    const { id, token } = await setup();
    // Another order's real, completed payment.
    const other = await placeOrder(t.app);
    const otherPay = await send(t.app, 'POST', '/api/order/pay', {
      id: other.id,
      token: other.token,
      paymentToken: await cardToken(t.app, CARDS.approved),
    });
    expect(otherPay.status).toBe(200);
    const stolen = await convert(id, token, otherPay.json.payment.transactionId);
    expect(stolen.status).toBe(422);
    expect(stolen.json).toMatchObject({ success: false, message: 'This payment is not for this quote.' });

    // A completed charge naming this quote, for less than its total, made at the gateway by
    // somebody else: no payment of the quote's order has it (the caller claims the full amount).
    const gateway = sandboxGateway(t.db, t.clock);
    const small = await gateway.charge({
      token: await cardToken(t.app, CARDS.approved),
      amountCents: 100,
      currency: 'usd',
      metadata: { quoteId: String(id) },
      idempotencyKey: 'tamper-small',
      returnUrl: '/x',
    });
    const smaller = await convert(id, token, small.id);
    expect(smaller.status).toBe(422);
    expect(smaller.json).toMatchObject({ success: false, message: 'This payment is not for this quote.' });

    // A declined payment of this quote.
    const declined = await payQuote(id, token, CARDS.declined);
    expect(declined.status).toBe(402);
    const failed = await convert(id, token, declined.json.transactionId, { status: 'completed' });
    expect(failed.status).toBe(422);
    expect(failed.json.success).toBe(false);

    // A made-up transaction id: the provider does not know it.
    const madeUp = await convert(id, token, 'sandbox_ch_000000000000000000000000');
    expect(madeUp.status).toBe(422);
    expect(madeUp.json).toEqual({ success: false, message: 'Payment not found' });

    // None of it paid the quote: its order (written by its first pay) is unpaid, the quote open.
    expect(await t.db.selectFrom('orders').select(['status']).where('id', '!=', other.id).execute()).toEqual([
      { status: 'pending_payment' },
    ]);
    expect((await t.db.selectFrom('quotes').select('status').executeTakeFirstOrThrow()).status).toBe('open');

    // The right payment with a wrong token.
    const good = await payQuote(id, token);
    expect(good.json).toMatchObject({ success: true, status: 'completed' });
    const wrongToken = await convert(id, `${token}x`, good.json.transactionId);
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.json.errorType).toBe('quoteNotExist');
    // The genuine payment converts.
    expect((await convert(id, token, good.json.transactionId)).status).toBe(200);
    expect((await t.db.selectFrom('quotes').select('status').executeTakeFirstOrThrow()).status).toBe('paid');
  });
});

describe('a quote charge that needs authentication comes back through the verify page', () => {
  it('converts the quote there (metadata quoteId, no orderId): one order, whatever the repeats', async () => {
    const { id, token } = await setup();
    const r = await payQuote(id, token, CARDS.authenticate);
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({
      success: false,
      status: 'on_hold',
      message: 'Additional authentication required',
      nextAction: { type: 'redirect_to_url' },
    });
    const url = r.json.nextAction.url as string;
    const secret = new URL(url, 'http://shop').searchParams.get('client_secret')!;
    const verify = (s = secret) =>
      send(t.app, 'POST', '/api/payment/card/verify', {
        paymentIntentId: r.json.transactionId,
        paymentIntentClientSecret: s,
      });

    // Before the card holder answers: not paid, no order.
    expect((await verify()).json).toMatchObject({ success: false, error: 'Additional authentication required' });
    expect((await verify('wrong')).status).toBe(404);

    const back = await t.app.request(url, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secret, decision: 'approve' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(new URL(back.headers.get('location')!, 'http://shop').pathname).toBe('/payment/verify/card');
    const done = await verify();
    expect(done.status).toBe(200);
    const order = await t.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(done.json).toMatchObject({
      success: true,
      status: 'completed',
      metadata: { orderId: order.id, orderIncrementId: order.order_increment_id, quoteId: id },
    });
    expect(order.total_cents).toBe(282129);
    expect((await verify()).json.metadata.orderId).toBe(order.id);
    // The page's convert after the return answers with the same order.
    expect((await convert(id, token, r.json.transactionId)).json.order.id).toBe(order.id);
    expect(await t.db.selectFrom('orders').selectAll().execute()).toHaveLength(1);
    expect(await t.db.selectFrom('email_outbox').selectAll().execute()).toHaveLength(2);
    expect(await t.db.selectFrom('quotes').select(['status', 'order_id']).executeTakeFirstOrThrow()).toEqual({
      status: 'paid',
      order_id: order.id,
    });
  });
});

describe('limits', () => {
  it('GET /api/quote is limited per address: a token cannot be guessed by trying', async () => {
    t = await createTestServer({
      siteDir: FIXTURE_SHOP_DIR,
      dist: false,
      config: { payRateLimit: { limit: 3, windowMs: 60_000 } },
    });
    const { quote } = await createQuote(t.db, t.clock, quoteInput());
    const tries = [];
    for (let i = 0; i < 4; i++) tries.push(await send(t.app, 'GET', `/api/quote?quoteId=${quote.id}&token=guess${i}`));
    expect(tries.map((r) => r.status)).toEqual([400, 400, 400, 429]);
    expect(tries[3]!.json).toEqual({
      success: false,
      message: 'Too many requests from your address. Please wait a few minutes and try again.',
    });
  });
});

describe('paying again', () => {
  it('a quote paid once is not charged again: a second pay is refused, the convert answers its order', async () => {
    const { id, token } = await setup();
    const first = await payQuote(id, token);
    expect(first.status).toBe(200);
    const second = await payQuote(id, token);
    expect(second.status).toBe(409);
    expect(second.json).toEqual({ success: false, message: 'This quote has already been paid.' });
    expect(await t.db.selectFrom('sandbox_gateway_intents').selectAll().execute()).toHaveLength(1);
    const c = await convert(id, token, first.json.transactionId);
    expect(c.status).toBe(200);
    expect(c.json.order.payments).toEqual([
      expect.objectContaining({ transactionId: first.json.transactionId, status: 'completed' }),
    ]);
  });

  it('an authentication left open is canceled when another payment starts: approving it later charges nothing', async () => {
    const { id, token } = await setup();
    const waiting = await payQuote(id, token, CARDS.authenticate);
    expect(waiting.status).toBe(202);
    const paid = await payQuote(id, token);
    expect(paid.status).toBe(200);
    const url = waiting.json.nextAction.url as string;
    const secret = new URL(url, 'http://shop').searchParams.get('client_secret')!;
    await t.app.request(url, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secret, decision: 'approve' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const intents = await t.db.selectFrom('sandbox_gateway_intents').select(['id', 'status']).execute();
    expect(intents.find((i) => i.id === waiting.json.transactionId)!.status).toBe('canceled');
    // The quote is paid by the second payment alone: its order has one completed payment.
    const c = await convert(id, token, paid.json.transactionId);
    expect(c.status).toBe(200);
    expect(
      c.json.order.payments.map((p: { transactionId: string; status: string }) => [p.transactionId, p.status]),
    ).toEqual([
      [waiting.json.transactionId, 'failed'],
      [paid.json.transactionId, 'completed'],
    ]);
  });
});
