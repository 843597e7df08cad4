/**
 * Authorize.Net through the checkout page in Chromium, against the real server (global setup
 * runs it with the AUTHORIZE_NET_* values pointing at server/testing/authorize-net-stand-in.ts).
 * The page gets a fake Accept.js (tests/e2e/support/fake-accept.js) in place of
 * https://jstest.authorize.net/v1/Accept.js; the stand-in answers response codes 1 to 4 by test
 * card and never answers for 4000 0000 0000 0259 (the shop's timeout is 3 s there).
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

const ACCEPT_JS = 'https://jstest.authorize.net/v1/Accept.js';
const FAKE_ACCEPT = readFileSync(join(import.meta.dirname, 'support/fake-accept.js'), 'utf8');
const METHOD = 'Credit Card (Authorize.Net)';
const CVV = '987';
const REVIEW = 'Your payment is being reviewed. We will contact you by e-mail once it is approved.';
const DECLINED = 'This transaction has been declined.';

const payments = (orderId: number) =>
  query<{ status: string; gateway: string }>(
    'SELECT status, gateway FROM payments WHERE order_id = ? ORDER BY id',
    orderId,
  );
const history = (orderId: number) =>
  query<{ comment: string }>('SELECT comment FROM order_status_history WHERE order_id = ? ORDER BY id', orderId).map(
    (h) => h.comment,
  );
/** What the stand-in received from the shop's server. */
async function standInRecord(): Promise<{ kind: string; body: Record<string, any> }[]> {
  return (await fetch(new URL('/__stand-in/requests', process.env.E2E_ANET_URL!))).json() as Promise<
    { kind: string; body: Record<string, any> }[]
  >;
}

/** Every request the page makes to the shop's /api/ with its body, and every answer's status. */

/** Accept.js from the fake; counts its loads. */
async function fakeAccept(page: Page) {
  const loads: string[] = [];
  await page.route('https://jstest.authorize.net/**', (route) => {
    loads.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: FAKE_ACCEPT });
  });
  return loads;
}

async function card(page: Page, number: string) {
  await byLabel(page, 'Card Number').fill(number);
  await byLabel(page, 'Expiry Month').selectOption('12');
  await byLabel(page, 'Expiry Year').selectOption(NEXT_YEAR);
  await byLabel(page, 'CVV').fill(CVV);
}

test('approved: Accept.js loads only with the method, the order is ordered, the e-mails arrive, no /api/ request carries the card', async ({
  page,
}) => {
  test.slow();
  const errors = watchErrors(page);
  const loads = await fakeAccept(page);
  const api = recordApi(page);
  const email = unique('anet-ok');
  await addQuartzChip(page);
  await checkout(page, email);
  expect(loads).toEqual([]); // not while the sandbox method is chosen
  await page.getByRole('radio', { name: METHOD }).check();
  await expect.poll(() => loads).toEqual([ACCEPT_JS]);

  // The spec's direct-entry messages.
  await placeOrder(page).click();
  await expect(page.getByText('Card number is required')).toBeVisible();
  await expect(page.getByText('CVV is required')).toBeVisible();
  await expect(byLabel(page, 'Card Number')).toBeFocused();
  await byLabel(page, 'Card Number').fill('4111');
  await byLabel(page, 'CVV').fill('12');
  await placeOrder(page).click();
  await expect(page.getByText('Card number is invalid')).toBeVisible();
  await expect(page.getByText('CVV is invalid')).toBeVisible();
  await settled(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

  await card(page, '4111 1111 1111 1111');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const [order, ...more] = orders(email);
  expect(more).toEqual([]);
  expect(order!.status).toBe('ordered');
  expect(payments(order!.id)).toEqual([{ status: 'completed', gateway: 'authorize-net' }]);
  // Accept.js got the public keys from /api/payment-methods (recorded by the stand-in for the tab).
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('__acceptCalls') ?? 'null'))).toEqual([
    { authData: { clientKey: 'standInPublicClientKey', apiLoginID: 'standInLogin' } },
  ]);
  await expect
    .poll(() => mailsAbout(order!.order_increment_id).sort(), { timeout: 15_000 })
    .toEqual([`New Order #${order!.order_increment_id}`, `Order Confirmation #${order!.order_increment_id}`]);

  noCardData(api.requests, '4111111111111111', '4111 1111 1111 1111', `"${CVV}"`, 'cardNumber', 'cardCode', 'cvv');
  const sent = api.requests.find((r) => r.url.endsWith('/api/payment/authorize-net/process-transaction'))!;
  expect(JSON.parse(sent.body)).toMatchObject({
    orderId: order!.id,
    dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
    dataValue: expect.stringMatching(/^FAKEACCEPT\.1111\./),
    amount: order!.total_cents / 100,
  });
  // The stand-in was charged the server's total for this order's number.
  const charge = (await standInRecord()).find(
    (r) => r.body.createTransactionRequest?.transactionRequest?.order?.invoiceNumber === order!.order_increment_id,
  )!;
  expect(charge.body.createTransactionRequest.transactionRequest.amount).toBe((order!.total_cents / 100).toFixed(2));
  expect(api.statuses.filter((s) => s >= 500)).toEqual([]);
  expect(errors).toEqual([]);
});

test('declined: the gateway text is shown, the order kept; a retry on the same order pays it, one order', async ({
  page,
}) => {
  test.slow();
  const errors = watchErrors(page);
  await fakeAccept(page);
  const api = recordApi(page);
  const email = unique('anet-decline');
  await addQuartzChip(page);
  await checkout(page, email);
  await page.getByRole('radio', { name: METHOD }).check();

  // Accept.js's own refusal (a number that fails its check): its text, nothing sent to the shop's payment route.
  await card(page, '4111 1111 1111 1112');
  await placeOrder(page).click();
  await expectFormAlert(page, 'Please provide valid credit card number.', api, { errors });
  expect(api.requests.some((r) => r.url.includes('/authorize-net/'))).toBe(false);

  await card(page, '4000 0000 0000 0002');
  await placeOrder(page).click();
  await expectFormAlert(page, DECLINED, api, { errors });
  const [kept] = orders(email);
  expect(kept!.status).toBe('pending_payment');
  expect(history(kept!.id).at(-1)).toMatch(new RegExp(`^Payment failed for transaction id \\d+: ${DECLINED}$`));
  expect(outbox(kept!.id)).toEqual([]);

  await card(page, '4111 1111 1111 1111');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  expect(orders(email).map((o) => [o.id, o.status])).toEqual([[kept!.id, 'ordered']]);
  expect(payments(kept!.id).map((p) => p.status)).toEqual(['failed', 'completed']);
  noCardData(api.requests, '4000000000000002', '4000 0000 0000 0002', '4111111111111111', `"${CVV}"`);
  expect(api.statuses.filter((s) => s >= 500)).toEqual([]);
  expect(errors.filter((e) => !e.includes('status of 402'))).toEqual([]);
});

test('held for review: the order is placed, the success page says so, the order stays pending_payment, no paid e-mail', async ({
  page,
}) => {
  test.slow();
  await fakeAccept(page);
  const email = unique('anet-review');
  await addQuartzChip(page);
  await checkout(page, email);
  await page.getByRole('radio', { name: METHOD }).check();
  await card(page, '4000 0000 0000 9995');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  await expect(page.getByText(REVIEW)).toBeVisible();
  const [order, ...more] = orders(email);
  expect(more).toEqual([]);
  expect(order!.status).toBe('pending_payment');
  expect(payments(order!.id)).toEqual([{ status: 'on_hold', gateway: 'authorize-net' }]);
  expect(outbox(order!.id)).toEqual([]);
  expect(mailsAbout(order!.order_increment_id)).toEqual([]);
});

test('gateway timeout: a clear message, the order kept, no 5xx', async ({ page }) => {
  test.slow();
  await fakeAccept(page);
  const api = recordApi(page);
  const email = unique('anet-timeout');
  await addQuartzChip(page);
  await checkout(page, email);
  await page.getByRole('radio', { name: METHOD }).check();
  await card(page, '4000 0000 0000 0259');
  await placeOrder(page).click();
  await expectFormAlert(page, 'The payment gateway did not answer in time. Please try again.', api, {
    timeout: 15_000,
  });
  const [order, ...more] = orders(email);
  expect(more).toEqual([]);
  expect(order!.status).toBe('pending_payment');
  expect(outbox(order!.id)).toEqual([]);
  expect(api.statuses.length).toBeGreaterThan(0);
  expect(api.statuses.filter((s) => s >= 500)).toEqual([]);
  await expect(placeOrder(page)).toBeEnabled();
});
