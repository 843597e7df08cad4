/**
 * Blog, reviews, cookie consent and tracking, end to end: blog search (title, description or
 * author, case-insensitive) with its messages, pages and shareable URLs, the table of contents,
 * the category page and its counts, review Show More / Show Less, the review API, the cookie
 * banner (consent cookie, tag manager loaded only after Accept All, never covering focus),
 * call-to-action tracking, and axe on a post, a category and the reviews page at 375 and 1280 px.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  blockHydrated,
  dataLayerEvents,
  hydrated,
  recordDataLayer,
  recordShifts,
  settled,
  watchErrors,
} from './support/page-helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const reviewsFile = JSON.parse(readFileSync(resolve(ROOT, 'site-config/data/reviews.json'), 'utf8')) as {
  reviews: { id: string; name: string; rating: number; reviewText: string; date: string; platform: string }[];
};
const GTM_ID = (
  JSON.parse(readFileSync(resolve(ROOT, 'site-config/site.json'), 'utf8')) as { integrations: { tagManagerId: string } }
).integrations.tagManagerId;
const DAY = 24 * 3600;

// A first visit: no consent cookie (playwright.config.ts gives the other tests one).
test.use({ storageState: { cookies: [], origins: [] } });

const banner = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });
/** Titles of the post cards in the page's main part (h2 or h3 by the list's own heading). */
const postTitles = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .locator('h2, h3')
    .filter({ has: page.getByRole('link') });

/** Answers tag manager requests with a tiny stub (no network) and records them. */
async function stubTagManager(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route('https://www.googletagmanager.com/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: 'window.__gtmStubLoaded = (window.__gtmStubLoaded || 0) + 1;',
    });
  });
  return requests;
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'cookie_consent');
}

async function expectAxeClean(page: Page) {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

test.describe('blog', () => {
  test('search matches author names case-insensitively, says No Blogs Found, and keeps the query in the URL', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.goto('/blogs');
    await hydrated(page);
    const list = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'All articles' }) });
    await expect(list.getByRole('heading', { level: 3 })).toHaveCount(3); // page 1 of 2
    const search = page.getByRole('searchbox', { name: 'Search the blog' });

    await search.fill('mAyA cAsTeLlAnO');
    await expect(page).toHaveURL(/[?&]q=mAyA\+cAsTeLlAnO/);
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Top 10 Kitchen Designs We Built This Year']);
    await expect(list.getByRole('status')).toHaveText('1 article matches “mAyA cAsTeLlAnO”');

    await search.fill('PRIYA');
    await expect(list.getByRole('heading', { level: 3 })).toHaveText([
      'Gray Sofa, Fresh Flowers: Styling an Open-Plan Kitchen and Living Room',
      'Dressing the Kitchen: The Essential Styling Trends That Started in 2020',
    ]);

    await search.fill('walnut pergola');
    await expect(list.getByRole('status')).toHaveText('No Blogs Found');
    await expect(list.getByRole('heading', { level: 3 })).toHaveCount(0);

    await search.fill('');
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(list.getByRole('heading', { level: 3 })).toHaveCount(3);

    // A shared search URL restores the search (after hydration, without a mismatch).
    await page.goto('/blogs?q=vanity');
    await hydrated(page);
    await expect(search).toHaveValue('vanity');
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Top 10 Bathroom Vanity Designs']);
    expect(errors).toEqual([]);
  });

  test('the list pages with ?page=N links that can be shared', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/blogs');
    await hydrated(page);
    const pages = page.getByRole('navigation', { name: 'All articles: pages' });
    await pages.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/blogs\?page=2$/);
    const list = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'All articles' }) });
    await expect(list.getByRole('heading', { level: 3 })).toHaveText([
      'Top 10 Kitchen Designs We Built This Year',
      'Dressing the Kitchen: The Essential Styling Trends That Started in 2020',
    ]);
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.reload();
    await hydrated(page);
    await expect(list.getByRole('heading', { level: 3 })).toHaveCount(2);
    expect(errors).toEqual([]);
  });

  test('the table of contents links jump to the headings of the post', async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/blogs/top-10-kitchens-designs-4');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top 10 Kitchen Designs, Part 4: Small Kitchens');
    const toc = page.getByRole('navigation', { name: 'In this article' });
    const links = toc.getByRole('link');
    await expect(links).toHaveCount(9);
    // Every entry names a heading of the text with the id it links to.
    const targets = await links.evaluateAll((as) =>
      as.map((a) => {
        const el = document.getElementById(a.getAttribute('href')!.slice(1));
        return `${el?.tagName} ${el?.textContent === a.textContent}`;
      }),
    );
    expect(targets).toEqual([
      'H2 true',
      'H2 true',
      'H2 true',
      'H3 true',
      'H3 true',
      'H3 true',
      'H4 true',
      'H3 true',
      'H2 true',
    ]);

    await toc.getByRole('link', { name: 'Corner options compared' }).click();
    await expect(page).toHaveURL(/#corner-options-compared$/);
    await expect(page.getByRole('heading', { level: 4, name: 'Corner options compared' })).toBeInViewport();
    await toc.getByRole('link', { name: 'Measure twice, order once' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Measure twice, order once' })).toBeInViewport();
    expect(errors).toEqual([]);
  });

  test('a category page lists its posts in a grid, popular posts, and every category with its count', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/blogs/category/latest-trends');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest Trends');
    await expect(page.getByRole('searchbox', { name: 'Search this category' })).toBeVisible();
    await expect(postTitles(page)).toHaveText([
      'Top 10 Bathroom Vanity Designs',
      'Dressing the Kitchen: The Essential Styling Trends That Started in 2020',
    ]);
    // A grid of 3 on desktop: both cards sit on one row.
    const boxes = await postTitles(page).evaluateAll((hs) =>
      hs.map((h) => h.closest('li')!.getBoundingClientRect().top),
    );
    expect(new Set(boxes).size).toBe(1);

    const categories = page.getByRole('navigation', { name: 'Categories' });
    await expect(categories.getByRole('link')).toHaveText([
      'All articles5 posts',
      'Kitchen Ideas & Inspirations2 posts',
      'Latest Trends2 posts',
      'Must Read1 post',
    ]);
    await expect(categories.getByRole('link', { name: /Latest Trends/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Popular Posts' })).toBeVisible();

    // Searching inside the category; a miss says so.
    await page.getByRole('searchbox', { name: 'Search this category' }).fill('tom whitfield');
    await expect(postTitles(page)).toHaveText(['Top 10 Bathroom Vanity Designs']);
    await page.getByRole('searchbox', { name: 'Search this category' }).fill('maya');
    await expect(page.getByRole('main').getByText('No Blogs Found')).toBeVisible();

    await categories.getByRole('link', { name: /Must Read/ }).click();
    await expect(page).toHaveURL(/\/blogs\/category\/must-read$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Must Read');
    await expect(postTitles(page)).toHaveText(['Top 10 Kitchen Designs, Part 4: Small Kitchens']);
    expect(errors).toEqual([]);
  });

  test('an unknown category says Blog Category Not Found; author pages list their posts', async ({ page }) => {
    await page.goto('/blogs/category/outdoor-kitchens');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Category Not Found');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await page.goto('/blogs/authors/priya-raman');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Priya Raman');
    await expect(page.getByText('Interior Stylist')).toBeVisible();
    await expect(postTitles(page)).toHaveText([
      'Gray Sofa, Fresh Flowers: Styling an Open-Plan Kitchen and Living Room',
      'Dressing the Kitchen: The Essential Styling Trends That Started in 2020',
    ]);
  });
});

test.describe('reviews', () => {
  test('review cards cut long reviews at 150 characters with Show More / Show Less', async ({ page }) => {
    await page.goto('/reviews');
    await hydrated(page);
    await expect(page.getByText(`4.8 out of 5 from ${reviewsFile.reviews.length} reviews`)).toBeVisible();
    const newestLong = [...reviewsFile.reviews]
      .sort((a, b) => b.date.localeCompare(a.date))
      .find((r) => r.reviewText.length > 150)!;
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: newestLong.name }) });
    const text = card.getByText(newestLong.reviewText.slice(0, 40));
    // What the shopper sees (innerText): the rest of the review is in the page, hidden until asked for.
    // biome-ignore lint/performance/useDomNodeTextContent: innerText is the text as shown
    const shortText = await text.innerText();
    expect(shortText.endsWith('…')).toBe(true);
    expect(shortText.length).toBeLessThanOrEqual(151);
    await expect(card.getByRole('img', { name: `Rated ${newestLong.rating} out of 5` })).toBeVisible();

    // The toggle is a <details>' summary: it works without script, its state is the details' open.
    const toggle = card.locator('details > summary');
    await expect(toggle).toHaveText('Show More', { useInnerText: true });
    await expect(card.locator('details')).not.toHaveAttribute('open');
    await toggle.click();
    await expect(text).toHaveText(newestLong.reviewText, { useInnerText: true });
    await expect(toggle).toHaveText('Show Less', { useInnerText: true });
    await expect(card.locator('details')).toHaveAttribute('open', '');
    await toggle.click();
    await expect(text).toHaveText(shortText, { useInnerText: true });
    await expect(toggle).toHaveText('Show More', { useInnerText: true });
    await expect(toggle).toBeFocused();
  });

  test('the review API serves the site review data', async ({ request }) => {
    const birdeye = await request.get('/api/reviews/birdeye');
    expect(birdeye.status()).toBe(200);
    const list = (await birdeye.json()) as {
      reviewId: string;
      rating: number;
      reviewer: { nickName: string };
      rdate: number;
      comments: string;
    }[];
    expect(list).toHaveLength(reviewsFile.reviews.length);
    const jenna = reviewsFile.reviews.find((r) => r.id === 'jenna-m-dublin')!;
    expect(list.find((r) => r.reviewId === jenna.id)).toEqual({
      reviewId: jenna.id,
      rating: jenna.rating,
      reviewer: { nickName: jenna.name },
      rdate: Date.parse(`${jenna.date}T00:00:00Z`),
      comments: jenna.reviewText,
      sourceType: jenna.platform,
    });
    const summary = await request.get('/api/reviews/summary');
    expect(summary.status()).toBe(200);
    const avg = reviewsFile.reviews.reduce((s, r) => s + r.rating, 0) / reviewsFile.reviews.length;
    expect(await summary.json()).toEqual({
      avgRating: Math.round(avg * 10) / 10,
      reviewCount: reviewsFile.reviews.length,
    });
  });
});

test.describe('cookie consent and tracking', () => {
  test('no tag manager before consent; Accept All stores the choice for 180 days and loads it', async ({
    context,
    page,
  }) => {
    const gtm = await stubTagManager(context);
    await page.goto('/');
    // The banner's block (load: idle) handles the choice from here (before, the boot script does).
    await blockHydrated(page, banner(page));
    await expect(banner(page)).toBeVisible();
    expect(await consentCookie(context)).toBeUndefined();
    expect(gtm).toEqual([]);
    expect(await page.evaluate(() => document.querySelector('script[src*="googletagmanager"]'))).toBeNull();

    // Manage Preferences opens the preferences (cookie-preferences.spec.ts); Cancel stores nothing.
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    await banner(page).getByRole('button', { name: 'Manage Preferences' }).click();
    await page.getByRole('dialog', { name: 'Cookie preferences' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(banner(page)).toBeVisible();
    expect(await consentCookie(context)).toBeUndefined();
    expect(gtm).toEqual([]);
    expect(alerts).toEqual([]);

    const before = Date.now() / 1000;
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toHaveCount(0);
    const cookie = await consentCookie(context);
    expect(cookie).toMatchObject({ value: 'accepted', path: '/', sameSite: 'Lax' });
    expect(cookie!.expires).toBeGreaterThan(before + 180 * DAY - 60);
    expect(cookie!.expires).toBeLessThan(before + 180 * DAY + 60);
    await expect.poll(() => gtm).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __gtmStubLoaded?: number }).__gtmStubLoaded))
      .toBe(1);
    expect(
      await page.evaluate(() =>
        (window.dataLayer ?? []).some((e) => e.event === 'gtm.js' && typeof e['gtm.start'] === 'number'),
      ),
    ).toBe(true);

    // A later visit: no banner, the tag manager loads at hydration.
    await page.reload();
    await settled(page);
    await expect.poll(() => gtm.length).toBe(2);
    await expect(banner(page)).toHaveCount(0);
  });

  test('with consent, the tag manager still stays off on routes whose tagManager flag is off', async ({
    context,
    page,
    baseURL,
  }) => {
    const gtm = await stubTagManager(context);
    await context.addCookies([{ name: 'cookie_consent', value: 'accepted', url: baseURL! }]);
    await page.goto('/estimator'); // all structured-data flags off, tag manager included
    await settled(page); // the banner's block, which would load it, has run
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.querySelector('script[src*="googletagmanager"]'))).toBeNull();
    expect(gtm).toEqual([]);
    await page.getByRole('banner').getByRole('link', { name: 'Hearthline Cabinetry' }).first().click(); // client-side to home: flag on
    await expect(page).toHaveURL(/\/$/);
    // The address changes at once; the home page shows once its data and blocks are in (its head
    // applied with it), and the banner's block loads the tag manager as it renders it.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.hearthlinecabinetry.com/');
    await expect.poll(() => gtm.length).toBe(1);
  });

  test('Reject All stores the choice, hides the banner for good, and never loads the tag manager', async ({
    context,
    page,
  }) => {
    const gtm = await stubTagManager(context);
    await page.goto('/blogs');
    await blockHydrated(page, banner(page));
    const before = Date.now() / 1000;
    await banner(page).getByRole('button', { name: 'Reject All' }).click();
    await expect(banner(page)).toHaveCount(0);
    const cookie = await consentCookie(context);
    expect(cookie).toMatchObject({ value: 'rejected', path: '/' });
    expect(cookie!.expires).toBeGreaterThan(before + 180 * DAY - 60);
    // Navigate (client side) and reload: still no banner and no tag manager.
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: /Must Read/ })
      .click();
    await expect(page).toHaveURL(/must-read$/);
    await page.reload();
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Must Read');
    await expect(banner(page)).toHaveCount(0);
    expect(gtm).toEqual([]);
    expect(await page.evaluate(() => document.querySelector('script[src*="googletagmanager"]'))).toBeNull();
  });

  test('the banner does not cover focus: the page is padded by its height and focused links stay above it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/reviews');
    await settled(page); // the banner's block keeps the padding from here
    await expect(banner(page)).toBeVisible();
    const bannerTop = await banner(page).evaluate((el) => el.getBoundingClientRect().top);
    const height = await banner(page).evaluate((el) => el.getBoundingClientRect().height);
    expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe(`${Math.round(height)}px`);
    // Tab through the footer links: each focused one is scrolled clear of the banner.
    const footerLinks = page.getByRole('contentinfo').getByRole('link');
    for (const i of [0, 5, 10]) {
      await footerLinks.nth(i).focus();
      const box = await footerLinks.nth(i).evaluate((el) => el.getBoundingClientRect().bottom);
      expect(box).toBeLessThanOrEqual(bannerTop + 1);
    }
    // The last link of the page can be reached and seen too.
    await page.keyboard.press('End');
    await footerLinks.last().focus();
    expect(await footerLinks.last().evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(
      bannerTop + 1,
    );
  });

  test('nothing on a blog post moves when the banner appears (no layout shift)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const shifts = await recordShifts(page);
    await page.goto('/blogs/top-10-kitchens-designs');
    await settled(page);
    await expect(banner(page)).toBeVisible();
    expect(await shifts()).toEqual([]);
  });

  test('clicks on calls to action push a tracking event with the guest labels, consent or not', async ({
    context,
    page,
  }) => {
    const gtm = await stubTagManager(context);
    await recordDataLayer(page); // a click's event is pushed on the page it leaves
    await page.goto('/blogs/top-10-kitchens-designs');
    // The banner's island (started at idle) tracks the clicks: live before the first one.
    await blockHydrated(page, banner(page));
    await expect(banner(page)).toBeVisible(); // no choice made
    const ctaEvents = async () =>
      (await dataLayerEvents<{ event?: string }>(page)).filter((e) => e.event === 'cta_click');

    // A link elsewhere is not a tracked call to action.
    await page.getByRole('link', { name: 'Maya Castellano' }).first().click();
    await expect(page).toHaveURL(/\/blogs\/authors\/maya-castellano$/);
    expect(await ctaEvents()).toEqual([]);
    await page.goBack();
    await expect(page).toHaveURL(/top-10-kitchens-designs$/);
    await blockHydrated(page, banner(page)); // the page loaded again: its banner's island too

    await page.getByRole('link', { name: 'Get a free design' }).click();
    await expect(page).toHaveURL(/\/free-kitchen-design$/);
    expect(await ctaEvents()).toEqual([
      {
        event: 'cta_click',
        cta_path: '/free-kitchen-design',
        cta_text: 'Get a free design',
        page_path: '/blogs/top-10-kitchens-designs',
        user_id: '',
        login_status: 'Guest',
        customer_type: 'General',
      },
    ]);
    expect(gtm).toEqual([]); // pushed to the page's data layer only: nothing loaded, nothing sent
  });
});

test.describe('accessibility', () => {
  for (const width of [375, 1280])
    for (const path of ['/blogs/top-10-kitchens-designs', '/blogs/category/kitchen-ideas-inspirations', '/reviews'])
      test(`axe finds nothing on ${path} at ${width} px, cookie banner shown`, async ({ page }) => {
        test.slow(); // axe with colour contrast over a long page
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await settled(page);
        await expect(banner(page)).toBeVisible();
        await expectAxeClean(page);
      });
});
