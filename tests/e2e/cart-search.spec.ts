/**
 * Sample cart and search, end to end: adding samples on style pages, the header count in a
 * second tab, the maximum-quantity message, the cart page (lines, prices, remove), expired,
 * malformed and stale storage, the header search popup and the search page, and axe on the
 * cart and search pages at 375 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hydrated, samples, settled, watchErrors } from './support/page-helpers.ts';

const AW = '/products/kitchen-cabinets/rta-kitchen-cabinets/aw';
const CWSBV = '/products/bathroom-vanities/rta-bathroom-vanities/cwsbv';
const AW_DOOR = 'Aspen White Shaker sample door, Aspen White';
const CG_CHIP = 'Calacatta Gold quartz top sample';
const EMPTY_TEXT = 'Looks like you have not added anything to your cart. Go ahead & add items to your cart.';
const HOUR = 3600_000;

// Each test loads several pages and runs axe at two widths: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function expectAxeClean(page: Page) {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

async function axeAtBothWidths(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAxeClean(page);
  }
}

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart \(\d+\)$/ });

test('samples added on style pages show in the header of another tab and on the cart page', async ({ context }) => {
  const shop = await context.newPage();
  const other = await context.newPage();
  const errors = [...watchErrors(shop), ...watchErrors(other)];
  await shop.clock.install();
  await shop.goto(AW);
  await hydrated(shop);
  await other.goto('/');
  await hydrated(other);
  await expect(cartLink(other)).toHaveText('Cart (0)');

  // The style's own door is ticked at first (its accent colours' doors follow): the button adds it.
  const list = await samples(shop);
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText(AW_DOOR);
  await expect(list.getByRole('listitem').first()).toContainText('$0.00');
  await list.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(list.getByRole('status')).toHaveText(`Item ${AW_DOOR} has been successfully added.`);
  await expect(cartLink(shop)).toHaveText('Cart (1)');
  await expect(cartLink(other)).toHaveText('Cart (1)'); // the other tab, without a reload
  // Messages vanish after 5 seconds.
  await shop.clock.runFor(5000);
  await expect(list.getByRole('status')).toHaveText('');

  // Several samples: at least one must be ticked.
  await shop.goto(CWSBV);
  await hydrated(shop);
  const vanity = await samples(shop);
  await expect(vanity.getByRole('checkbox')).toHaveCount(4);
  await vanity.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(vanity.getByRole('alert')).toHaveText('Please select at least one sample.');
  await expect(vanity.getByRole('checkbox').first()).toBeFocused();
  await expect(vanity.getByRole('checkbox').first()).toHaveAttribute('aria-invalid', 'true');
  await vanity.getByRole('checkbox', { name: new RegExp(CG_CHIP) }).check();
  await expect(vanity.getByRole('alert')).toHaveCount(0); // messages clear on change
  await vanity.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(vanity.getByRole('status')).toHaveText(`Item ${CG_CHIP} has been successfully added.`);
  await expect(cartLink(other)).toHaveText('Cart (2)');
  await vanity.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(vanity.getByRole('status')).toHaveText(`You can order maximum 1 quantity of item "${CG_CHIP}".`);
  await expect(cartLink(shop)).toHaveText('Cart (2)');

  // The cart page in the other tab.
  await other.goto('/order-samples');
  await hydrated(other);
  const lines = other.getByRole('list', { name: /Your samples/ }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(AW_DOOR);
  await expect(lines.nth(0)).toContainText('Style: Aspen White Shaker RTA Kitchen Cabinets');
  await expect(lines.nth(0)).toContainText('Finish: Aspen White');
  await expect(lines.nth(0)).toContainText('$0.00');
  await expect(lines.nth(1)).toContainText(CG_CHIP);
  await expect(lines.nth(1)).toContainText('Finish: Calacatta Gold');
  await expect(lines.nth(1)).toContainText('$9.95');
  const thumb = lines.nth(1).getByRole('img', { name: /./ });
  await expect(thumb).toHaveAttribute('width', '60');
  await expect(thumb).toHaveAttribute('height', '80');
  await expect(other.getByText('Subtotal')).toBeVisible();
  await expect(other.locator('main')).toContainText('Subtotal $9.95');
  await expect(other.getByRole('link', { name: 'Checkout', exact: true })).toHaveAttribute('href', '/checkout');
  await axeAtBothWidths(other);

  await lines
    .nth(0)
    .getByRole('button', { name: `Remove ${AW_DOOR}` })
    .click();
  await expect(lines).toHaveCount(1);
  await expect(other.getByRole('status').filter({ hasText: 'removed' })).toHaveText(
    `Item ${AW_DOOR} has been removed from your cart.`,
  );
  await expect(cartLink(other)).toHaveText('Cart (1)');
  await expect(cartLink(shop)).toHaveText('Cart (1)');
  expect(errors).toEqual([]);
});

test('expired, malformed and stale carts', async ({ page }) => {
  const errors = watchErrors(page);
  const store = (value: unknown) =>
    page.evaluate((v) => localStorage.setItem('selectedSamples', typeof v === 'string' ? v : JSON.stringify(v)), value);
  const line = (sku: string, name: string, type: string, value: string) => ({
    sku,
    name,
    qty: 1,
    finish: { type, value },
  });
  const aw = line('AW-SD-AW', AW_DOOR, 'color', 'aspen-white');

  await page.goto('/order-samples');
  await hydrated(page);
  await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping', exact: true })).toBeVisible();
  await axeAtBothWidths(page);

  // Stored 25 hours ago: expired an hour ago. The cart is read once the page has hydrated.
  await store({ items: [aw], expiresAt: Date.now() - HOUR });
  await page.reload();
  await hydrated(page);
  await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
  await expect(cartLink(page)).toHaveText('Cart (0)');
  expect(await page.evaluate(() => localStorage.getItem('selectedSamples'))).toBeNull();

  for (const bad of [
    '{not json',
    '[{"sku":"AW-SD-AW"}]',
    JSON.stringify({ items: 'AW-SD-AW', expiresAt: Date.now() + HOUR }),
  ]) {
    await store(bad);
    await page.reload();
    await hydrated(page);
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
    await expect(cartLink(page)).toHaveText('Cart (0)');
  }

  // A sku the catalogue no longer has is dropped, with a message.
  await store({
    items: [aw, line('RETIRED-SD-1', 'Retired sample door', 'color', 'white')],
    expiresAt: Date.now() + HOUR,
  });
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('status').filter({ hasText: 'no longer' })).toHaveText(
    'Item Retired sample door is no longer available and has been removed from your cart.',
  );
  await expect(page.getByRole('list', { name: /Your samples/ }).getByRole('listitem')).toHaveCount(1);
  await expect(cartLink(page)).toHaveText('Cart (1)');
  expect(errors).toEqual([]);
});

test.describe('search', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the header popup: lazy index, suggestions by sku and title, messages, keyboard, See all Result', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const indexRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/data/search-index.json')) indexRequests.push(r.url());
    });
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(indexRequests).toEqual([]);

    await box.click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await expect.poll(() => indexRequests.length).toBe(1);

    await box.fill('cwsbv-ch-cg');
    const options = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option');
    await expect(options.first()).toContainText('Classic White Shaker Bathroom Vanity');
    await expect(box).toHaveAttribute('aria-expanded', 'true');

    await box.fill('Greenwich Classic Semi-Custom');
    await expect(options.first()).toContainText('Greenwich Classic');
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await expectAxeClean(page); // the open combobox and its listbox

    await box.fill('zebrawood');
    await expect(page.getByRole('banner').getByText('No results found')).toBeVisible();
    await expect(options).toHaveCount(0);

    await box.fill('aw');
    await box.press('Enter');
    await expect(page.getByRole('banner').getByRole('alert')).toHaveText(
      'Please enter at least 3 characters to search.',
    );
    await expect(box).toHaveAttribute('aria-invalid', 'true');

    // Closing clears the text and the results.
    await box.fill('white');
    await expect(options.first()).toBeVisible();
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(options).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);

    // Enter on a suggestion opens it.
    await box.fill('gc-sd-pw');
    await expect(options.first()).toContainText('Greenwich Classic');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/kitchen-cabinets\/semi-custom-kitchen-cabinets\/gc$/);

    await box.click();
    await box.fill('white shaker');
    await page.getByRole('link', { name: 'See all Result' }).click();
    await expect(page).toHaveURL(/\/search\?query=white\+shaker$/);
    await expect(page.getByRole('heading', { name: /results for "white shaker"/ })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Aspen White Shaker', exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('typos forgiven, sku starts kept, "white shaker" ranks white styles first, "1 result"', async ({ page }) => {
    const errors = watchErrors(page);
    /** Whether a script the page has fetched so far holds the search library (MiniSearch). */
    const libraryLoaded = () =>
      page.evaluate(async () => {
        const scripts = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((url) => new URL(url).pathname.endsWith('.js'));
        const texts = await Promise.all(scripts.map((url) => fetch(url).then((r) => r.text())));
        return texts.some((t) => t.includes('MiniSearch'));
      });
    await page.goto('/');
    await settled(page);
    expect(await libraryLoaded()).toBe(false);

    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
    const options = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option');
    const names = () => options.evaluateAll((els) => els.map((el) => el.firstElementChild?.textContent));
    await box.click();
    await box.fill('cabnet');
    await expect(options.filter({ hasText: /^Kitchen CabinetsPage$/ })).toHaveCount(1);
    expect(await libraryLoaded()).toBe(true);
    await box.fill('vanaty');
    await expect(options.first()).toContainText('Bathroom Vanity');
    await box.fill('shaker whte');
    await expect(options.first()).toContainText('Aspen White Shaker');
    await box.fill('AW-SD-AW');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText('Aspen White Shaker');
    await box.fill('hs-sd');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText('Hudson Sage Shaker');

    // White styles first, then the lines made in white; the dark shakers after them.
    const whiteFirst = [
      'Aspen White Shaker',
      'Classic White Shaker Bathroom Vanity',
      'Classic Off-White Shaker Bathroom Vanity',
      'Park Terrace Slim Shaker',
      'Carlton',
      'Sutton Craftsman',
    ];
    await box.fill('white shaker');
    await expect(options).toHaveCount(6);
    await expect.poll(names).toEqual(whiteFirst);

    await page.goto('/search?query=white+shaker');
    await hydrated(page);
    const results = page.getByRole('main').getByRole('list', { name: /^\d+ results for "white shaker"$/ });
    const resultNames = () => results.getByRole('link').allTextContents();
    await expect.poll(async () => (await resultNames()).slice(0, 6)).toEqual(whiteFirst);
    const all = await resultNames();
    for (const dark of ['Blackstone Charcoal Shaker', 'Hudson Sage Shaker', 'Pacific Navy Shaker'])
      expect(all.indexOf(dark)).toBeGreaterThan(5);

    // One result: the singular, where the spec leaves the text to us.
    await page.goto('/search?query=PTS-SD-CF');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: '1 result for "PTS-SD-CF"', exact: true })).toBeVisible();
    await page.goto('/search?query=vanaty');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: /^\d+ results for "vanaty"$/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the search page: query box, minimum length, results; axe clean', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/search?query=greenwich');
    await hydrated(page);
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search the shop' });
    await expect(box).toHaveValue('greenwich');
    await expect(page.getByRole('main').getByRole('link', { name: 'Greenwich Classic', exact: true })).toHaveAttribute(
      'href',
      '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/gc',
    );
    await axeAtBothWidths(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Blank: the address keeps its query, and the message shows.
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\?query=greenwich$/);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please enter at least 3 characters to search.');

    await box.fill(' ab ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\?query=ab$/);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please enter at least 3 characters to search.');
    await expect(box).toHaveAttribute('aria-invalid', 'true');

    await box.fill('PTS-SD-CF');
    await box.press('Enter');
    await expect(page).toHaveURL(/\?query=PTS-SD-CF$/);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Park Terrace Slim Shaker', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

    await box.fill('zebrawood');
    await box.press('Enter');
    await expect(page.getByRole('main').getByText('No results found')).toBeVisible();
    await axeAtBothWidths(page);
    expect(errors).toEqual([]);
  });
});
