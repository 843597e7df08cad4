/**
 * The second shop (CAD, tests/fixtures/sites/second-shop/) pays by Stripe in Chromium: its own
 * pages prerendered from its content, its own server beside the Stripe stand-in, the fake Stripe.js
 * at js.stripe.com. The page sends no currency; the intent the stand-in got is in `cad`, for the
 * order's cents, and the order is `ordered` in CAD.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStripeStandIn, type StripeStandIn } from '../../server/testing/stripe-stand-in.ts';
import { secondShopSite, type ContentDir } from '../fixtures/sites/second-shop.ts';
import { addQuartzChip, NEXT_YEAR, placeOrder, unique } from './support/checkout-helpers.ts';
import { hydrated } from './support/page-helpers.ts';
import { ownShopOrigin, startOwnShop, type OwnShop } from './support/own-shop.ts';

const FAKE_STRIPE = readFileSync(join(import.meta.dirname, 'support/fake-stripe.js'), 'utf8');

let content: ContentDir;
let stripe: StripeStandIn;
let shop: OwnShop;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  content = secondShopSite();
  const base = await ownShopOrigin();
  stripe = await startStripeStandIn({ webhookTarget: `${base}/api/payment/stripe/webhook`, webhookMode: 'immediate' });
  shop = await startOwnShop({
    base,
    siteDir: content.dir,
    prerender: true,
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  });
});

test.afterAll(async () => {
  shop?.close();
  await stripe?.close();
  content?.remove();
});

async function fakeStripe(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const u = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${stripe.url}${u.pathname}${u.search}` }) });
  });
}

/** Opens /checkout and fills a Toronto billing address (the shop's default country, Canada). */
async function torontoCheckout(page: Page, email: string) {
  await page.goto('/checkout');
  await hydrated(page);
  await expect(placeOrder(page)).toBeVisible();
  const b = page.getByRole('group', { name: 'Billing details' });
  const field = (label: string) => b.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await field('First Name').fill('Ada');
  await field('Last Name').fill('Lovelace');
  await field('Email').fill(email);
  await field('Phone Number').fill('416-555-0188');
  await field('Address 1').fill('100 Queen Street West');
  await expect(field('Country')).toHaveValue('CA');
  await field('State').fill('ON');
  await field('City').fill('Toronto');
  await field('Zip Code').fill('M5H 2N2');
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
}

test('the CAD shop pays by Stripe: the intent is in cad for the order’s cents; no currency from the page', async ({
  browser,
}) => {
  test.slow();
  const page = await shop.page(browser);
  await fakeStripe(page);
  const email = unique('cad-stripe');
  await addQuartzChip(page);
  await torontoCheckout(page, email);
  await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
  await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date MM / YY').fill(`12 / ${NEXT_YEAR.slice(2)}`);
  await page.getByLabel('CVC', { exact: true }).fill('987');
  const create = page.waitForRequest((r) => r.url().endsWith('/api/payment/stripe/payment-intent'));
  await placeOrder(page).click();
  expect((await create).postDataJSON()).not.toHaveProperty('currency');
  await expect(page).toHaveURL(/\/order\/success$/);

  const orders = shop.query<{ id: number; status: string; total_cents: number; order_currency_code: string }>(
    'SELECT id, status, total_cents, order_currency_code FROM orders WHERE email = ?',
    email,
  );
  expect(orders).toMatchObject([{ status: 'ordered', order_currency_code: 'CAD' }]);
  // This spec's own stand-in: every intent it made is this order's.
  const intents = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  expect(intents.map((r) => ({ amount: Number(r.body.amount), currency: r.body.currency }))).toEqual([
    { amount: orders[0]!.total_cents, currency: 'cad' },
  ]);
});
