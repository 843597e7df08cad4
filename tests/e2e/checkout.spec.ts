/**
 * Checkout end to end against the real server (global setup): samples added on style pages,
 * the checkout page's validation, same-as-billing and the country lists (where the shop ships, more
 * for a separate billing address; messages in the page, no alert), a paid order (stored
 * row, the server's totals, the customer and admin e-mails from the real SMTP sink), a declined
 * card retried on the same page paying the same single order, and axe at 375 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hydrated, samples, settled, watchErrors, dataLayerEvents, recordDataLayer } from './support/page-helpers.ts';

const AW = '/products/kitchen-cabinets/rta-kitchen-cabinets/aw';
const CWSBV = '/products/bathroom-vanities/rta-bathroom-vanities/cwsbv';
const CG_CHIP = 'Calacatta Gold quartz top sample';
const EMPTY_TEXT = 'Looks like you have not added anything to your cart. Go ahead & add items to your cart.';
const NOT_CANADA = "Sorry, we don't ship to Canada.";
const ADMIN = 'orders@hearthlinecabinetry.com';
const ADMIN_CC = 'sales@hearthlinecabinetry.com';
const NEXT_YEAR = String(new Date().getFullYear() + 1);

const unique = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
const money = (n: number) => `$${n.toFixed(2)}`;
/** A control by its label; a required field's label ends in " *" (hidden from screen readers). */
const byLabel = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}( \\*)?$`));
const billing = (page: Page) => page.getByRole('group', { name: 'Billing details' });
const shipping = (page: Page) => page.getByRole('group', { name: 'Shipping address' });
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });
const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' });

function db() {
  return new Database(join(process.env.E2E_DATA_DIR!, 'joinery.db'), { readonly: true, fileMustExist: true });
}

interface OrderRow {
  id: number;
  order_increment_id: string;
  status: string;
  subtotal_cents: number;
  shipping_amount_cents: number;
  tax_amount_cents: number;
  total_cents: number;
  email_sent: number;
}

function ordersFor(email: string): OrderRow[] {
  const conn = db();
  try {
    return conn.prepare('SELECT * FROM orders WHERE email = ? ORDER BY id').all(email) as OrderRow[];
  } finally {
    conn.close();
  }
}

interface ReceivedMail {
  to: string[];
  raw: string;
}
const decodeQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
function mails(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir).flatMap((f) => {
    try {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as ReceivedMail;
      return [{ ...m, raw: decodeQp(m.raw) }];
    } catch {
      return []; // being written: read on the next poll
    }
  });
}
async function waitForMail(match: (m: ReceivedMail) => boolean): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect.poll(() => (found = mails().find(match)), { timeout: 15_000 }).toBeTruthy();
  return found!;
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

async function addAwDoor(page: Page) {
  await page.goto(AW);
  await hydrated(page);
  const list = await samples(page);
  await list.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(list.getByRole('status')).toContainText('has been successfully added');
}

async function addQuartzChip(page: Page) {
  await page.goto(CWSBV);
  await hydrated(page);
  const list = await samples(page);
  await list.getByRole('checkbox', { name: new RegExp(CG_CHIP) }).check();
  await list.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(list.getByRole('status')).toContainText('has been successfully added');
}

async function openCheckout(page: Page) {
  await page.goto('/checkout');
  await hydrated(page);
  await expect(placeOrder(page)).toBeVisible();
}

async function fillBilling(page: Page, email: string) {
  const b = billing(page);
  await byLabel(b, 'First Name').fill('Ada');
  await byLabel(b, 'Last Name').fill('Lovelace');
  await byLabel(b, 'Email').fill(email);
  await byLabel(b, 'Phone Number').fill('(614) 555-0100');
  await byLabel(b, 'Address 1').fill('100 North High Street');
  await byLabel(b, 'State').selectOption('OH');
  await byLabel(b, 'City').fill('Columbus');
  await byLabel(b, 'Zip Code').fill('43215');
}

async function fillCard(page: Page, number: string) {
  await byLabel(page.locator('form'), 'Card Number').fill(number);
  await byLabel(page.locator('form'), 'Expiry Month').selectOption('12');
  await byLabel(page.locator('form'), 'Expiry Year').selectOption(NEXT_YEAR);
  await byLabel(page.locator('form'), 'CVV').fill('123');
}

/** The summary's figure for a row ("Subtotal", "Shipping", "Tax", "Total"). */
const figure = (page: Page, name: string) =>
  summary(page)
    .locator('dl > div')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('dd');

test('validation, same as billing, the country lists, the empty cart and axe', async ({ page }) => {
  test.slow();
  const errors = watchErrors(page);
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/order-samples');
  await expectAxeClean(page);

  await addAwDoor(page);
  await openCheckout(page);
  await expect(page.getByText('Shipping will be calculated after entering address.')).toBeVisible();
  // Months 01-12 and this year plus 10.
  await expect(byLabel(page.locator('form'), 'Expiry Month').locator('option:not([value=""])')).toHaveText(
    Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0')),
  );
  await expect(byLabel(page.locator('form'), 'Expiry Year').locator('option:not([value=""])')).toHaveCount(11);

  // A field is checked when the shopper leaves it; changing it takes its error away until then.
  const firstName = byLabel(billing(page), 'First Name');
  await firstName.focus();
  await page.keyboard.press('Tab');
  await expect(firstName).toHaveAccessibleDescription('This field is required');
  await expect(byLabel(billing(page), 'Last Name')).not.toHaveAttribute('aria-invalid', 'true'); // not left yet
  await firstName.fill('A');
  await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Tab');
  await expect(firstName).toHaveAccessibleDescription('Name must be at least 2 characters');
  await firstName.fill('');

  // Submitting empty: the spec's messages, and the focus on the first field in error.
  await placeOrder(page).click();
  const first = byLabel(billing(page), 'First Name');
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(first).toHaveAccessibleDescription('This field is required');
  await expect(byLabel(billing(page), 'Email')).toHaveAccessibleDescription('This field is required');
  await expect(byLabel(billing(page), 'Zip Code')).toHaveAccessibleDescription('ZIP/Postal code is required');
  await expect(byLabel(billing(page), 'Phone Number')).toHaveAccessibleDescription('Phone number is required');
  await expect(byLabel(page.locator('form'), 'Card Number')).toHaveAccessibleDescription('Card number is required');
  await expectAxeClean(page);

  await byLabel(billing(page), 'Email').fill('ada@');
  await byLabel(billing(page), 'Zip Code').fill('43a15');
  await byLabel(billing(page), 'Phone Number').fill('614555');
  await placeOrder(page).click();
  await expect(byLabel(billing(page), 'Email')).toHaveAccessibleDescription('Invalid email address');
  await expect(byLabel(billing(page), 'Zip Code')).toHaveAccessibleDescription('Only numbers are allowed');
  await expect(byLabel(billing(page), 'Phone Number')).toHaveAccessibleDescription(
    'Phone number must be at least 10 digits',
  );

  // A complete address: the server's shipping methods and totals.
  await fillBilling(page, unique('validation'));
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
  await expect(figure(page, 'Subtotal')).toHaveText('$0.00');
  await expect(figure(page, 'Total')).toHaveText(/^\$\d+\.\d\d$/);

  // Same as billing: unticking shows the shipping fields, copied from billing.
  const same = page.getByRole('checkbox', { name: 'Shipping address same as billing' });
  await expect(same).toBeChecked();
  await expect(shipping(page)).toHaveCount(0);
  await same.uncheck();
  await expect(byLabel(shipping(page), 'First Name')).toHaveValue('Ada');
  await expect(byLabel(shipping(page), 'City')).toHaveValue('Columbus');
  await expect(byLabel(shipping(page), 'State')).toHaveValue('OH');
  await expect(byLabel(shipping(page), 'Zip Code')).toHaveValue('43215');
  await same.check();
  await expect(shipping(page)).toHaveCount(0);

  // Countries: the address the order ships to lists only where the shop ships (site.json); a
  // separate billing address lists the billing-only countries too. No alert, ever.
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const country = (scope: Locator) => byLabel(scope, 'Country');
  await expect(country(billing(page)).locator('option')).toHaveText(['United States']);
  await same.uncheck();
  await expect(country(shipping(page)).locator('option')).toHaveText(['United States']);
  await expect(country(billing(page)).locator('option')).toHaveText(['United States', 'Canada', 'Mexico']);
  await country(billing(page)).selectOption('CA');
  // Postal codes follow the country: letters in Canada, a 5-digit ZIP in the US; errors next to the field.
  const billingZip = byLabel(billing(page), 'Zip Code');
  await billingZip.fill('K1A 0B1');
  await billingZip.blur();
  await expect(billingZip).not.toHaveAttribute('aria-invalid', 'true');
  await expect(billingZip).toHaveAttribute('inputmode', 'text');
  await billingZip.fill('K1A_0B1');
  await billingZip.blur();
  await expect(billingZip).toHaveAccessibleDescription('Only letters, numbers, spaces and hyphens are allowed');
  await billingZip.fill('K1A 0B1');
  const shippingZip = byLabel(shipping(page), 'Zip Code');
  await expect(shippingZip).toHaveAttribute('inputmode', 'numeric');
  await shippingZip.fill('4321');
  await shippingZip.blur();
  await expect(shippingZip).toHaveAccessibleDescription('ZIP/Postal code seems too short');
  await shippingZip.fill('K1A0B1');
  await shippingZip.blur();
  await expect(shippingZip).toHaveAccessibleDescription('Only numbers are allowed');
  await shippingZip.fill('43215');
  await shippingZip.blur();
  await expect(shippingZip).not.toHaveAttribute('aria-invalid', 'true');
  // Shipping to a Canadian billing address is refused in the page, next to the box.
  await same.click();
  await expect(same).not.toBeChecked();
  await expect(same).toHaveAccessibleDescription(NOT_CANADA);
  await country(billing(page)).selectOption('US');
  await expect(same).not.toHaveAccessibleDescription(NOT_CANADA);
  await byLabel(billing(page), 'State').selectOption('OH');
  await billingZip.fill('43215');
  await same.check();
  await expect(shipping(page)).toHaveCount(0);
  expect(dialogs).toEqual([]);

  // Mobile: the summary is a slide-in panel behind the sticky bar's button.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(summary(page)).toBeHidden();
  await page.getByRole('button', { name: 'Order summary (1 item)' }).click();
  await expect(summary(page)).toBeVisible();
  await expect(summary(page)).toContainText('Aspen White Shaker sample door, Aspen White');
  await expect(summary(page)).toContainText('Finish: Aspen White');
  await expect(summary(page).getByRole('button', { name: 'Close order summary' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(summary(page)).toBeHidden();
  await page.getByRole('button', { name: 'Order summary (1 item)' }).click();
  await summary(page).getByRole('button', { name: 'Close order summary' }).click();
  await expect(summary(page)).toBeHidden();
  expect(errors).toEqual([]);
});

test('two samples paid by card: the success page, the stored order and both e-mails', async ({ page, request }) => {
  test.slow();
  const errors = watchErrors(page);
  const email = unique('paid');
  await addAwDoor(page);
  await addQuartzChip(page);
  const skus = await page.evaluate(() =>
    (JSON.parse(localStorage.getItem('selectedSamples') ?? '{}') as { items: { sku: string }[] }).items.map(
      (i) => i.sku,
    ),
  );
  expect(skus).toHaveLength(2);
  const catalogue = (await (await request.get('/data/samples.json')).json()) as {
    samples: Record<string, { price: number }>;
  };
  const subtotal = Math.round(skus.reduce((s, sku) => s + catalogue.samples[sku]!.price, 0) * 100) / 100;

  await recordDataLayer(page); // the checkout pushes begin_checkout, the success page (a new document) purchase
  await openCheckout(page);
  await expect(summary(page).getByRole('listitem')).toHaveCount(2);
  await expect(summary(page)).toContainText(CG_CHIP);
  await expect(summary(page)).toContainText('Finish: Calacatta Gold');
  await fillBilling(page, email);
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Credit or Debit Card' })).toBeChecked();
  await fillCard(page, '4242 4242 4242 4242');
  await expect(figure(page, 'Subtotal')).toHaveText(money(subtotal));
  await expectAxeClean(page);
  const shownTotal = await figure(page, 'Total').textContent();

  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const status = page.getByRole('status').filter({ hasText: 'Your order number is' });
  await expect(status).toHaveText(/^Your order number is #\d+$/);
  const orderNumber = (await status.textContent())!.replace(/\D/g, '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  // The cart is empty (the checkout header has no cart link: the stored cart says it).
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (JSON.parse(localStorage.getItem('selectedSamples') ?? '{"items":[]}') as { items: unknown[] }).items.length,
      ),
    )
    .toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('orderIncrementId'))).toBeNull();
  const events = (
    await dataLayerEvents<{ event?: string; login_status?: string; customer_type?: string; user_id?: string }>(page)
  ).filter((e) => e.event === 'begin_checkout' || e.event === 'purchase');
  expect(events.map((e) => [e.event, e.user_id, e.login_status, e.customer_type])).toEqual([
    ['begin_checkout', '', 'Guest', 'General'],
    ['purchase', '', 'Guest', 'General'],
  ]);

  // The stored order: paid, with the server's figures (the same the page showed).
  const [order, ...more] = ordersFor(email);
  expect(more).toEqual([]);
  expect(order!.order_increment_id).toBe(orderNumber);
  expect(order!.status).toBe('ordered');
  // Integer cents in the database; the page shows dollars.
  expect(order!.subtotal_cents).toBe(Math.round(subtotal * 100));
  expect(order!.total_cents).toBe(order!.subtotal_cents + order!.shipping_amount_cents + order!.tax_amount_cents);
  expect(money(order!.total_cents / 100)).toBe(shownTotal);
  // The success page's summary: the two samples and the stored total, and when samples ship.
  const bought = page.getByRole('table', { name: 'Your samples' });
  await expect(bought.getByRole('row')).toHaveCount(1 + 2 + 4);
  await expect(bought.getByRole('row').nth(2)).toContainText(CG_CHIP);
  await expect(bought.getByRole('row').last()).toHaveText(new RegExp(`^Total\\s*\\${shownTotal}$`));
  await expect(
    page.getByText('We will e-mail tracking details as soon as your samples leave our warehouse'),
  ).toBeVisible();

  // The e-mails: the customer's, and the shop's to the first admin address with the rest in cc.
  const customer = await waitForMail(
    (m) => m.to.includes(email) && m.raw.includes(`Order Confirmation #${orderNumber}`),
  );
  expect(customer.to).toEqual([email]);
  const admin = await waitForMail((m) => m.to.includes(ADMIN) && m.raw.includes(`New Order #${orderNumber}`));
  expect([...admin.to].sort()).toEqual([ADMIN, ADMIN_CC].sort());
  expect(admin.raw).toMatch(new RegExp(`^To: ${ADMIN}`, 'm'));
  expect(admin.raw).toMatch(new RegExp(`^Cc: ${ADMIN_CC}`, 'm'));

  // Opened again with no stored number: back to the checkout.
  await page.goto('/order/success');
  await expect(page).toHaveURL(/\/checkout$/);
  expect(errors).toEqual([]);
});

test('a declined card shows the error; the retry on the same page pays the same order', async ({ page }) => {
  test.slow();
  const email = unique('declined');
  await addQuartzChip(page);
  await openCheckout(page);
  await fillBilling(page, email);
  await fillCard(page, '4000 0000 0000 0002');
  await placeOrder(page).click();
  await expect(page.locator('form').getByRole('alert').filter({ hasText: /./ })).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(placeOrder(page)).toBeEnabled();
  await expect.poll(() => ordersFor(email).map((o) => o.status)).toEqual(['pending_payment']);

  await byLabel(page.locator('form'), 'Card Number').fill('4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your order number is' })).toHaveText(/#\d+$/);
  const rows = ordersFor(email);
  expect(rows.map((o) => o.status)).toEqual(['ordered']);
});

test('test mode: the sandbox notice with the payment methods; a ZIP of another state is refused on the ZIP field', async ({
  page,
}) => {
  test.slow();
  const errors = watchErrors(page);
  await addAwDoor(page);
  await openCheckout(page);
  const payment = page.getByRole('group', { name: 'Payment method' });
  await expect(payment.getByText('Test mode: no real payment is taken', { exact: true })).toBeVisible();
  // Shown in the same render as the methods: present as soon as the first method is.
  await expect(payment.getByRole('radio', { name: 'Credit or Debit Card' })).toBeVisible();

  await fillBilling(page, unique('zip'));
  const zip = byLabel(billing(page), 'Zip Code');
  await byLabel(billing(page), 'State').selectOption('IN');
  await expect(zip).toHaveAccessibleDescription('ZIP/Postal code does not match the selected state');
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('group', { name: 'Shipping method' })).toContainText(
    'ZIP/Postal code does not match the selected state',
  );
  await expectAxeClean(page);
  await byLabel(billing(page), 'State').selectOption('OH');
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
  expect(errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
});

test('a card that needs authentication: the sandbox page, then the verify page and the success page', async ({
  page,
}) => {
  test.slow();
  const email = unique('3ds');
  await addQuartzChip(page);
  await openCheckout(page);
  await fillBilling(page, email);
  await fillCard(page, '4000 0025 0000 3155');
  await placeOrder(page).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your order number is' })).toHaveText(/#\d+$/);
  expect(ordersFor(email).map((o) => o.status)).toEqual(['ordered']);
  // The verify page handed the order on: the success page shows what was bought.
  await expect(page.getByRole('table', { name: 'Your samples' })).toBeVisible();

  // A return with a made-up intent: the failure page, with the way back to the checkout.
  await page.goto('/payment/card/verify?payment_intent=pi_unknown&payment_intent_client_secret=nope');
  await expect(page).toHaveURL(/\/payment\/fail$/);
  await expect(page.getByRole('link', { name: 'Return to checkout' })).toHaveAttribute('href', '/checkout');
  await expect(page.getByRole('main').getByRole('alert')).not.toBeEmpty(); // the verification's reason
  await expectAxeClean(page);
});
