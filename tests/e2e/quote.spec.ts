/**
 * Quote payment links end to end against the real server of the global setup: the
 * staff's CLI creates a quote in the server's database (JOINERY_DATA_DIR) and prints its link;
 * the customer opens it, pays with the sandbox card (or Stripe with 3-D Secure through the
 * verify page, or Authorize.Net through a fake Accept.js) and lands on the success page with
 * the order number; the stored order has the quote's items and total; the quote link, customer
 * and admin e-mails arrive at the loopback SMTP sink. Expired, canceled and wrong-token links show their views.
 */
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mailsAbout } from './support/checkout-helpers.ts';
import { createQuote } from './support/quote-link.ts';
import { hydrated, settled, watchErrors } from './support/page-helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FAKE_STRIPE = readFileSync(join(import.meta.dirname, 'support/fake-stripe.js'), 'utf8');
const FAKE_ACCEPT = readFileSync(join(import.meta.dirname, 'support/fake-accept.js'), 'utf8');
const NEXT_YEAR = String(new Date().getFullYear() + 1);
const EXPIRED = 'The quote link has expired. Please contact admin to receive a new payment link.';
const NOT_FOUND = 'Quote not found. The link may be incorrect.';
const unique = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

// 3 x 245.50 + 2 x 39.99 = 816.48; + 95 + 52.13 - 25 = 938.61
const TOTAL = '$938.61';

function query<T>(sql: string, ...args: unknown[]): T[] {
  const conn = new Database(join(process.env.E2E_DATA_DIR!, 'joinery.db'), { readonly: true, fileMustExist: true });
  try {
    return conn.prepare(sql).all(...args) as T[];
  } finally {
    conn.close();
  }
}
function subjectsTo(address: string): string[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir).flatMap((f) => {
    try {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string[]; raw: string };
      return m.to.includes(address) ? [/^Subject: (.*)$/m.exec(m.raw)?.[1] ?? ''] : [];
    } catch {
      return [];
    }
  });
}
async function expectAxeClean(page: Page) {
  await settled(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      result.violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);
  }
}

const form = (page: Page) => page.getByRole('form', { name: 'Pay your quote' });
const byLabel = (page: Page, label: string) => form(page).getByLabel(new RegExp(`^${label}( \\*)?$`));

async function sandboxCard(page: Page, number: string) {
  await byLabel(page, 'Card Number').fill(number);
  await byLabel(page, 'Expiry Month').selectOption('12');
  await byLabel(page, 'Expiry Year').selectOption(NEXT_YEAR);
  await byLabel(page, 'CVV').fill('123');
}

function expectPaidOrder(email: string, orderNumber: string) {
  const orders = query<{ id: number; order_increment_id: string; status: string; total_cents: number }>(
    'SELECT id, order_increment_id, status, total_cents FROM orders WHERE email = ?',
    email,
  );
  expect(orders).toEqual([
    { id: expect.any(Number), order_increment_id: orderNumber, status: 'ordered', total_cents: 93861 },
  ]);
  const items = query<{ sku: string; qty: number; row_total_cents: number }>(
    'SELECT sku, qty, row_total_cents FROM order_items WHERE order_id = ? ORDER BY position',
    orders[0]!.id,
  );
  expect(items).toEqual([
    { sku: 'CARLTON-W3030-PW', qty: 3, row_total_cents: 73650 },
    { sku: 'CM-8', qty: 2, row_total_cents: 7998 },
  ]);
  return orders[0]!;
}

/** The success page's summary of a paid quote: its lines and total, nothing of samples. */
async function expectQuoteSummary(page: Page, quoteNumber: string) {
  await expect(page.getByRole('heading', { level: 2, name: `Your quote #${quoteNumber}` })).toBeVisible();
  const summary = page.getByRole('table', { name: `Your quote #${quoteNumber}` });
  await expect(summary.getByRole('row')).toHaveText([
    /^Item\s*Qty\s*Amount$/,
    /^Carlton wall cabinet W3030, Pure White\s*Glass doors\s*3\s*\$736\.50$/,
    /^Crown moulding 8 ft\s*2\s*\$79\.98$/,
    /^Subtotal\s*\$816\.48$/,
    /^Discount\s*-\$25\.00$/,
    /^Shipping \(Freight delivery\)\s*\$95\.00$/,
    /^Tax\s*\$52\.13$/,
    /^Total\s*\$938\.61$/,
  ]);
  await expect(page.getByText('Sample doors ship')).toHaveCount(0);
}

test('a quote created with the CLI is paid by sandbox card through its link: success page, one order with its items and total, the e-mails', async ({
  page,
}) => {
  test.slow();
  const errors = watchErrors(page);
  const email = unique('quote');
  const { link, quoteNumber, out } = createQuote(email, ['--send', '--expires-in', '3d']);
  expect(out).toContain(`Quote #${quoteNumber}`);
  // The link went to the customer through the outbox (the running server's worker sends it).
  await expect
    .poll(() => subjectsTo(email), { timeout: 20_000 })
    .toContain(`Your quote #${quoteNumber} from Hearthline Cabinetry`);

  await page.goto(link.replace(process.env.E2E_BASE_URL!, ''));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your quote #${quoteNumber}`);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Carlton wall cabinet W3030, Pure White');
  await expect(table).toContainText('Glass doors');
  await expect(table).toContainText('$736.50');
  await expect(page.locator('dl')).toContainText('Discount');
  await expect(page.locator('dl')).toContainText('-$25.00');
  await expect(page.locator('dl')).toContainText(TOTAL);
  await expect(page.getByText('Call before delivery.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shipping address' })).toBeVisible();
  // The default method: the enabled default of the convert-to-order scope.
  await expect(form(page).getByRole('radio', { name: 'Credit or Debit Card' })).toBeChecked();

  await expectAxeClean(page);
  // No request to the shop's /api/ carries the card.
  const apiBodies: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiBodies.push(r.postData() ?? '');
  });

  // A declined card: the error, and the page stays.
  await sandboxCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(
    form(page)
      .getByRole('alert')
      .filter({ hasText: /declined/i }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/quote\/payment\?/);

  await sandboxCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const status = page.getByRole('status').filter({ hasText: 'Your order number is' });
  await expect(status).toHaveText(/#\d+$/);
  const orderNumber = /#(\d+)$/.exec((await status.textContent()) ?? '')![1]!;
  expectPaidOrder(email, orderNumber);
  await expectQuoteSummary(page, quoteNumber);
  expect(apiBodies.length).toBeGreaterThan(0);
  for (const b of apiBodies) expect(b).not.toMatch(/4242 ?4242 ?4242 ?4242|4000 ?0000 ?0000 ?0002|"cvv"/);
  await expect
    .poll(() => mailsAbout(orderNumber).sort(), { timeout: 20_000 })
    .toEqual([`New Order #${orderNumber}`, `Order Confirmation #${orderNumber}`]);

  // The link again: already paid, with its order number, and no payment form.
  await page.goto(link.replace(process.env.E2E_BASE_URL!, ''));
  await hydrated(page);
  await expect(page.getByRole('status').filter({ hasText: 'This quote has already been paid.' })).toContainText(
    `#${orderNumber}`,
  );
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  expect(errors.filter((e) => !/status of 402/.test(e))).toEqual([]);
});

test('a quote paid with the review card: the page says it is being reviewed, Pay Now is off, one order with one hold', async ({
  page,
}) => {
  test.slow();
  const email = unique('quote-held');
  const { link } = createQuote(email, ['--expires-in', '3d']);
  await page.goto(link.replace(process.env.E2E_BASE_URL!, ''));
  await hydrated(page);
  await sandboxCard(page, '4000 0000 0000 9995');
  const pay = page.getByRole('button', { name: 'Pay Now' });
  await pay.click();
  await expect(
    page.getByText('Your payment is being reviewed. We will contact you by e-mail once it is approved.'),
  ).toBeVisible();
  await expect(pay).toBeDisabled();
  const rows = query<{ id: number; status: string }>('SELECT id, status FROM orders WHERE email = ?', email);
  expect(rows.map((o) => o.status)).toEqual(['pending_payment']);
  expect(query('SELECT status FROM payments WHERE order_id = ?', rows[0]!.id)).toEqual([{ status: 'on_hold' }]);
});

test('expired, canceled and wrong links show their views', async ({ page }) => {
  test.slow(); // three CLI processes (two quotes and a cancel) besides the pages
  const email = unique('quote-views');
  const { link, quoteId } = createQuote(email);
  const path = link.replace(process.env.E2E_BASE_URL!, '');

  await page.goto(path.replace(/token=[^&]+/, 'token=wrong'));
  await hydrated(page);
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
  await expect(page.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');

  await page.goto('/quote/payment?quoteId=999999&token=abc');
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);

  // The link past its expiry (the clock moved on: its expiry set in the past).
  const conn = new Database(join(process.env.E2E_DATA_DIR!, 'joinery.db'));
  try {
    conn.prepare('UPDATE quotes SET expires_at = ? WHERE id = ?').run('2000-01-01T00:00:00.000Z', quoteId);
  } finally {
    conn.close();
  }
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute('href', '/contact');
  await expectAxeClean(page);

  // A quote the staff canceled: its link says so the same way.
  const second = createQuote(unique('quote-cancel'));
  execFileSync(process.execPath, ['cli/bin.js', 'quote', 'cancel', String(second.quoteId)], {
    cwd: ROOT,
    env: { ...process.env, JOINERY_DATA_DIR: process.env.E2E_DATA_DIR!, JOINERY_DB: '' },
  });
  await page.goto(second.link.replace(process.env.E2E_BASE_URL!, ''));
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
});

test('a sandbox card that needs authentication: the gateway page, then the verify page converts the quote', async ({
  page,
}) => {
  test.slow();
  const email = unique('quote-3ds');
  const { link, quoteNumber } = createQuote(email);
  await page.goto(link.replace(process.env.E2E_BASE_URL!, ''));
  await hydrated(page);
  await sandboxCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const status = page.getByRole('status').filter({ hasText: 'Your order number is' });
  await expect(status).toHaveText(/#\d+$/);
  expectPaidOrder(email, /#(\d+)$/.exec((await status.textContent()) ?? '')![1]!);
  await expectQuoteSummary(page, quoteNumber);
});

test('Stripe with 3-D Secure: the verify page converts the quote and the intent gets the order ids', async ({
  page,
  request,
}) => {
  test.slow();
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const u = new URL(route.request().url());
    await route.fulfill({
      response: await route.fetch({ url: `${process.env.E2E_STRIPE_URL}${u.pathname}${u.search}` }),
    });
  });
  const email = unique('quote-stripe');
  const { link } = createQuote(email);
  await page.goto(link.replace(process.env.E2E_BASE_URL!, ''));
  await hydrated(page);
  await form(page).getByRole('radio', { name: 'Card (Stripe)' }).check();
  await page.getByLabel('Card number', { exact: true }).fill('4000 0025 0000 3155');
  await page.getByLabel('Expiration date MM / YY').fill(`12 / ${NEXT_YEAR.slice(2)}`);
  await page.getByLabel('CVC', { exact: true }).fill('987');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: '3D Secure 2 Test Page' })).toBeVisible();
  let intent = '';
  page.on('framenavigated', (f) => {
    const u = new URL(f.url());
    if (u.pathname === '/payment/verify/stripe') intent = u.searchParams.get('payment_intent') ?? '';
  });
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const status = page.getByRole('status').filter({ hasText: 'Your order number is' });
  await expect(status).toHaveText(/#\d+$/);
  const orderNumber = /#(\d+)$/.exec((await status.textContent()) ?? '')![1]!;
  const order = expectPaidOrder(email, orderNumber);
  expect(intent).toMatch(/^pi_/);
  // The intent now names the order.
  const pi = (await (
    await request.get(`${process.env.E2E_STRIPE_URL}/v1/payment_intents/${intent}`, {
      headers: { authorization: `Bearer ${process.env.E2E_STRIPE_SECRET_KEY}` },
    })
  ).json()) as { metadata?: Record<string, string> };
  expect(pi.metadata).toMatchObject({ orderId: String(order.id), orderIncrementId: orderNumber });
  await expect
    .poll(() => mailsAbout(orderNumber).sort(), { timeout: 20_000 })
    .toEqual([`New Order #${orderNumber}`, `Order Confirmation #${orderNumber}`]);
});

test('Authorize.Net: Accept.js takes the card, the charge carries the quote, one order with its total', async ({
  page,
}) => {
  test.slow();
  const errors = watchErrors(page);
  await page.route('https://jstest.authorize.net/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_ACCEPT }),
  );
  const email = unique('quote-anet');
  const { link, quoteId, quoteNumber } = createQuote(email);
  await page.goto(link.replace(process.env.E2E_BASE_URL!, ''));
  await hydrated(page);
  const apiBodies: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiBodies.push(r.postData() ?? '');
  });
  await form(page).getByRole('radio', { name: 'Credit Card (Authorize.Net)' }).check();
  await sandboxCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const status = page.getByRole('status').filter({ hasText: 'Your order number is' });
  await expect(status).toHaveText(/#\d+$/);
  const orderNumber = /#(\d+)$/.exec((await status.textContent()) ?? '')![1]!;
  const order = expectPaidOrder(email, orderNumber);
  expect(
    query<{ method: string; amount_cents: number }>(
      'SELECT method, amount_cents FROM payments WHERE order_id = ?',
      order.id,
    ),
  ).toEqual([{ method: 'authorize-net', amount_cents: 93861 }]);
  for (const b of apiBodies) expect(b).not.toMatch(/4111 ?1111 ?1111 ?1111|"cvv"/);
  // The charge the stand-in got: the quote's total, its order's number as the invoice (a quote
  // pays through its order), the order's and the quote's ids in the description.
  const requests = (await (await fetch(new URL('/__stand-in/requests', process.env.E2E_ANET_URL!))).json()) as {
    kind: string;
    body: Record<string, any>;
  }[];
  const charge = requests
    .filter((r) => r.kind === 'createTransactionRequest')
    .map((r) => r.body.createTransactionRequest.transactionRequest)
    .find((tr) => tr.order?.invoiceNumber === orderNumber);
  expect(charge).toMatchObject({
    amount: '938.61',
    order: {
      invoiceNumber: orderNumber,
      description: expect.stringMatching(
        new RegExp(
          `\\[orderId=${order.id}&orderIncrementId=${orderNumber}&paymentId=\\d+&quoteId=${quoteId}&quoteIncrementId=${quoteNumber}\\]$`,
        ),
      ),
    },
  });
  expect(errors).toEqual([]);
});
