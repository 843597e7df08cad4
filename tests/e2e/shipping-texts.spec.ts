/**
 * The shipping texts a shopper reads agree with data/shipping-methods.json: the shipping policy's
 * table states each enabled method's business days and the amounts its rates have, and no others;
 * the checkout states, beside each method it quotes for an address, the same days and only the
 * amount charged there (and the subtotal from which a lower rate applies). The expected figures
 * are read from the data file, the amounts charged computed as the server does (shippingRate).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { shippingRate } from '../../engine/commerce/shipping.ts';
import type { ShippingMethod, ShippingMethodsFile } from '../../engine/commerce/types.ts';
import { hydrated, samples, settled } from './support/page-helpers.ts';

const AW = '/products/kitchen-cabinets/rta-kitchen-cabinets/aw';
const { methods } = JSON.parse(
  readFileSync(new URL('../../site-config/data/shipping-methods.json', import.meta.url), 'utf8'),
) as ShippingMethodsFile;
const offered = methods.filter((m) => m.isEnabled).sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));

const money = (n: number) => `$${n.toFixed(2)}`;
/** Every amount a text states, in order of first mention, once each. */
const amountsIn = (text: string) => [...new Set(text.match(/\$\d[\d,]*\.\d\d/g) ?? [])];
/** What the data says of a method's delivery time. */
const daysOf = (m: ShippingMethod) =>
  m.days!.min === m.days!.max ? `${m.days!.max} business days` : `${m.days!.min} to ${m.days!.max} business days`;
/** The amounts a method's data has: each rate but zero, and each range start above zero. */
const amountsOf = (m: ShippingMethod) =>
  new Set(
    m.rates
      .filter((e) => !e.shippingDisabled)
      .flatMap((e) => [e.rate, ...(e.ranges ?? []).flatMap((r) => [r.rate, r.start])])
      .filter((v): v is number => typeof v === 'number' && v > 0)
      .map(money),
  );

test('the shipping policy states every enabled method with the days and amounts of its data', async ({ page }) => {
  await page.goto('/shipping-policy');
  const table = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Sample shipping' }) })
    .getByRole('table');
  const rows = table.locator('tbody tr');
  await expect(rows.locator('th')).toHaveText(offered.map((m) => new RegExp(`^${m.displayName}`)));
  for (const [i, m] of offered.entries()) {
    const cells = rows.nth(i).locator('td');
    await expect(cells.nth(0)).toHaveText(daysOf(m));
    const price = (await cells.nth(1).textContent()) ?? '';
    expect(new Set(amountsIn(price)), `${m.type}: ${price}`).toEqual(amountsOf(m));
  }
  // The table reads as one at every width (a block per method on a phone).
  await settled(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const result = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(result.violations.map((v) => `${width}px ${v.id}`)).toEqual([]);
  }
  // No other text of the page restates a delivery time for samples.
  const texts = await page.locator('main').locator('p, li').allTextContents();
  expect(texts.filter((t) => /sample/i.test(t) && /business days?/i.test(t))).toEqual([]);
});

async function quotedFor(page: Page, state: string, zipCode: string): Promise<Locator> {
  const billing = page.getByRole('group', { name: 'Billing details' });
  const field = (label: string) => billing.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await field('First Name').fill('Ada');
  await field('Last Name').fill('Lovelace');
  await field('Email').fill(`ship.${Date.now()}@example.com`);
  await field('Phone Number').fill('(614) 555-0100');
  await field('Address 1').fill('100 North High Street');
  await field('State').selectOption(state);
  await field('City').fill('Columbus');
  await field('Zip Code').fill(zipCode);
  const group = page.getByRole('group', { name: 'Shipping method' });
  await expect(group.getByRole('radio').first()).toBeChecked();
  return group;
}

test('the checkout states beside each method the days of its data and only the amount it charges', async ({ page }) => {
  test.slow();
  // A cart of one free sample door: a $0.00 subtotal.
  await page.goto(AW);
  await hydrated(page);
  const list = await samples(page);
  await list.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(list.getByRole('status')).toContainText('has been successfully added');
  await page.goto('/checkout');
  await hydrated(page);

  const at = { countryId: 'US', state: 'OH', zipCode: '43215' };
  const group = await quotedFor(page, at.state, at.zipCode);
  const quoted = offered.filter((m) => shippingRate(m, { subtotal: 0, itemCount: 1 }, at) !== undefined);
  await expect(group.locator('label')).toHaveCount(quoted.length);
  for (const m of quoted) {
    const amount = shippingRate(m, { subtotal: 0, itemCount: 1 }, at)!;
    const label = group.locator('label').filter({ hasText: m.displayName });
    await expect(label).toContainText(daysOf(m));
    const text = (await label.textContent()) ?? '';
    // The amount charged first; after it only the subtotal from which a lower rate applies.
    const [charged, ...rest] = amountsIn(text);
    expect(charged, text).toBe(money(amount));
    for (const threshold of rest) {
      expect(text).toContain(`on orders of ${threshold} or more`);
      const lower = shippingRate(m, { subtotal: Number(threshold.slice(1)), itemCount: 1 }, at)!;
      expect(lower, text).toBeLessThan(amount);
      expect(text).toContain(
        lower === 0 ? `Free on orders of ${threshold}` : `${money(lower)} on orders of ${threshold}`,
      );
    }
  }
});
