/**
 * The checkout paid through Tillpay (the test-only third provider), end to end: a shop of its own
 * (`joinery start` on a copy of the content with Tillpay switched on) beside the Tillpay stand-in
 * (server/testing/tillpay-stand-in.ts: the API, the challenge page, the signed webhooks), and the
 * fake hosted-fields script (support/fake-tillpay.js) at Tillpay's script URL.
 * - approved: the order is `ordered`; the stand-in charged the order's cents in the shop's currency;
 * - declined: the provider's message, the order kept; a good card then pays that same order;
 * - challenge: the stand-in's page, Approve, back through the verify page to the success page;
 * - review: the order is placed and waits (`pending_payment`), the success page says so.
 * Needs the server side of Tillpay: skipped, saying so, while the stand-in module is missing or the
 * shop has no Tillpay webhook route (404).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addQuartzChip, checkout, formAlert, placeOrder, unique } from './support/checkout-helpers.ts';
import { ownShopOrigin, startOwnShop, type OwnShop } from './support/own-shop.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const STAND_IN = join(ROOT, 'server/testing/tillpay-stand-in.ts');
const FAKE_TILLPAY = readFileSync(join(import.meta.dirname, 'support/fake-tillpay.js'), 'utf8');
const TITLE = 'Card (Tillpay)';

/** What this spec needs of the stand-in (the shared Tillpay protocol). */
interface TillpayStandIn {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  close(): Promise<void>;
}

let shop: OwnShop | undefined;
let standIn: TillpayStandIn | undefined;
let siteDir: string | undefined;
let skipWhy = '';

test.beforeAll(async () => {
  test.setTimeout(60_000);
  if (!existsSync(STAND_IN)) {
    skipWhy = 'the Tillpay stand-in (server/testing/tillpay-stand-in.ts) is not there yet';
    return;
  }
  const base = await ownShopOrigin();
  const mod = (await import(STAND_IN)) as {
    startTillpayStandIn(o: { webhookTarget: string }): Promise<TillpayStandIn>;
  };
  standIn = await mod.startTillpayStandIn({ webhookTarget: `${base}/api/payment/tillpay/webhook` });
  // The shipped content with Tillpay switched on.
  siteDir = mkdtempSync(join(tmpdir(), 'joinery-tillpay-'));
  cpSync(join(ROOT, 'site-config'), siteDir, { recursive: true });
  const file = join(siteDir, 'data/payment-methods.json');
  const content = JSON.parse(readFileSync(file, 'utf8')) as { methods: Record<string, unknown>[] };
  for (const m of content.methods) if (m.gateway === 'tillpay') Object.assign(m, { enabled: true, title: TITLE });
  writeFileSync(file, JSON.stringify(content, null, 2));
  shop = await startOwnShop({
    base,
    siteDir,
    env: {
      TILLPAY_API_URL: standIn.url,
      TILLPAY_SECRET_KEY: standIn.secretKey,
      TILLPAY_PUBLISHABLE_KEY: standIn.publishableKey,
      TILLPAY_WEBHOOK_SECRET: standIn.webhookSecret,
    },
  });
  const hook = await fetch(`${base}/api/payment/tillpay/webhook`, { method: 'POST', body: '{}' });
  if (hook.status === 404) skipWhy = 'the shop has no Tillpay webhook route yet (404)';
});

test.afterAll(async () => {
  shop?.close();
  await standIn?.close();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

test.beforeEach(() => test.skip(!!skipWhy, skipWhy));

async function shopPage(browser: Browser): Promise<Page> {
  const page = await shop!.page(browser);
  await page.route('https://js.tillpay.test/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_TILLPAY }),
  );
  return page;
}

const query = <T>(sql: string, ...args: unknown[]) => shop!.query<T>(sql, ...args);
const orders = (email: string) =>
  query<{ id: number; status: string; total_cents: number; order_currency_code: string }>(
    'SELECT id, status, total_cents, order_currency_code FROM orders WHERE email = ? ORDER BY id',
    email,
  );

/** The charge as Tillpay keeps it (GET /v1/charges/:id with the secret key). */
async function charge(id: string) {
  const r = await fetch(`${standIn!.url}/v1/charges/${id}`, {
    headers: { authorization: `Bearer ${standIn!.secretKey}` },
  });
  return (await r.json()) as { state: string; amount: number; currency: string; card: { last4: string } };
}

async function tillpayCard(page: Page, number: string) {
  await page.getByRole('radio', { name: TITLE }).check();
  await page.getByLabel('Card number', { exact: true }).fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC', { exact: true }).fill('987');
}

test('Tillpay approved: the order is ordered; declined first: its message, then the same order pays', async ({
  browser,
}) => {
  test.slow();
  const page = await shopPage(browser);
  const email = unique('tillpay');
  await addQuartzChip(page);
  await checkout(page, email);
  await tillpayCard(page, '4000 0000 0000 0002');
  await placeOrder(page).click();
  await expect(formAlert(page)).toBeVisible();
  expect(orders(email).map((o) => o.status)).toEqual(['pending_payment']);

  await tillpayCard(page, '4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const [order] = orders(email);
  expect(order?.status).toBe('ordered');
  // The approved charge: the order's cents in the shop's currency, the card's last 4 only.
  const paid = query<{ transaction_id: string }>(
    "SELECT transaction_id FROM payments WHERE order_id = ? AND status = 'completed'",
    order!.id,
  );
  expect(paid).toHaveLength(1);
  expect(await charge(paid[0]!.transaction_id)).toMatchObject({
    state: 'approved',
    amount: order!.total_cents,
    currency: order!.order_currency_code.toLowerCase(),
    card: { last4: '4242' },
  });
});

test('Tillpay challenge: the stand-in page, Approve, back through the verify page to the success page', async ({
  browser,
}) => {
  test.slow();
  const page = await shopPage(browser);
  const email = unique('tillpay-challenge');
  await addQuartzChip(page);
  await checkout(page, email);
  await tillpayCard(page, '4000 0000 0000 3220');
  await placeOrder(page).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  await expect.poll(() => orders(email).map((o) => o.status)).toEqual(['ordered']);
});

test('Tillpay review: the order is placed and waits; the success page says so', async ({ browser }) => {
  test.slow();
  const page = await shopPage(browser);
  const email = unique('tillpay-review');
  await addQuartzChip(page);
  await checkout(page, email);
  await tillpayCard(page, '4000 0000 0000 0259');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  await expect(
    page.getByText('Your payment is being reviewed. We will contact you by e-mail once it is approved.'),
  ).toBeVisible();
  expect(orders(email).map((o) => o.status)).toEqual(['pending_payment']);
});
