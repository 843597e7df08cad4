/**
 * Cookie preferences: Manage Preferences opens a labelled modal dialog by keyboard (Escape closes
 * it, focus returns to the button), Save stores the kinds ticked in `cookie_consent`, the tag
 * manager loads only with analytics allowed, and the booking calendar (a third-party embed)
 * loads only with marketing allowed or at the visitor's word. No alert() at any point.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { blockHydrated, settled, watchErrors } from './support/page-helpers.ts';

// A first visit: no consent cookie (playwright.config.ts gives the other tests one).
test.use({ storageState: { cookies: [], origins: [] } });

const banner = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });
const preferences = (page: Page) => page.getByRole('dialog', { name: 'Cookie preferences' });

/** Answers tag manager requests with a tiny stub (no network) and records them. */
async function stubTagManager(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route('https://www.googletagmanager.com/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmStub = true;' });
  });
  return requests;
}

/** Answers the booking widget's script with a stub that fills the widget, and records the requests. */
async function stubCalendar(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route('https://assets.calendly.com/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: `for (const el of document.querySelectorAll('.calendly-inline-widget')) { const f = document.createElement('iframe'); f.title = 'Booking calendar'; f.src = 'about:blank'; el.appendChild(f); }`,
    });
  });
  return requests;
}

const consentValue = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === 'cookie_consent')?.value;

/** Opens the banner's page with the banner's island started, alerts recorded. */
async function openBanner(page: Page, path = '/'): Promise<string[]> {
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  await page.goto(path);
  await blockHydrated(page, banner(page));
  return alerts;
}

/** Opens the preferences by keyboard, ticks the kinds named (Space) and saves (Enter on Save). */
async function saveByKeyboard(page: Page, kinds: { analytics: boolean; marketing: boolean }) {
  await banner(page).getByRole('button', { name: 'Manage Preferences' }).focus();
  await page.keyboard.press('Enter');
  await expect(preferences(page)).toBeVisible();
  await expect(preferences(page).getByRole('checkbox', { name: 'Analytics' })).toBeFocused();
  if (kinds.analytics) await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(preferences(page).getByRole('checkbox', { name: 'Marketing' })).toBeFocused();
  if (kinds.marketing) await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(preferences(page).getByRole('button', { name: 'Save preferences' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(preferences(page)).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
}

test('the dialog opens by keyboard, is labelled and modal, and Escape closes it with the focus back on the button', async ({
  context,
  page,
}) => {
  const errors = watchErrors(page);
  const alerts = await openBanner(page);
  const manage = banner(page).getByRole('button', { name: 'Manage Preferences' });
  await manage.focus();
  await page.keyboard.press('Enter');
  const dialog = preferences(page);
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open && d.matches(':modal'))).toBe(true);
  // Necessary cookies are always on; the optional kinds start off, each explained.
  const necessary = dialog.getByRole('checkbox', { name: 'Necessary' });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Analytics' })).toHaveAccessibleDescription(/tag manager/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(manage).toBeFocused();
  await expect(banner(page)).toBeVisible();
  expect(await consentValue(context)).toBeUndefined();
  expect(alerts).toEqual([]);
  expect(errors).toEqual([]);
});

test('analytics only: stored as "analytics", the tag manager loads (now and on the next visit)', async ({
  context,
  page,
}) => {
  const gtm = await stubTagManager(context);
  const alerts = await openBanner(page);
  expect(gtm).toEqual([]);
  await saveByKeyboard(page, { analytics: true, marketing: false });
  expect(await consentValue(context)).toBe('analytics');
  await expect.poll(() => gtm.length).toBe(1);
  // The tag manager is told advertising is not allowed.
  const consentMode = await page.evaluate(() =>
    (window.dataLayer ?? []).map((e) => Array.from(e as unknown as ArrayLike<unknown>)).find((a) => a[0] === 'consent'),
  );
  expect(consentMode).toEqual([
    'consent',
    'default',
    { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
  ]);
  await page.reload();
  await settled(page);
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => gtm.length).toBe(2);
  expect(alerts).toEqual([]);
});

test('marketing only: stored as "marketing", no tag manager, and the booking calendar loads', async ({
  context,
  page,
}) => {
  const gtm = await stubTagManager(context);
  const calendar = await stubCalendar(context);
  const alerts = await openBanner(page);
  await saveByKeyboard(page, { analytics: false, marketing: true });
  expect(await consentValue(context)).toBe('marketing');
  await page.goto('/book-appointment');
  await settled(page);
  await page.locator('.calendly-inline-widget').scrollIntoViewIfNeeded(); // its island starts near the viewport
  await expect(page.locator('iframe[title="Booking calendar"]')).toBeAttached();
  expect(calendar).toEqual(['https://assets.calendly.com/assets/external/widget.js']);
  expect(gtm).toEqual([]);
  expect(await page.evaluate(() => document.querySelector('script[src*="googletagmanager"]'))).toBeNull();
  expect(alerts).toEqual([]);
});

test('nothing ticked: stored as "rejected"; the calendar stays gated until the visitor asks for it', async ({
  context,
  page,
}) => {
  const gtm = await stubTagManager(context);
  const calendar = await stubCalendar(context);
  const alerts = await openBanner(page, '/book-appointment');
  await saveByKeyboard(page, { analytics: false, marketing: false });
  expect(await consentValue(context)).toBe('rejected');
  await page.reload();
  await settled(page);
  await page.locator('.calendly-inline-widget').scrollIntoViewIfNeeded(); // its island starts near the viewport
  await expect(page.getByText('It shows here when you allow marketing cookies.')).toBeVisible();
  expect(calendar).toEqual([]);
  await expect(page.locator('iframe[title="Booking calendar"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the calendar' }).click();
  await expect(page.locator('iframe[title="Booking calendar"]')).toBeAttached();
  expect(calendar).toEqual(['https://assets.calendly.com/assets/external/widget.js']);
  expect(await consentValue(context)).toBe('rejected');
  expect(gtm).toEqual([]);
  expect(alerts).toEqual([]);
});

test('the footer reopens the preferences with the stored choice ticked; a changed choice applies at once', async ({
  context,
  page,
}) => {
  const gtm = await stubTagManager(context);
  const alerts = await openBanner(page);
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  expect(await consentValue(context)).toBe('accepted');
  await expect.poll(() => gtm.length).toBe(1);

  await page.goto('/faqs');
  await settled(page);
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Preferences' }).click();
  const dialog = preferences(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  expect(new URL(page.url()).hash).toBe('');

  // Analytics off: saved, and the page loads afresh without the tag manager.
  await dialog.getByRole('checkbox', { name: 'Analytics' }).uncheck();
  const loadsBefore = gtm.length;
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  await reloaded;
  await settled(page);
  expect(await consentValue(context)).toBe('marketing');
  expect(gtm).toHaveLength(loadsBefore);
  expect(await page.evaluate(() => document.querySelector('script[src*="googletagmanager"]'))).toBeNull();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Preferences' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  expect(alerts).toEqual([]);
});

test('on a 390x844 phone the banner takes at most a quarter of the screen, and both texts point at the footer link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openBanner(page);
  const bar = banner(page);
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(844 / 4);
  // Every button is on screen whole, none cut off by the bar's height.
  for (const name of ['Accept All', 'Reject All', 'Manage Preferences'])
    await expect(bar.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  await expect(bar).toContainText('Cookie Preferences link at the foot of every page');
  await expect(bar).not.toContainText('clearing');

  await bar.getByRole('button', { name: 'Manage Preferences' }).click();
  const dialog = preferences(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Cookie Preferences link at the foot of every page');
  await expect(dialog).not.toContainText('clearing');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The link the texts name is there, in the footer.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Preferences' })).toBeVisible();
});
