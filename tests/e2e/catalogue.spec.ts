/**
 * The catalogue end to end: category, sub-category and style pages; the listing's sort,
 * filters and pagination in the URL; finish swatches by click and by URL; the detail tabs;
 * Product JSON-LD; axe at 375 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hydrated, jsonLd, scrolledToAndLive, settled, watchErrors } from './support/page-helpers.ts';

const CATEGORY = '/products/kitchen-cabinets';
const RTA = '/products/kitchen-cabinets/rta-kitchen-cabinets';
const CARLTON = '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton';
/** A style without videos. */
const MERCER = '/products/faucets-sinks/sinks/mercer-undermount-stainless-sink';

const listing = (page: Page) => page.getByRole('region', { name: /Browse every style|Choose your style/ });
const cards = (page: Page) => listing(page).getByRole('article');
const status = (page: Page) => listing(page).getByRole('status').first();
const cardTitles = (page: Page) => listing(page).getByRole('heading', { level: 3 });

async function open(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

test.describe('listing pages', () => {
  test('category page: prerendered first page, page numbers in the URL, reload and back', async ({ page, request }) => {
    const html = await (await request.get(CATEGORY)).text();
    expect(html.match(/<article/g)).toHaveLength(6); // the first page is in the HTML, without JS
    const errors = watchErrors(page);
    await open(page, CATEGORY);
    await expect(page.locator('h1')).toHaveText('Kitchen Cabinets');
    await expect(cards(page)).toHaveCount(6);
    await expect(status(page)).toHaveText('Showing 1–6 of 15');

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(`${CATEGORY}?page=2`);
    await expect(status(page)).toHaveText('Showing 7–12 of 15');
    await expect(status(page)).toBeFocused(); // as after loading a new page
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const second = await cardTitles(page).allTextContents();

    await page.reload();
    await hydrated(page);
    await expect(status(page)).toHaveText('Showing 7–12 of 15');
    await expect(cardTitles(page)).toHaveText(second);

    await page.goBack();
    await expect(page).toHaveURL(CATEGORY);
    await expect(status(page)).toHaveText('Showing 1–6 of 15');
    expect(errors).toEqual([]);
  });

  test("sorting, and back and forward between sorts, stay in the listing's island: the rest of the page keeps its HTML, no code is fetched, no other island starts", async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await open(page, CATEGORY);
    // Settled: the islands that start at idle time (the cookie banner) are live; those that start
    // when scrolled to or touched still show their server HTML, and nothing here scrolls.
    await settled(page);
    const deferred = () =>
      page.evaluate(() => [
        ...[...document.querySelectorAll('[data-jv-island]')]
          .filter((e) => !e.contains(document.querySelector('select')))
          .map(
            (e) =>
              `${e.getAttribute('data-jv-island')}: ${e.hasAttribute('data-jv-live') ? 'live' : 'waiting'} ${e.innerHTML.length}`,
          ),
        `footer: ${document.querySelector('footer')?.innerHTML.length}`,
      ]);
    const before = await deferred();
    expect(before.length).toBeGreaterThan(2);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });

    await listing(page).getByLabel('Sort by').selectOption('z-a');
    await expect(cardTitles(page).first()).toHaveText('Winchester Stone RTA Kitchen Cabinets');
    expect(await deferred()).toEqual(before);
    await page.goBack();
    await expect(page).toHaveURL(CATEGORY);
    await expect(cardTitles(page).first()).not.toHaveText('Winchester Stone RTA Kitchen Cabinets');
    await page.goForward();
    await expect(cardTitles(page).first()).toHaveText('Winchester Stone RTA Kitchen Cabinets');
    // An island started by the change would load its code: settled waits for it.
    await settled(page);

    expect(await deferred()).toEqual(before);
    expect(scripts).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('sort and filters go to the URL, survive reload, and an empty combination says No items available', async ({
    page,
  }) => {
    await open(page, CATEGORY);
    await listing(page).getByLabel('Sort by').selectOption('z-a');
    await expect(page).toHaveURL(`${CATEGORY}?sort=z-a`);
    await expect(cardTitles(page)).toHaveText([
      'Winchester Stone RTA Kitchen Cabinets',
      'White Pearl Gloss RTA Kitchen Cabinets',
      'Weston Grey Shaker RTA Kitchen Cabinets',
      'Tribeca Contemporary Semi-Custom Kitchen Cabinets',
      'Sutton Craftsman Semi-Custom Kitchen Cabinets',
      'Seagate Cottage Semi-Custom Kitchen Cabinets',
    ]);

    await listing(page).locator('summary', { hasText: 'Door style' }).click();
    await listing(page).getByRole('checkbox', { name: /^Slab/ }).check();
    await expect(page).toHaveURL(`${CATEGORY}?sort=z-a&doorStyle=slab`);
    await expect(status(page)).toHaveText('Showing 1–2 of 2');
    await expect(cards(page)).toHaveCount(2);

    await page.reload();
    await hydrated(page);
    await expect(status(page)).toHaveText('Showing 1–2 of 2');
    await expect(listing(page).getByLabel('Sort by')).toHaveValue('z-a');
    await expect(cardTitles(page)).toHaveText([
      'White Pearl Gloss RTA Kitchen Cabinets',
      'Tribeca Contemporary Semi-Custom Kitchen Cabinets',
    ]);

    // Slab doors come in maple only: slab and oak together match nothing
    await listing(page).locator('summary', { hasText: 'Material' }).click();
    await listing(page).getByRole('checkbox', { name: /^Oak/ }).check();
    await expect(page).toHaveURL(`${CATEGORY}?sort=z-a&doorStyle=slab&material=oak`);
    await expect(listing(page).getByText('No items available')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);

    await listing(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(`${CATEGORY}?sort=z-a`);
    await expect(status(page)).toHaveText('Showing 1–6 of 15');
  });

  test('repeated filter parameters in a shared URL select several values', async ({ page }) => {
    await open(page, `${CATEGORY}?material=oak&material=birch`);
    await expect(status(page)).toHaveText('Showing 1–6 of 7');
    await listing(page).locator('summary', { hasText: 'Material' }).click();
    await expect(listing(page).getByRole('checkbox', { name: /^Oak/ })).toBeChecked();
    await expect(listing(page).getByRole('checkbox', { name: /^Birch/ })).toBeChecked();
    await expect(listing(page).getByRole('checkbox', { name: /^Maple/ })).not.toBeChecked();
  });

  test('sub-category page: Load more shows the next page, focuses it, and the URL keeps it', async ({ page }) => {
    await open(page, CATEGORY);
    await page.getByRole('link', { name: 'RTA Kitchen Cabinets' }).first().click();
    await expect(page).toHaveURL(RTA);
    await expect(page.locator('h1')).toHaveText('RTA Kitchen Cabinets');
    await expect(cards(page)).toHaveCount(6);
    await listing(page)
      .getByRole('button', { name: /Load more/ })
      .click();
    await expect(cards(page)).toHaveCount(9);
    await expect(page).toHaveURL(`${RTA}?page=2`);
    await expect(cards(page).nth(6).getByRole('link').first()).toBeFocused();
    await expect(listing(page).getByRole('button', { name: /Load more/ })).toHaveCount(0);
    await page.reload();
    await hydrated(page);
    await expect(cards(page)).toHaveCount(9);
  });

  test('a Load more pressed before the page’s code has come is made once it has', async ({ page }) => {
    let codeMayCome = () => {};
    const pressed = new Promise<void>((resolve) => {
      codeMayCome = resolve;
    });
    await page.route(/\/assets\/entry-[^/]+\.js$/, async (route) => {
      await pressed;
      await route.continue();
    });
    await page.goto(RTA);
    await listing(page)
      .getByRole('button', { name: /Load more/ })
      .click();
    codeMayCome();
    await expect(cards(page)).toHaveCount(9);
    await expect(page).toHaveURL(`${RTA}?page=2`);
    await expect(cards(page).nth(6).getByRole('link').first()).toBeFocused();
  });

  test('product cards: description cut at 350 characters, at most 6 bullets, then Read more', async ({ page }) => {
    await open(page, RTA);
    const aw = cards(page).filter({ hasText: 'Aspen White Shaker' });
    const description = await aw.locator('p[class*="description"]').textContent();
    expect(description!.length).toBeLessThanOrEqual(351);
    expect(description!.endsWith('…')).toBe(true);
    await expect(aw.locator('ul[class*="bullets"] > li')).toHaveCount(6);
    await aw.getByRole('link', { name: 'Read more about Aspen White Shaker RTA Kitchen Cabinets' }).click();
    await expect(page).toHaveURL(`${RTA}/aw`);
    await expect(page.locator('h1')).toHaveText('Aspen White Shaker RTA Kitchen Cabinets');
  });
});

test.describe('style page', () => {
  test('opens from the listing; choosing a swatch updates the URL and the door preview', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, '/products/kitchen-cabinets/semi-custom-kitchen-cabinets');
    await listing(page).getByRole('link', { name: 'Carlton Semi-Custom Kitchen Cabinets', exact: true }).click();
    await expect(page).toHaveURL(CARLTON);
    await expect(page.locator('h1')).toHaveText('Carlton Semi-Custom Kitchen Cabinets');
    const historyLength = await page.evaluate(() => history.length);

    // The swatches are an island: a click before it is live is held, so check() would see no change.
    const hudsonSage = page.getByRole('radio', { name: 'Hudson Sage' });
    await scrolledToAndLive(page, hudsonSage);
    await hudsonSage.check();
    await expect(page).toHaveURL(`${CARLTON}?type=paint&value=hudson-sage`);
    // The door preview (its caption names the group; the gallery's photo of the finish is captioned too).
    await expect(
      page.getByRole('figure').filter({ hasText: 'Hudson Sage (Painted)' }).getByRole('img'),
    ).toHaveAttribute('src', /^\/assets\/images\/styles\/doors\/shaker-hudson-sage-[\w-]{10}\.svg$/); // fingerprinted by the build
    await page.getByRole('radio', { name: 'Honey Maple' }).check();
    await expect(page).toHaveURL(`${CARLTON}?type=stain&value=honey-maple`);
    await expect(page.getByText('Selected finish: Honey Maple (Stained)')).toBeVisible();
    expect(await page.evaluate(() => history.length)).toBe(historyLength); // replaced, not pushed
    expect(errors).toEqual([]);
  });

  test('a shared ?type=&value= URL preselects the finish, after reload too; +N shows every swatch', async ({
    page,
  }) => {
    await open(page, `${CARLTON}?type=paint&value=blackstone`);
    const paint = page.getByRole('group', { name: 'Paint colors' });
    // Blackstone is the 16th paint colour: its group opens to show it
    await expect(page.getByRole('radio', { name: 'Blackstone' })).toBeChecked();
    await expect(paint.getByRole('radio')).toHaveCount(16);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('radio', { name: 'Blackstone' })).toBeChecked();

    await open(page, CARLTON);
    await expect(page.getByRole('radio', { name: 'Pure White' })).toBeChecked();
    await expect(paint.getByRole('radio')).toHaveCount(10);
    const more = paint.getByRole('button', { name: '+6 more paint colors' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(paint.getByRole('radio')).toHaveCount(16);
    await expect(paint.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('a door preview that fails to load is hidden', async ({ page }) => {
    await page.route(/\/images\/styles\/doors\/shaker-espresso(-[\w-]{10})?\.svg$/, (r) => r.abort());
    await open(page, `${CARLTON}?type=stain&value=espresso`);
    await expect(page.getByRole('radio', { name: 'Espresso' })).toBeChecked();
    await expect(page.getByRole('figure').filter({ hasText: 'Espresso (Stained)' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'Rustic Walnut' }).check();
    await expect(
      page.getByRole('figure').filter({ hasText: 'Rustic Walnut (Stained)' }).getByRole('img'),
    ).toBeVisible();
  });

  test('detail tabs: arrow keys, FAQ, specifications and samples panels, No Data Found', async ({ page }) => {
    await open(page, CARLTON);
    const tabs = page.getByRole('tablist', { name: 'Product details' });
    await scrolledToAndLive(page, tabs); // the details load when scrolled to
    const faq = tabs.getByRole('tab', { name: 'FAQ' });
    await expect(faq).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'FAQ' })).toContainText('What makes these cabinets semi-custom?');
    await faq.focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Videos' })).toBeFocused();
    await expect(tabs.getByRole('tab', { name: 'Videos' })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page
        .getByRole('tabpanel', { name: 'Videos' })
        .getByRole('button', { name: /^Play video:/ })
        .first(),
    ).toBeVisible();
    await page.keyboard.press('ArrowRight');
    const specs = page.getByRole('tabpanel', { name: 'Specifications' });
    await expect(specs).toBeVisible();
    await expect(specs.getByRole('table').first()).toBeVisible();
    await page.keyboard.press('End');
    await expect(tabs.getByRole('tab', { name: 'Samples' })).toBeFocused();
    await expect(specs).toBeHidden();
    await expect(page.getByRole('tabpanel', { name: 'Samples' })).toBeVisible();
    await page.keyboard.press('Home');
    await expect(faq).toBeFocused();

    await open(page, MERCER);
    await scrolledToAndLive(page, page.getByRole('tablist', { name: 'Product details' }));
    await page.getByRole('tablist', { name: 'Product details' }).getByRole('tab', { name: 'Videos' }).click();
    const videos = page.getByRole('tabpanel', { name: 'Videos' });
    await expect(videos.getByText('No Data Found')).toBeVisible();
    await expect(videos.getByText('We are sorry, but we could not find any data.')).toBeVisible();
  });

  test('Product JSON-LD with offer, rating and reviews', async ({ page }) => {
    await page.goto(CARLTON);
    const ld = (await jsonLd(page)).find((j) => j['@type'] === 'Product')!;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Carlton Semi-Custom Kitchen Cabinets',
      sku: 'CARLTON',
      brand: { '@type': 'Brand', name: 'Hearthline Cabinetry' },
      offers: {
        '@type': 'Offer',
        price: '8950.00',
        priceCurrency: 'USD',
        availability: expect.stringMatching(/^https:\/\/schema\.org\//),
        url: `https://www.hearthlinecabinetry.com${CARLTON}`,
      },
    });
    expect(ld.image.length).toBeGreaterThan(0);
    expect(ld.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: expect.any(Number),
      reviewCount: ld.review.length,
    });
    for (const r of ld.review) {
      expect(r.author.name).toBeTruthy();
      expect(r.reviewRating.ratingValue).toBeGreaterThanOrEqual(1);
      expect(r.reviewBody).toBeTruthy();
    }
    // a style nobody has reviewed yet: no rating at all
    await page.goto(MERCER);
    const sink = (await jsonLd(page)).find((j) => j['@type'] === 'Product')!;
    expect(sink.offers.priceCurrency).toBe('USD');
    expect(sink).not.toHaveProperty('aggregateRating');
    expect(sink).not.toHaveProperty('review');
    expect((await jsonLd(page)).map((j) => j['@type'])).not.toContain('WebSite'); // search-console schema off
  });
});

for (const width of [375, 1280])
  for (const url of [CATEGORY, RTA, CARLTON])
    test(`axe finds nothing on ${url} at ${width} px`, async ({ page }) => {
      test.setTimeout(60_000); // axe on a long page takes a while on a busy machine
      await page.setViewportSize({ width, height: 900 });
      await open(page, url);
      await settled(page);
      // the parts that are hidden at first: an open filter, the samples panel
      if (url === CATEGORY) await listing(page).locator('summary', { hasText: 'Door style' }).click();
      if (url === CARLTON) {
        await scrolledToAndLive(page, page.getByRole('tab', { name: 'Samples' }));
        await page.getByRole('tab', { name: 'Samples' }).click();
        await settled(page); // the sample list it shows, scrolled to with it
      }
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
