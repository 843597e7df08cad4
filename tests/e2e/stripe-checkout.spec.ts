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
import Database from 'better-sqlite3';
import { expect, test, type Page, type Request } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hydrated, watchErrors } from './support/page-helpers.ts';

const CWSBV = '/products/bathroom-vanities/rta-bathroom-vanities/cwsbv';
const CG_CHIP = 'Calacatta Gold quartz top sample';
const FAKE_STRIPE = readFileSync(join(import.meta.dirname, 'support/fake-stripe.js'), 'utf8');
const NEXT_YEAR = String(new Date().getFullYear() + 1);
const unique = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
const byLabel = (page: Page, label: string) => page.locator('form').getByLabel(new RegExp(`^${label}( \\*)?$`));
const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' });
const formAlert = (page: Page) => page.locator('form').getByRole('alert').filter({ hasText: /./ });

function query<T>(sql: string, ...args: unknown[]): T[] {
  const conn = new Database(join(process.env.E2E_DATA_DIR!, 'joinery.db'), { readonly: true, fileMustExist: true });
  try {
    return conn.prepare(sql).all(...args) as T[];
  } finally {
    conn.close();
  }
}
const orders = (email: string) => query<{ id: number; order_increment_id: string; status: string; total_cents: number }>('SELECT id, order_increment_id, status, total_cents FROM orders WHERE email = ? ORDER BY id', email);
const outbox = (orderId: number) => query<{ kind: string }>("SELECT kind FROM email_outbox WHERE ref_type = 'order' AND ref_id = ? ORDER BY kind", String(orderId)).map((m) => m.kind);
function mailsAbout(orderNumber: string): string[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir).flatMap((f) => {
    try {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { raw: string };
      const subject = /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '';
      return subject.endsWith(`#${orderNumber}`) ? [subject] : [];
    } catch {
      return [];
    }
  });
}

/** Every request the page makes to the shop's /api/, with its body. */
function recordApi(page: Page): { url: string; body: string }[] {
  const seen: { url: string; body: string }[] = [];
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (u.origin === new URL(process.env.E2E_BASE_URL!).origin && u.pathname.startsWith('/api/')) seen.push({ url: r.url(), body: r.postData() ?? '' });
  });
  return seen;
}

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

async function addQuartzChip(page: Page) {
  await page.goto(CWSBV);
  await hydrated(page);
  const tab = page.getByRole('tab', { name: 'Samples' });
  if (await tab.count()) await tab.click();
  const list = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Order sample doors' }) });
  await list.getByRole('checkbox', { name: new RegExp(CG_CHIP) }).check();
  await list.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(list.getByRole('status')).toContainText('has been successfully added');
}

async function checkout(page: Page, email: string) {
  await page.goto('/checkout');
  await hydrated(page);
  await expect(placeOrder(page)).toBeVisible();
  const b = page.getByRole('group', { name: 'Billing details' });
  const field = (label: string) => b.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await field('First Name').fill('Ada');
  await field('Last Name').fill('Lovelace');
  await field('Email').fill(email);
  await field('Phone Number').fill('(614) 555-0100');
  await field('Address 1').fill('100 North High Street');
  await field('State').selectOption('OH');
  await field('City').fill('Columbus');
  await field('Zip Code').fill('43215');
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
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

const noCardData = (seen: { url: string; body: string }[], ...secrets: string[]) => {
  expect(seen.length).toBeGreaterThan(0);
  for (const r of seen) for (const s of secrets) expect(r.body, r.url).not.toContain(s);
};

test('sandbox gateway: no request to /api/ carries the card; held for review waits; declined then approved pays one order', async ({ page }) => {
  test.slow();
  const errors = watchErrors(page);
  const seen = recordApi(page);
  const email = unique('sandbox-tokens');
  await addQuartzChip(page);
  await checkout(page, email);
  await expect(page.getByRole('radio', { name: 'Credit or Debit Card' })).toBeChecked();

  await sandboxCard(page, '4000 0000 0000 9995');
  await placeOrder(page).click();
  await expect(page.getByText('Your payment is being reviewed. We will contact you by e-mail once it is approved.')).toBeVisible();
  expect(orders(email).map((o) => o.status)).toEqual(['pending_payment']);

  // That order waits for review; the next attempt (another address) makes its own order.
  const other = unique('sandbox-retry');
  await page.getByRole('group', { name: 'Billing details' }).getByLabel(/^Email/).fill(other);
  await sandboxCard(page, '4000 0000 0000 0002');
  await placeOrder(page).click();
  await expect(formAlert(page)).toHaveText('Your card was declined.');
  await sandboxCard(page, '4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  expect(orders(other).map((o) => o.status)).toEqual(['ordered']);
  expect(orders(email).map((o) => o.status)).toEqual(['pending_payment']);

  noCardData(seen, '4242424242424242', '4242 4242 4242 4242', '4000000000000002', '4000 0000 0000 0002', '4000000000009995', '"987"', 'cvv', 'cardNumber');
  expect(seen.some((r) => r.url.endsWith('/api/order/pay') && r.body.includes('"paymentToken":"tok_sandbox_'))).toBe(true);
  expect(errors.filter((e) => !e.includes('status of 402') && !e.includes('status of 409'))).toEqual([]);
});

test('Stripe: Stripe.js loads only with the Stripe method; a payment succeeds and no /api/ request carries the card', async ({ page }) => {
  test.slow();
  const loads = await fakeStripe(page);
  const seen = recordApi(page);
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
  expect(JSON.parse(create.body)).toMatchObject({ orderId: order!.id, paymentMethodId: expect.stringMatching(/^pm_/), amount: order!.total_cents / 100, currency: 'usd' });
  await expect.poll(() => mailsAbout(order!.order_increment_id).sort(), { timeout: 15_000 }).toEqual([`New Order #${order!.order_increment_id}`, `Order Confirmation #${order!.order_increment_id}`]);
});

test('Stripe: the hosted fields show the spec messages; a decline, then a good card pays the same single order', async ({ page }) => {
  test.slow();
  await fakeStripe(page);
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
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

  await stripeCard(page, '4000 0000 0000 0002');
  await placeOrder(page).click();
  await expect(formAlert(page)).toHaveText('Your card was declined.');
  expect(orders(email).map((o) => o.status)).toEqual(['pending_payment']);
  await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const rows = orders(email);
  expect(rows.map((o) => o.status)).toEqual(['ordered']);
  expect(query<{ status: string }>('SELECT status FROM payments WHERE order_id = ? ORDER BY id', rows[0]!.id).map((p) => p.status)).toEqual(['failed', 'completed']);
});

for (const race of ['before', 'after'] as const) {
  test(`Stripe 3-D Secure through the verify page, the webhook ${race} the browser's return: one order, one pair of e-mails`, async ({ page, request }) => {
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
    const events = async () => (await (await request.get(`${process.env.E2E_STRIPE_URL}/__stand-in/events?payment_intent=${intent}`)).json()) as { type: string; delivered: boolean; status?: number }[];
    if (race === 'before') {
      // The shop took the succeeded event (200) while the card holder was still on the authentication page.
      expect((await events()).map((e) => [e.type, e.status])).toEqual([['payment_intent.created', 200], ['payment_intent.succeeded', 200]]);
    } else {
      expect((await events()).map((e) => e.delivered)).toEqual([false, false]);
      const delivered = await request.post(`${process.env.E2E_STRIPE_URL}/__stand-in/deliver?payment_intent=${intent}`);
      expect(((await delivered.json()) as { statuses: number[] }).statuses).toEqual([200, 200]); // created, succeeded
    }
    expect(orders(email).map((o) => o.status)).toEqual(['ordered']);
    expect(outbox(order!.id)).toEqual(['order-confirmation', 'order-confirmation-admin']);
    await expect.poll(() => mailsAbout(order!.order_increment_id).sort(), { timeout: 15_000 }).toEqual([`New Order #${order!.order_increment_id}`, `Order Confirmation #${order!.order_increment_id}`]);
  });
}
