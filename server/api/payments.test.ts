import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARDS, cardToken, placeOrder, send } from '../commerce/testing.ts';
import { commerceFor } from '../commerce/app-commerce.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
beforeEach(async () => {
  t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
});
afterEach(() => t.close());

/** Pays with the card that needs authentication; returns the link the page must open. */
async function needsAuthentication() {
  const { id, token } = await placeOrder(t.app);
  const r = await send(t.app, 'POST', '/api/order/pay', {
    id,
    token,
    paymentToken: await cardToken(t.app, CARDS.authenticate),
  });
  expect(r.status).toBe(202);
  expect(r.json).toMatchObject({
    success: false,
    status: 'on_hold',
    message: 'Additional authentication required',
    nextAction: { type: 'redirect_to_url' },
  });
  const url = r.json.nextAction.url as string;
  const secret = new URL(url, 'http://shop').searchParams.get('client_secret')!;
  return { id, token, url, secret, intent: r.json.payment.transactionId as string };
}

const decide = (url: string, secret: string, decision: string) =>
  t.app.request(url, {
    method: 'POST',
    body: new URLSearchParams({ client_secret: secret, decision }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const verify = (intent: string, secret: string, method = 'card') =>
  send(t.app, 'POST', `/api/payment/${method}/verify`, { paymentIntentId: intent, paymentIntentClientSecret: secret });

describe('sandbox gateway authentication (test card 4000 0025 0000 3155)', () => {
  it('shows the order on an authentication page; Approve completes the payment and returns to the verify page', async () => {
    const { id, token, url, secret, intent } = await needsAuthentication();
    expect(url).toMatch(/^\/sandbox-gateway\/authenticate\/sandbox_pi_[0-9a-f]{32}\?client_secret=/);
    const before = await verify(intent, secret);
    expect(before.json).toMatchObject({
      success: false,
      error: 'Additional authentication required',
      status: 'on_hold',
    });

    const pageRes = await t.app.request(url);
    expect(pageRes.status).toBe(200);
    const html = await pageRes.text();
    expect(html).toContain('<h1>Confirm your card payment</h1>');
    expect(html).toContain('#100000001');
    expect(html).toContain('$16.02');
    expect(html).toContain('Visa ending in 3155');
    expect(html).toMatch(/<button type="submit" name="decision" value="approve">Approve<\/button>/);

    const approved = await decide(url, secret, 'approve');
    expect(approved.status).toBe(303);
    const next = new URL(approved.headers.get('location')!, 'http://shop');
    expect(next.pathname).toBe('/payment/verify/card');
    expect(next.searchParams.get('payment_intent')).toBe(intent);

    const after = await verify(
      next.searchParams.get('payment_intent')!,
      next.searchParams.get('payment_intent_client_secret')!,
    );
    expect(after.status).toBe(200);
    expect(after.json).toEqual({
      success: true,
      status: 'completed',
      transactionId: intent,
      transactionResponse: { amount: 16.02, responseCode: 1, message: 'This transaction has been approved.' },
      metadata: { orderId: id, orderIncrementId: '100000001', paymentId: 1 },
    });
    const order = await send(t.app, 'GET', `/api/order/${id}`, undefined, { 'x-order-token': token });
    expect(order.json.order.status).toBe('ordered');
    expect(order.json.order.payments).toHaveLength(1);
    expect((await t.db.selectFrom('email_outbox').select('subject').execute()).map((m) => m.subject).sort()).toEqual([
      'New Order #100000001',
      'Order Confirmation #100000001',
    ]);

    // A second click changes nothing; the page now says so.
    expect((await decide(url, secret, 'decline')).status).toBe(303);
    expect((await verify(intent, secret)).json.status).toBe('completed');
    expect(await (await t.app.request(url)).text()).toContain('no longer waiting');
  });

  it("one settle step: the gateway's notice, the return page and a repeat settle the order once, with one pair of e-mails", async () => {
    const { id, url, secret, intent } = await needsAuthentication();
    // The card holder approves and never comes back: the gateway's notice alone settles the order.
    await decide(url, secret, 'approve');
    const orders = () => t.db.selectFrom('orders').select(['status']).execute();
    expect(await orders()).toEqual([{ status: 'ordered' }]);
    // Then the return page, twice, and the same news again: nothing changes.
    expect((await verify(intent, secret)).json).toMatchObject({ success: true, status: 'completed' });
    expect((await verify(intent, secret)).json).toMatchObject({ success: true, status: 'completed' });
    const { payments } = commerceFor(t.deps);
    const again = await payments.settle('sandbox', {
      status: 'completed',
      transactionId: intent,
      details: { sandboxStatus: 'succeeded', responseCode: 1 },
      message: 'x',
      amountCents: 1602,
    });
    expect(again?.changed).toBe(false);
    expect((await t.db.selectFrom('email_outbox').select('subject').execute()).map((m) => m.subject).sort()).toEqual([
      'New Order #100000001',
      'Order Confirmation #100000001',
    ]);
    const history = await t.db
      .selectFrom('order_status_history')
      .select(['status'])
      .where('order_id', '=', id)
      .execute();
    expect(history.map((h) => h.status)).toEqual(['pending', 'pending_payment', 'ordered']);
  });

  it('an amount the provider reports that differs from the order never completes it', async () => {
    const { intent } = await needsAuthentication();
    const { payments } = commerceFor(t.deps);
    const s = await payments.settle('sandbox', {
      status: 'completed',
      transactionId: intent,
      details: { sandboxStatus: 'succeeded', responseCode: 1 },
      message: 'ok',
      amountCents: 1,
    });
    expect(s?.payment.status).toBe('on_hold');
    expect(s?.order.status).toBe('pending_payment');
    expect(await t.db.selectFrom('email_outbox').selectAll().execute()).toEqual([]);
  });

  it('Decline fails the payment; the order stays and a retry pays it', async () => {
    const { id, token, url, secret, intent } = await needsAuthentication();
    expect((await decide(url, secret, 'decline')).status).toBe(303);
    const v = await verify(intent, secret);
    expect(v.json).toMatchObject({
      success: false,
      status: 'failed',
      error:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
    const retry = await send(t.app, 'POST', '/api/order/pay', {
      id,
      token,
      paymentToken: await cardToken(t.app, CARDS.approved),
    });
    expect(retry.status).toBe(200);
    const history = retry.json.order.statusHistory.map((h: { comment: string }) => h.comment);
    expect(history).toContain(
      'Payment failed for order 100000001: We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
  });

  it('a new payment attempt cancels an authentication left open, so approving it later charges nothing', async () => {
    const { id, token, url, secret, intent } = await needsAuthentication();
    expect(
      (await send(t.app, 'POST', '/api/order/pay', { id, token, paymentToken: await cardToken(t.app, CARDS.approved) }))
        .status,
    ).toBe(200);
    await decide(url, secret, 'approve');
    expect((await verify(intent, secret)).json).toMatchObject({
      success: false,
      status: 'failed',
      error: 'This payment was canceled: the order changed or another payment was started.',
    });
    const payments = await t.db.selectFrom('payments').select(['status']).orderBy('id').execute();
    expect(payments.map((p) => p.status)).toEqual(['failed', 'completed']);
  });

  it('changing the order cancels an open authentication', async () => {
    const { id, token, url, secret, intent } = await needsAuthentication();
    expect((await send(t.app, 'PATCH', '/api/order', { id, token, shippingMethod: 'expedited' })).status).toBe(200);
    await decide(url, secret, 'approve');
    expect((await verify(intent, secret)).json).toMatchObject({ success: false, status: 'failed' });
    expect(
      (await send(t.app, 'GET', `/api/order/${id}`, undefined, { 'x-order-token': token })).json.order.status,
    ).toBe('pending_payment');
  });

  it('refuses wrong secrets and bad input without a 500', async () => {
    const { url, secret, intent } = await needsAuthentication();
    const wrong = url.replace(/client_secret=.*/, 'client_secret=guess');
    expect((await t.app.request(wrong)).status).toBe(404);
    expect((await decide(url, 'guess', 'approve')).status).toBe(404);
    expect((await decide(url, secret, 'maybe')).status).toBe(422);
    expect(
      (await t.app.request(url, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } })).status,
    ).toBe(415);
    expect((await verify(intent, 'guess')).status).toBe(404);
    expect((await verify(intent, secret, 'stripe')).status).toBe(404);
    const missing = await send(t.app, 'POST', '/api/payment/card/verify', {});
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({
      paymentIntentId: 'This field is required',
      paymentIntentClientSecret: 'This field is required',
    });
    expect((await send(t.app, 'POST', '/api/payment/card/verify', '{')).status).toBe(400);
    // %00 in a link decodes to U+0000, which PostgreSQL refused with a 500: the link is simply not valid.
    for (const link of [
      url.replace(intent, `${intent}%00`),
      url.replace(intent, '%00'),
      `/sandbox-gateway/authenticate/x?client_secret=${encodeURIComponent(secret)}`,
    ]) {
      const res = await t.app.request(link);
      expect([link, res.status]).toEqual([link, 404]);
      expect(await res.text()).toContain('<h1>This authentication link is not valid</h1>');
      expect((await decide(link, secret, 'approve')).status).toBe(404);
    }
    const nul = await verify(`${intent}\u0000`, secret);
    expect([nul.status, nul.json.errors]).toEqual([
      422,
      { paymentIntentId: 'Must not contain the NUL character (U+0000)' },
    ]);
  });
});
