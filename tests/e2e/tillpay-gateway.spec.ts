/**
 * The Tillpay browser gateway in Chromium, against its stand-in hosted-fields script
 * (support/fake-tillpay.js, served in place of https://js.tillpay.test/v1/fields.js), on the quote
 * payment page (the card becomes a token before the shop is asked anything). The shop's content
 * lists Tillpay switched off; here the method list the page gets names it, with its public
 * config, and the page's CSP is the shop's concern (tillpay-checkout.spec.ts pays end to end).
 * - the script loads only once Tillpay is chosen, its fields are labelled, it gets the key;
 * - an invalid card number shows the script's message and asks the shop nothing;
 * - a good card reaches the shop's quote pay route as a `tp_` token (last 4, brand, outcome) and
 *   nothing else of the card.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unique } from './support/checkout-helpers.ts';
import { hydrated } from './support/page-helpers.ts';
import { createQuote } from './support/quote-link.ts';

const FAKE_TILLPAY = readFileSync(join(import.meta.dirname, 'support/fake-tillpay.js'), 'utf8');
const SCRIPT_URL = 'https://js.tillpay.test/v1/fields.js';
const TILLPAY = {
  name: 'tillpay',
  title: 'Card (Tillpay)',
  enabled: true,
  gateway: 'tillpay',
  sortOrder: 4,
  config: { publishableKey: 'tp_pk_gateway_test', scriptUrl: SCRIPT_URL },
};

test.use({ bypassCSP: true });

/** The fake script at Tillpay's URL (its loads counted), and Tillpay in the methods the page gets. */
async function withTillpay(page: Page) {
  const loads: string[] = [];
  await page.route(SCRIPT_URL, (route) => {
    loads.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: FAKE_TILLPAY });
  });
  await page.route('**/api/payment-methods?**', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { paymentMethods?: { name: string }[] };
    const methods = (body.paymentMethods ?? []).filter((m) => m.name !== TILLPAY.name);
    await route.fulfill({ response: res, json: { ...body, paymentMethods: [...methods, TILLPAY] } });
  });
  return loads;
}

/** Every request the page makes to the shop's /api/, with its body. */
function apiRequests(page: Page) {
  const seen: { path: string; body: string }[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin === new URL(process.env.E2E_BASE_URL!).origin && u.pathname.startsWith('/api/'))
      seen.push({ path: u.pathname, body: r.postData() ?? '' });
  });
  return seen;
}

async function tillpayCard(page: Page, number: string) {
  await page.getByLabel('Card number', { exact: true }).fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC', { exact: true }).fill('987');
}

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.replace(/^tp_/, ''), 'base64url').toString('utf8')) as Record<string, string>;

test('Tillpay: its script loads only once chosen; an invalid number shows its message; a good card reaches the shop as a token only', async ({
  page,
}) => {
  test.slow();
  const loads = await withTillpay(page);
  const { link } = createQuote(unique('quote-tillpay'));
  await page.goto(link.replace(process.env.E2E_BASE_URL!, ''));
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Pay your quote' });
  await expect(form.getByRole('radio', { name: 'Card (Tillpay)' })).toBeVisible();
  expect(loads).toEqual([]);

  await form.getByRole('radio', { name: 'Card (Tillpay)' }).check();
  await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
  expect(loads).toEqual([SCRIPT_URL]);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('__tillpayKeys') ?? '[]'))).toEqual([
    'tp_pk_gateway_test',
  ]);
  const seen = apiRequests(page);

  await tillpayCard(page, '4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Your card number is invalid.' })).toBeVisible();
  expect(seen).toEqual([]);

  await tillpayCard(page, '4242 4242 4242 4242');
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/quote/pay');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  // The shop answers as its own Tillpay adapter decides (a 4xx while Tillpay is off): never a 5xx.
  const res = await answered;
  expect(res.status()).toBeLessThan(500);
  const body = res.request().postDataJSON() as { paymentMethod: string; paymentToken: string };
  expect(body.paymentMethod).toBe('tillpay');
  expect(body.paymentToken).toMatch(/^tp_[\w-]+$/);
  expect(decode(body.paymentToken)).toEqual({ last4: '4242', brand: 'visa', outcome: 'approved' });
  for (const r of seen) expect(r.body, r.path).not.toMatch(/4242 ?4242 ?4242 ?424|"987"|cvc|cardNumber/i);
});
