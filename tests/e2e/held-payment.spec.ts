/**
 * A payment held for review is an order placed (issue 46): the sandbox's review card, then the
 * success page with what was ordered and that the payment is being reviewed, an empty cart in
 * every tab, no Place Order left to press, and the server answering a replayed pay request (or
 * the cart's checkout again) with the held order: one order, one hold. Also the checkout on a
 * phone: the amount to be charged beside Place Order, and the sandbox banner's test cards.
 */
import { expect, test } from '@playwright/test';
import { hydrated, watchErrors } from './support/page-helpers.ts';
import {
  addQuartzChip,
  byLabel,
  checkout,
  NEXT_YEAR,
  orders,
  outbox,
  placeOrder,
  query,
  unique,
} from './support/checkout-helpers.ts';

const REVIEW = 'Your payment is being reviewed. We will contact you by e-mail once it is approved.';
const EMPTY_TEXT = 'Looks like you have not added anything to your cart. Go ahead & add items to your cart.';

async function card(page: import('@playwright/test').Page, number: string) {
  await byLabel(page, 'Card Number').fill(number);
  await byLabel(page, 'Expiry Month').selectOption('12');
  await byLabel(page, 'Expiry Year').selectOption(NEXT_YEAR);
  await byLabel(page, 'CVV').fill('987');
}

const cartSize = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('selectedSamples') ?? '{"items":[]}') as { items: unknown[] }).items.length,
  );

test('the review card places the order: the success page says the payment is being reviewed, the cart is empty, Place Order cannot charge again, a replay of the pay request gets the held order', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const errors = watchErrors(page);
  const email = unique('held');
  await addQuartzChip(page);
  // A second tab of the same cart, at the checkout too.
  const other = await context.newPage();
  await other.goto('/checkout');
  await hydrated(other);
  await expect(placeOrder(other)).toBeVisible();

  await checkout(page, email);
  await card(page, '4000 0000 0000 9995');
  const createRequest = page.waitForRequest((r) => r.url().endsWith('/api/order') && r.method() === 'POST');
  const payRequest = page.waitForRequest((r) => r.url().endsWith('/api/order/pay'));
  await placeOrder(page).click();
  const created = await createRequest;
  const paid = await payRequest;

  // The placed-and-waiting page: the number, what was ordered, that the payment is being reviewed.
  await expect(page).toHaveURL(/\/order\/success$/);
  const status = page.getByRole('status').filter({ hasText: 'Your order number is' });
  await expect(status).toHaveText(/^Your order number is #\d+$/);
  const orderNumber = (await status.textContent())!.replace(/\D/g, '');
  await expect(page.getByText(REVIEW)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your samples' })).toContainText('Calacatta Gold quartz top sample');
  await expect(page.getByText('Sample doors ship in 2 to 3 business days')).toHaveCount(0);
  expect(await cartSize(page)).toBe(0);

  // Nothing left to press: this tab's checkout and the other tab show the empty cart.
  await expect(other.getByText(EMPTY_TEXT)).toBeVisible();
  await expect(placeOrder(other)).toHaveCount(0);
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
  await expect(placeOrder(page)).toHaveCount(0);

  // The requests again, as a replay or a second tab would send them: the held order, nothing charged.
  const [order, ...more] = orders(email);
  expect(more).toEqual([]);
  const replayedPay = await request.post('/api/order/pay', { data: paid.postDataJSON() });
  expect(replayedPay.status()).toBe(202);
  expect(await replayedPay.json()).toMatchObject({
    status: 'on_hold',
    message: REVIEW,
    order: { id: order!.id, orderIncrementId: orderNumber, status: 'pending_payment' },
  });
  const replayedOrder = await request.post('/api/order', { data: created.postDataJSON() });
  expect(replayedOrder.status()).toBe(200);
  expect(await replayedOrder.json()).toMatchObject({ order: { id: order!.id } });

  // One order, one hold, no paid e-mail.
  expect(orders(email)).toEqual([expect.objectContaining({ id: order!.id, status: 'pending_payment' })]);
  expect(query<{ status: string }>('SELECT status FROM payments WHERE order_id = ?', order!.id)).toEqual([
    { status: 'on_hold' },
  ]);
  expect(outbox(order!.id)).toEqual([]);
  expect(errors).toEqual([]);
});

test('on a phone (390 px): the amount to be charged beside Place Order; the sandbox banner names the test cards', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await addQuartzChip(page);
  await checkout(page, unique('phone'));
  // The summary is folded away behind its bar.
  await expect(page.getByRole('button', { name: 'Order summary (1 item)' })).toBeVisible();
  const folded = page.getByRole('complementary', { name: 'Order summary', includeHidden: true });
  await expect(folded).toBeAttached();
  await expect(folded).not.toBeInViewport();

  const payment = page.getByRole('group', { name: 'Payment method' });
  await expect(payment.getByText('Test mode: no real payment is taken', { exact: true })).toBeVisible();
  await expect(payment.getByRole('listitem')).toHaveText([
    '4242 4242 4242 4242 approved',
    '4000 0000 0000 0002 declined',
    '4000 0000 0000 9995 held for review: the order is placed and waits',
    "4000 0025 0000 3155 asks for authentication on the gateway's page (approve or decline it there)",
  ]);

  const button = placeOrder(page);
  await button.scrollIntoViewIfNeeded();
  const total = page.locator('form').getByText(/^Total \$\d+\.\d\d$/);
  await expect(total).toBeInViewport();
  // The same figure as the summary's, beside the button (on its row) and named by it.
  const summaryTotal = await folded.locator('dl > div').last().locator('dd').textContent();
  await expect(total).toHaveText(`Total ${summaryTotal}`);
  await expect(button).toHaveAccessibleDescription(`Total ${summaryTotal}`);
  const [b, t] = [(await button.boundingBox())!, (await total.boundingBox())!];
  expect(Math.abs(b.y + b.height / 2 - (t.y + t.height / 2))).toBeLessThan(b.height / 2);
  expect(t.x + t.width).toBeLessThanOrEqual(390);
});
