/**
 * Card payments on tokens, end to end in Chromium against the real server (global setup runs it
 * with the Stripe stand-in configured):
 * - the sandbox gateway's four test cards still work, and no request the checkout page makes to
 *   the shop's /api/ carries the card number or the CVV;
 * - Stripe through the checkout page with a fake Stripe.js (served in place of js.stripe.com, its
 *   API calls routed to the stand-in): success, decline then success on the same order, 3-D
 *   Secure through the verify page, and the webhook arriving before and after the browser's
 *   return: one order `ordered`, exactly one customer and one admin e-mail.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { settled, watchErrors } from './support/page-helpers.ts';
import {
  addQuartzChip,
  byLabel,
  checkout,
  expectFormAlert,
  mailsAbout,
  NEXT_YEAR,
  noCardData,
  orders,
  outbox,
  placeOrder,
  query,
  recordApi,
  unique,
} from './support/checkout-helpers.ts';

const FAKE_STRIPE = readFileSync(join(import.meta.dirname, 'support/fake-stripe.js'), 'utf8');

/** Every request the page makes to the shop's /api/, with its body. */

/** Stripe.js from the fake, Stripe's API from the stand-in; counts the script loads. */
async function fakeStripe(page: Page) {
  const loads: string[] = [];
  await page.route('https://js.stripe.com/**', (route) => {
    loads.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE });
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    const u = new URL(route.request().url());
    const res = await route.fetch({ url: `${process.env.E2E_STRIPE_URL}${u.pathname}${u.search}` });
    await route.fulfill({ response: res });
  });
  return loads;
}

async function sandboxCard(page: Page, number: string, cvv = '987') {
  await byLabel(page, 'Card Number').fill(number);
  await byLabel(page, 'Expiry Month').selectOption('12');
  await byLabel(page, 'Expiry Year').selectOption(NEXT_YEAR);
  await byLabel(page, 'CVV').fill(cvv);
}

async function stripeCard(page: Page, number: string, cvc = '987') {
  await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
  await page.getByLabel('Card number', { exact: true }).fill(number);
  await page.getByLabel('Expiration date MM / YY').fill(`12 / ${NEXT_YEAR.slice(2)}`);
  await page.getByLabel('CVC', { exact: true }).fill(cvc);
}

test('sandbox gateway: no request to /api/ carries the card; held for review places its order; declined then approved pays one order', async ({
  page,
}) => {
  test.slow();
  const errors = watchErrors(page);
  const api = recordApi(page);
  const seen = api.requests;
  const email = unique('sandbox-tokens');
  await addQuartzChip(page);
  await checkout(page, email);
  await expect(page.getByRole('radio', { name: 'Credit or Debit Card' })).toBeChecked();

  await sandboxCard(page, '4000 0000 0000 9995');
  await placeOrder(page).click();
  // Held for review: the order is placed and waits (the success page says so); the cart is emptied.
  await expect(page).toHaveURL(/\/order\/success$/);
  await expect(
    page.getByText('Your payment is being reviewed. We will contact you by e-mail once it is approved.'),
  ).toBeVisible();
  expect(orders(email).map((o) => o.status)).toEqual(['pending_payment']);

  // The next cart is an order of its own.
  const other = unique('sandbox-retry');
  await addQuartzChip(page);
  await checkout(page, other);
  await sandboxCard(page, '4000 0000 0000 0002');
  await placeOrder(page).click();
  await expectFormAlert(page, 'Your card was declined.', api, { errors });
  await sandboxCard(page, '4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  expect(orders(other).map((o) => o.status)).toEqual(['ordered']);
  expect(orders(email).map((o) => o.status)).toEqual(['pending_payment']);

  noCardData(
    seen,
    '4242424242424242',
    '4242 4242 4242 4242',
    '4000000000000002',
    '4000 0000 0000 0002',
    '4000000000009995',
    '"987"',
    'cvv',
    'cardNumber',
  );
  expect(seen.some((r) => r.url.endsWith('/api/order/pay') && r.body.includes('"paymentToken":"tok_sandbox_'))).toBe(
    true,
  );
  expect(errors.filter((e) => !e.includes('status of 402') && !e.includes('status of 409'))).toEqual([]);
});

test('Stripe: Stripe.js loads only with the Stripe method; a payment succeeds and no /api/ request carries the card', async ({
  page,
}) => {
  test.slow();
  const loads = await fakeStripe(page);
  const seen = recordApi(page).requests;
  const email = unique('stripe-ok');
  await addQuartzChip(page);
  expect(loads).toEqual([]); // the style page fetched nothing from Stripe
  await checkout(page, email);
  expect(loads).toEqual([]); // nor the checkout while the sandbox method is chosen
  await stripeCard(page, '4242 4242 4242 4242');
  expect(loads).toEqual(['https://js.stripe.com/endive/stripe.js']);

  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const [order, ...more] = orders(email);
  expect(more).toEqual([]);
  expect(order!.status).toBe('ordered');
  noCardData(seen, '4242424242424242', '4242 4242 4242 4242', '"987"', 'cardNumber'); // the CVC as a JSON value: a bare '987' can occur in a random idempotency key
  const create = seen.find((r) => r.url.endsWith('/api/payment/stripe/payment-intent'))!;
  expect(JSON.parse(create.body)).toMatchObject({
    orderId: order!.id,
    paymentMethodId: expect.stringMatching(/^pm_/),
    amount: order!.total_cents / 100,
  });
  // No currency literal from the page: the server charges in the order's currency.
  expect(JSON.parse(create.body)).not.toHaveProperty('currency');
  await expect
    .poll(() => mailsAbout(order!.order_increment_id).sort(), { timeout: 15_000 })
    .toEqual([`New Order #${order!.order_increment_id}`, `Order Confirmation #${order!.order_increment_id}`]);
});

test('Stripe: the hosted fields show the spec messages; a decline, then a good card pays the same single order', async ({
  page,
}) => {
  test.slow();
  await fakeStripe(page);
  const api = recordApi(page);
  const email = unique('stripe-decline');
  await addQuartzChip(page);
  await checkout(page, email);
  await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
  await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
  await placeOrder(page).click();
  await expect(page.getByText('Card number is incomplete or invalid')).toBeVisible();
  await expect(page.getByLabel('Card number', { exact: true })).toBeFocused();
  await expect(page.getByText('Expiry date is incomplete or invalid')).toBeVisible();
  await expect(page.getByText('CVC is incomplete or invalid')).toBeVisible();
  await settled(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

  await stripeCard(page, '4000 0000 0000 0002');
  await placeOrder(page).click();
  await expectFormAlert(page, 'Your card was declined.', api);
  expect(orders(email).map((o) => o.status)).toEqual(['pending_payment']);
  await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const rows = orders(email);
  expect(rows.map((o) => o.status)).toEqual(['ordered']);
  expect(
    query<{ status: string }>('SELECT status FROM payments WHERE order_id = ? ORDER BY id', rows[0]!.id).map(
      (p) => p.status,
    ),
  ).toEqual(['failed', 'completed']);
});

for (const race of ['before', 'after'] as const) {
  test(`Stripe 3-D Secure through the verify page, the webhook ${race} the browser's return: one order, one pair of e-mails`, async ({
    page,
    request,
  }) => {
    test.slow();
    await fakeStripe(page);
    // The stand-in holds the webhooks of a hold-webhooks... address until the test delivers them.
    const email = race === 'after' ? unique('hold-webhooks') : unique('stripe-3ds');
    await addQuartzChip(page);
    await checkout(page, email);
    await stripeCard(page, '4000 0025 0000 3155');
    await placeOrder(page).click();
    await expect(page.getByRole('heading', { name: '3D Secure 2 Test Page' })).toBeVisible();
    let intent = '';
    page.on('framenavigated', (f) => {
      const u = new URL(f.url());
      if (u.pathname === '/payment/verify/stripe') intent = u.searchParams.get('payment_intent') ?? '';
    });
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(/\/order\/success$/);
    expect(intent).toMatch(/^pi_/);
    const [order, ...more] = orders(email);
    expect(more).toEqual([]);
    expect(order!.status).toBe('ordered');
    const events = async () =>
      (await (
        await request.get(`${process.env.E2E_STRIPE_URL}/__stand-in/events?payment_intent=${intent}`)
      ).json()) as { type: string; delivered: boolean; status?: number }[];
    if (race === 'before') {
      // The shop took the succeeded event (200) while the card holder was still on the authentication page.
      expect((await events()).map((e) => [e.type, e.status])).toEqual([
        ['payment_intent.created', 200],
        ['payment_intent.succeeded', 200],
      ]);
    } else {
      expect((await events()).map((e) => e.delivered)).toEqual([false, false]);
      const delivered = await request.post(`${process.env.E2E_STRIPE_URL}/__stand-in/deliver?payment_intent=${intent}`);
      expect(((await delivered.json()) as { statuses: number[] }).statuses).toEqual([200, 200]); // created, succeeded
    }
    expect(orders(email).map((o) => o.status)).toEqual(['ordered']);
    expect(outbox(order!.id)).toEqual(['order-confirmation', 'order-confirmation-admin']);
    await expect
      .poll(() => mailsAbout(order!.order_increment_id).sort(), { timeout: 15_000 })
      .toEqual([`New Order #${order!.order_increment_id}`, `Order Confirmation #${order!.order_increment_id}`]);
  });
}
