import { afterEach, describe, expect, it } from 'vitest';
import { CARDS, JANE, cardToken, orderBody, placeOrder, send } from '../commerce/testing.ts';
import { smtpMailer } from '../mail/transports.ts';
import type { Mailer } from '../mail/message.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer<Mailer>;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await t.close();
  t.mailer.close();
  await sink?.close();
  sink = undefined;
});

async function server(withSmtp = false) {
  if (withSmtp) sink = await startSmtpSink();
  t = await createTestServer<Mailer>({
    siteDir: FIXTURE_SHOP_DIR,
    dist: false,
    ...(sink ? { mailer: smtpMailer(sink.url, 'Hearthline <no-reply@hearthlinecabinetry.com>') } : {}),
  });
  return t;
}

/** The page's two steps: the card to the sandbox gateway's tokenizer, the token to our API. */
const pay = async (id: number, token: string, card: (typeof CARDS)[keyof typeof CARDS], extra: object = {}) =>
  send(t.app, 'POST', '/api/order/pay', { id, token, paymentToken: await cardToken(t.app, card), ...extra });
const rows = (table: 'payments' | 'orders' | 'email_outbox') =>
  t.db.selectFrom(table).selectAll().orderBy('id').execute();

describe('POST /api/order/pay', () => {
  it('a completed payment makes the order ordered, stores the payment under its status, keeps only brand and last 4', async () => {
    await server();
    const { id, token } = await placeOrder(t.app);
    const r = await pay(id, token, CARDS.approved);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, message: 'Payment successful', status: 'completed' });
    expect(r.json.order).toMatchObject({ id, status: 'ordered', total: 16.02 });
    expect(r.json.payment).toMatchObject({
      method: 'card',
      methodLabel: 'Credit or Debit Card',
      status: 'completed',
      amount: 16.02,
      amountPaid: 16.02,
      transactionId: expect.stringMatching(/^sandbox_ch_[0-9a-f]{24}$/),
    });
    expect(r.json.payment.additionalData).toEqual({
      gateway: 'sandbox',
      responseCode: 1,
      sandboxStatus: 'succeeded',
      message: 'This transaction has been approved.',
      brand: 'visa',
      last4: '4242',
    });
    // Integer cents in the database; the gateway charged the server's total.
    expect((await rows('payments'))[0]!.amount_cents).toBe(1602);
    expect(await t.db.selectFrom('sandbox_gateway_intents').select('amount_cents').execute()).toEqual([
      { amount_cents: 1602 },
    ]);
    expect(r.json.order.statusHistory.map((h: { status: string }) => h.status)).toEqual(['pending', 'ordered']);
    expect(r.json.order.statusHistory[1].comment).toMatch(
      /^Payment of \$16\.02 completed by Credit or Debit Card \(transaction sandbox_ch_/,
    );

    // Neither the card number nor the CVV is anywhere in the database.
    const dump = JSON.stringify([await rows('payments'), await rows('orders'), await rows('email_outbox')]);
    expect(dump).not.toContain('4242424242424242');
    expect(dump).not.toMatch(/"cvv"|"123"/);

    const again = await pay(id, token, CARDS.approved);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ success: false, message: 'This order has already been paid.' });
    expect(await rows('payments')).toHaveLength(1);
  });

  it('declined, then approved on the same order: one order, two payments', async () => {
    await server();
    const { id, token } = await placeOrder(t.app);
    const declined = await pay(id, token, CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.json).toMatchObject({ success: false, message: 'Your card was declined.', status: 'failed' });
    expect(declined.json.order.status).toBe('pending_payment');
    expect(declined.json.order.statusHistory.at(-1)).toMatchObject({
      status: 'pending_payment',
      comment: 'Payment failed for order 100000001: Your card was declined.',
    });
    expect(await t.db.selectFrom('email_outbox').selectAll().execute()).toEqual([]);

    const approved = await pay(id, token, CARDS.approved);
    expect(approved.status).toBe(200);
    expect(approved.json.order.status).toBe('ordered');
    expect((await rows('orders')).map((o) => [o.id, o.status])).toEqual([[id, 'ordered']]);
    expect((await rows('payments')).map((p) => [p.order_id, p.status, JSON.parse(p.additional_data).last4])).toEqual([
      [id, 'failed', '0002'],
      [id, 'completed', '4242'],
    ]);
  });

  it('a payment held for review places the order: a replayed or second pay request, and a checkout with the same key, get the held order; one order, one hold, no second charge', async () => {
    await server();
    const body = orderBody();
    const created = await send(t.app, 'POST', '/api/order', body);
    const { id } = created.json.order;
    const token = created.json.orderToken;
    const reviewToken = await cardToken(t.app, CARDS.review);
    const payBody = { id, token, paymentToken: reviewToken };
    const held = await send(t.app, 'POST', '/api/order/pay', payBody);
    expect(held.status).toBe(202);
    expect(held.json).toMatchObject({
      success: false,
      status: 'on_hold',
      message: 'Your payment is being reviewed. We will contact you by e-mail once it is approved.',
    });
    expect(held.json.payment.additionalData).toMatchObject({ responseCode: 4 });
    expect(held.json.order.status).toBe('pending_payment');

    // The same request again (a replay), then another card: the held answer, nothing charged.
    const replay = await send(t.app, 'POST', '/api/order/pay', payBody);
    expect(replay.status).toBe(202);
    expect(replay.json).toEqual(held.json);
    const other = await pay(id, token, CARDS.approved);
    expect(other.status).toBe(202);
    expect(other.json).toMatchObject({ status: 'on_hold', payment: { id: held.json.payment.id }, order: { id } });

    // A checkout of the same cart (its key), even with other details: the held order, not a new one.
    const again = await send(t.app, 'POST', '/api/order', body);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ order: { id }, orderToken: token });
    const changed = await send(t.app, 'POST', '/api/order', { ...body, billing: { ...JANE, firstName: 'Janet' } });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ order: { id, addresses: [{ firstName: 'Jane' }, { firstName: 'Jane' }] } });
    // Its details stay as they were placed.
    const patched = await send(t.app, 'PATCH', '/api/order', { id, token, additionalNotes: 'Leave at the door' });
    expect(patched.status).toBe(409);
    expect(patched.json.message).toBe('The payment for this order is being reviewed. We will contact you by e-mail.');

    expect((await rows('orders')).map((o) => [o.id, o.status])).toEqual([[id, 'pending_payment']]);
    expect((await rows('payments')).map((p) => [p.order_id, p.status])).toEqual([[id, 'on_hold']]);
    expect(await t.db.selectFrom('sandbox_gateway_intents').select('status').execute()).toHaveLength(1);
    expect(await rows('email_outbox')).toEqual([]);
    // The answers hold no lease afterwards.
    expect(
      await t.db.selectFrom('orders').select('payment_lock_until').where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual({ payment_lock_until: null });
  });

  it('a key whose order is not held still refuses another request (409); a paid one too', async () => {
    await server();
    const body = orderBody();
    const created = await send(t.app, 'POST', '/api/order', body);
    const other = { ...body, billing: { ...JANE, firstName: 'Janet' } };
    expect((await send(t.app, 'POST', '/api/order', other)).status).toBe(409);
    const paid = await pay(created.json.order.id, created.json.orderToken, CARDS.approved);
    expect(paid.status).toBe(200);
    const r = await send(t.app, 'POST', '/api/order', other);
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('This idempotency key was already used for a different checkout.');
  });

  it('takes no card: card fields are refused, a token is required, the order token too; a method not available is refused', async () => {
    await server();
    const { id, token } = await placeOrder(t.app);
    const withCard = await send(t.app, 'POST', '/api/order/pay', { id, token, card: CARDS.approved });
    expect(withCard.status).toBe(422);
    expect(withCard.json).toEqual({
      success: false,
      message: 'Card details must be entered in the payment form, not sent to the shop.',
      errors: { card: 'Card details must be entered in the payment form, not sent to the shop.' },
    });
    const both = await send(t.app, 'POST', '/api/order/pay', {
      id,
      token,
      paymentToken: await cardToken(t.app, CARDS.approved),
      cardNumber: '4242424242424242',
      cvv: '123',
    });
    expect(both.status).toBe(422);
    const none = await send(t.app, 'POST', '/api/order/pay', { id, token });
    expect(none.status).toBe(422);
    expect(none.json.errors).toEqual({ paymentToken: 'This field is required' });
    const made = await send(t.app, 'POST', '/api/order/pay', { id, token, paymentToken: 'tok_sandbox_made_up' });
    expect(made.status).toBe(402);
    expect(made.json.message).toBe('The card token is invalid, used or expired. Please enter your card again.');
    expect((await pay(id, 'nope', CARDS.approved)).status).toBe(403);
    expect(
      (await send(t.app, 'POST', '/api/order/pay', { id, paymentToken: await cardToken(t.app, CARDS.approved) }))
        .status,
    ).toBe(403);
    const stripe = await pay(id, token, CARDS.approved, { paymentMethod: 'stripe' });
    expect(stripe.status).toBe(422);
    expect(stripe.json.errors).toEqual({ paymentMethod: 'Payment method not available' });
    expect((await rows('payments')).map((p) => p.status)).toEqual(['failed']);
  });

  it('the sandbox gateway checks the card with the spec messages before it makes a token', async () => {
    await server();
    const bad = await send(t.app, 'POST', '/sandbox-gateway/v1/tokens', {
      number: '4242 4242',
      expMonth: '13',
      expYear: '2024',
      cvv: '12345',
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.errors).toEqual({
      number: 'Card number is invalid',
      expMonth: 'Expiry month is invalid',
      expYear: 'Expiry year is invalid',
      cvv: 'CVV is invalid',
    });
    const empty = await send(t.app, 'POST', '/sandbox-gateway/v1/tokens', {});
    expect(empty.json.error.errors).toEqual({
      number: 'Card number is required',
      expMonth: 'Expiry is required',
      expYear: 'Expiry is required',
      cvv: 'CVV is required',
    });
    const script = await t.app.request('/sandbox-gateway/v1/tokenizer.js');
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await script.text()).toContain('window.SandboxGateway');
  });

  it('two pay requests at once charge the order once', async () => {
    await server();
    const { id, token } = await placeOrder(t.app);
    const results = await Promise.all([
      pay(id, token, CARDS.approved),
      pay(id, token, CARDS.approved),
      pay(id, token, CARDS.approved),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(['A payment for this order is already in progress.', 'This order has already been paid.']).toContain(
        r.json.message,
      );
    expect((await rows('payments')).filter((p) => p.status === 'completed')).toHaveLength(1);
  });

  it('e-mails the customer and the shop through a real SMTP server, then marks the order emailSent', async () => {
    await server(true);
    const { id, token } = await placeOrder(t.app, {
      billing: {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        phoneNumber: '614-555-0143',
        street1: '2150 Westbelt Drive',
        street2: '',
        city: 'Columbus',
        state: 'OH',
        zipCode: '43228',
        countryId: 'US',
      },
      sameAsBilling: false,
      shipping: {
        firstName: 'Sam',
        lastName: 'Doe',
        email: 'sam@example.com',
        phoneNumber: '(212) 555-0199',
        street1: '11 Wall Street',
        street2: 'Floor 5',
        city: 'New York',
        state: 'NY',
        zipCode: '10005',
        countryId: 'US',
      },
    });
    expect((await pay(id, token, CARDS.approved)).status).toBe(200);
    expect(await t.outbox.drain()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const mails = await sink!.waitFor(2);
    const customer = mails.find((m) => m.subject === 'Order Confirmation #100000001')!;
    const admin = mails.find((m) => m.subject === 'New Order #100000001')!;
    expect(customer.envelope.to).toEqual(['jane@example.com']);
    expect(customer.cc).toBe('');
    expect(admin.to).toBe('orders@hearthlinecabinetry.com');
    expect(admin.cc).toBe('sales@hearthlinecabinetry.com');
    expect(admin.envelope.to.sort()).toEqual(['orders@hearthlinecabinetry.com', 'sales@hearthlinecabinetry.com']);
    for (const m of [customer, admin]) {
      // NYC: 8.875% on the chip (0.88) and on standard shipping (0.44).
      for (const text of [
        'Carlton sample door, Pure White',
        'SKU QZ-CG-CH-POL',
        'Subtotal: $9.95',
        'Shipping (Standard Sample Shipping): $4.95',
        'Tax: $1.32',
        'Total: $16.22',
        'Payment method: Credit or Debit Card',
        'Payment status: Paid',
        'Phone: 614-555-0143',
        'Phone: (212) 555-0199',
        '11 Wall Street',
        'New York, NY 10005',
        'Columbus, OH 43228',
        'Order date: Jan 15, 2025, 7:00:00 AM EST',
      ])
        expect(m.text).toContain(text);
      expect(m.html).toContain('<strong>Payment status:</strong> Paid');
      expect(m.html).toContain('Calacatta Gold quartz sample, polished');
      // A sample order speaks of samples and says when they ship.
      expect(m.text).toMatch(/\nSamples:\r?\n- Carlton sample door, Pure White, /);
      expect(m.text).toContain('We will e-mail tracking details as soon as your samples leave our warehouse');
      expect(m.html).toContain('We will e-mail tracking details as soon as your samples leave our warehouse');
    }
    expect(customer.text).toContain('We have received your order of 2 samples and will let you know when they ship.');
    const o = await send(t.app, 'GET', `/api/order/${id}`, undefined, { 'x-order-token': token });
    expect(o.json.order.emailSent).toBe(true);
    expect(o.json.order.statusHistory.at(-1)).toMatchObject({
      status: 'ordered',
      comment: 'Order confirmation e-mail sent to the customer.',
      isCustomerNotified: true,
    });
  });

  it('a mail outage never fails the order: the e-mail is retried and emailSent set when it goes out', async () => {
    await server(true);
    sink!.rejectNext(2, 451, 'Mailbox busy, try later');
    const { id, token } = await placeOrder(t.app);
    expect((await pay(id, token, CARDS.approved)).status).toBe(200);
    expect(await t.outbox.drain()).toEqual({ sent: 0, retried: 2, failed: 0 });
    const before = await rows('orders');
    expect(before[0]).toMatchObject({ status: 'ordered', email_sent: 0 });
    t.clock.advance(60_000);
    expect(await t.outbox.drain()).toEqual({ sent: 2, retried: 0, failed: 0 });
    await sink!.waitFor(2);
    expect((await rows('orders'))[0]).toMatchObject({ status: 'ordered', email_sent: 1 });
  });
});
