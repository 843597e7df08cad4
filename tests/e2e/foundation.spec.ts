/** The foundation end to end: prerendered pages, hydration, navigation, breadcrumbs, 404, menus. */
import { expect, test } from '@playwright/test';
import { hydrated, jsonLd, settled, watchErrors } from './support/page-helpers.ts';

test('home page: prerendered content, head, and a clean hydration', async ({ page, request }) => {
  const raw = await (await request.get('/')).text();
  expect(raw).toContain('<h1'); // full content in the HTML, not an empty shell
  const errors = watchErrors(page);
  await page.goto('/');
  await settled(page); // the blocks that load at idle time too: their errors count
  await expect(page).toHaveTitle(/Hearthline Cabinetry/);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.hearthlinecabinetry.com/');
  const types = (await jsonLd(page)).map((j) => j['@type']);
  expect(types).toContain('WebSite');
  expect(types).not.toContain('BreadcrumbList'); // breadcrumb schema off on home
  expect(errors).toEqual([]);
});

test('a catalogue category route is prerendered from the catalogue data', async ({ page }) => {
  const res = await page.goto('/products/kitchen-cabinets');
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1')).toContainText('Kitchen Cabinets');
  await expect(page).toHaveTitle(/Kitchen Cabinets/);
});

test('breadcrumbs: visible items and BreadcrumbList JSON-LD', async ({ page }) => {
  await page.goto('/about-us');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'About Us']);
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('About Us');
  const list = (await jsonLd(page)).find((j) => j['@type'] === 'BreadcrumbList');
  expect(list?.itemListElement).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.hearthlinecabinetry.com/' },
    { '@type': 'ListItem', position: 2, name: 'About Us', item: 'https://www.hearthlinecabinetry.com/about-us' },
  ]);
});

test('routes without breadcrumb items show none', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  expect((await jsonLd(page)).map((j) => j['@type'])).not.toContain('BreadcrumbList');
});

test('unknown paths get the 404 page with status 404, and its links work', async ({ page }) => {
  const res = await page.goto('/no-such-cabinet');
  expect(res?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText("We couldn't find that page");
  await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
  await hydrated(page);
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('dynamic routes are served from their prerendered shells', async ({ request }) => {
  const res = await request.get('/unsubscribe/4f9c2a');
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('<div id="root">');
  expect((await request.get('/payment/stripe/verify')).status()).toBe(200);
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('opens, keeps one submenu open at a time, and closes', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const burger = page.getByRole('button', { name: 'Open menu' });
    await expect(burger).toBeVisible();
    await burger.click();
    const panel = page.getByRole('dialog', { name: 'Our Offerings' });
    await expect(panel).toBeVisible();
    // Submenus are <details> of one group: opening one closes the other, with no script.
    const group = (name: string) =>
      panel.locator('details').filter({ has: page.locator('> summary', { hasText: name }) });
    const vanities = group('Bathroom Vanities');
    const hoods = group('Range Hoods');
    await vanities.locator('> summary').click();
    await expect(vanities).toHaveAttribute('open', '');
    await expect(vanities.getByRole('link').first()).toBeVisible();
    await hoods.locator('> summary').click();
    await expect(hoods).toHaveAttribute('open', '');
    await expect(vanities).not.toHaveAttribute('open');
    await expect(panel.getByRole('link', { name: 'Call us: (614) 555-0143' })).toBeVisible(); // mobile-only item
    // The focus stays in the open panel: Shift+Tab from Close goes to its last link, Tab from there back to Close.
    const close = panel.getByRole('button', { name: 'Close' });
    await close.focus();
    await page.keyboard.press('Shift+Tab');
    const last = panel.getByRole('link', { name: 'Call us: (614) 555-0143' });
    await expect(last).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await close.click();
    await expect(panel).toBeHidden();
    await expect(burger).toBeFocused();
    // Escape closes it too (a popover).
    await burger.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });
});

test.describe('desktop menu at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('a dropdown opens and closes by click or keyboard (Escape too), one at a time; mobile-only items stay hidden', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const nav = page.getByRole('banner').getByRole('navigation').first();
    const group = (name: string) =>
      nav.locator('details').filter({ has: page.locator('> summary', { hasText: name }) });
    const panel = group('Bathroom Vanities');
    await panel.locator('> summary').click();
    await expect(panel).toHaveAttribute('open', '');
    await expect(panel.getByRole('link').first()).toBeVisible();
    const other = group('Range Hoods');
    await other.locator('> summary').focus();
    await page.keyboard.press('Enter');
    await expect(other).toHaveAttribute('open', '');
    await expect(panel).not.toHaveAttribute('open');
    await page.keyboard.press('Enter');
    await expect(other).not.toHaveAttribute('open');
    // Escape, from the summary or from a link inside, closes the panel and gives the focus to its summary.
    // (The mouse leaves the menu first: where it rests decides nothing below.)
    await page.mouse.move(640, 800);
    await page.keyboard.press('Enter');
    await expect(other.getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(other.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(other).not.toHaveAttribute('open');
    await expect(other.locator('> summary')).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(other).not.toHaveAttribute('open');
    await expect(page.getByRole('link', { name: 'Call us: (614) 555-0143' })).toBeHidden();
  });

  test('the mega menu opens as the mouse rests on it, stays while the mouse is in it, and closes when it leaves, on a click elsewhere and on Escape', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    await hydrated(page);
    const mega = page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Main' })
      .locator('details')
      .filter({ has: page.locator('> summary', { hasText: 'Kitchen Cabinets' }) });
    const summary = mega.locator('> summary');
    const link = mega.getByRole('link', { name: 'View all Kitchen Cabinets' });
    const logo = page.getByRole('banner').getByRole('link', { name: 'Hearthline Cabinetry' });
    // The pointer coming over the menu starts its code; resting on the item opens the panel, with no click.
    await summary.hover();
    await expect(mega).toHaveAttribute('open', '');
    await expect(link).toBeVisible();
    // Down into the panel: it stays, and its links work; away from the item: it closes.
    await link.hover();
    await expect(link).toBeVisible();
    await logo.hover();
    await expect(mega).not.toHaveAttribute('open');
    await expect(link).toBeHidden();
    // A click on the summary of the panel the mouse opened keeps it open (the click the shopper
    // had on its way); the next one closes it.
    await summary.hover();
    await expect(mega).toHaveAttribute('open', '');
    await summary.click();
    await expect(mega).toHaveAttribute('open', '');
    await summary.click();
    await expect(mega).not.toHaveAttribute('open');
    // Opened by keyboard with the mouse away: a click elsewhere on the page closes it.
    await logo.hover();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(link).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(mega).not.toHaveAttribute('open');
    await expect(link).toBeHidden();
    // Escape closes a panel the mouse opened, the focus being elsewhere.
    await summary.hover();
    await expect(link).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(mega).not.toHaveAttribute('open');
    await expect(link).toBeHidden();
    // The focus moving on past the panel (Tab from its last link) closes it.
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(link).toBeVisible();
    await mega.getByRole('link').last().focus();
    await page.keyboard.press('Tab');
    await expect(mega).not.toHaveAttribute('open');
    expect(errors).toEqual([]);
  });
});

test.describe('desktop menu on a touch screen at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 }, hasTouch: true });
  test('a tap opens and closes a panel, a tap elsewhere closes it', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const panel = page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Main' })
      .locator('details')
      .filter({ has: page.locator('> summary', { hasText: 'Range Hoods' }) });
    const link = panel.getByRole('link', { name: 'View all Range Hoods' });
    await panel.locator('> summary').tap(); // before the menu's code is live: the tap is made again once it is
    await expect(link).toBeVisible();
    await panel.locator('> summary').tap();
    await expect(panel).not.toHaveAttribute('open');
    await panel.locator('> summary').tap();
    await expect(link).toBeVisible();
    await page.touchscreen.tap(5, 5);
    await expect(panel).not.toHaveAttribute('open');
  });
});

test('structured data follows each route’s flags', async ({ page }) => {
  await page.goto('/aboutus');
  let types = (await jsonLd(page)).map((j) => j['@type']);
  expect(types).toEqual(
    expect.arrayContaining(['BreadcrumbList', 'WebSite', 'Organization', 'HomeAndConstructionBusiness']),
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://www.hearthlinecabinetry.com/about-us',
  );
  await page.goto('/faqs');
  const faq = (await jsonLd(page)).find((j) => j['@type'] === 'FAQPage');
  expect(faq?.mainEntity.length).toBeGreaterThan(3);
  expect(faq?.mainEntity[0]).toMatchObject({ '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } });
  await page.goto('/estimator');
  types = (await jsonLd(page)).map((j) => j['@type']);
  expect(types).toEqual([]);
});
