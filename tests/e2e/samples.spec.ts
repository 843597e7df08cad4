/**
 * Samples one tap away, as a shopper on a phone finds them: the "Order a sample" button on a
 * style page's first screen for the finish in view, and on each card of a style listing; the
 * sample of a finish where it is picked, an island accent colour's too (or a line saying it has
 * none), and in the Samples tab; the empty cart's links to the styles; the main photo following
 * the finish; the Samples tab whole on a phone; and the "In cart" badge leaving a sample's name
 * room for at most two lines.
 */
import { expect, test, type Page } from '@playwright/test';
import { hydrated, samples, scrolledToAndLive, watchErrors } from './support/page-helpers.ts';

const CARLTON = '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton';
const CALACATTA = '/products/countertops/quartz-countertops/calacatta-gold-quartz';
/** Five samples with long names: a list to tick. */
const PTS = '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/pts';
/** One sample with one of the longest names: a list without checkboxes. */
const CRWSBV = '/products/bathroom-vanities/rta-bathroom-vanities/crwsbv';
/** Island accent colours that other RTA styles sell as sample doors. */
const AW = '/products/kitchen-cabinets/rta-kitchen-cabinets/aw';
/** An island accent colour (Natural White Oak) no RTA style sells as a sample. */
const BC = '/products/kitchen-cabinets/rta-kitchen-cabinets/bc';
const PN_DOOR = 'Pacific Navy Shaker sample door, Pacific Navy';
const HS_DOOR = 'Hudson Sage Shaker sample door, Hudson Sage';
const AW_TITLE = 'Aspen White Shaker RTA Kitchen Cabinets';
const AW_DOOR = 'Aspen White Shaker sample door, Aspen White';
const EMPTY_TEXT = 'Looks like you have not added anything to your cart. Go ahead & add items to your cart.';

test.use({ viewport: { width: 390, height: 844 } });

const gallery = (page: Page) => page.getByRole('region', { name: 'Product images' });
const picker = (page: Page) => page.getByRole('region', { name: 'Choose your finish' });
const mainPhoto = (page: Page) => gallery(page).getByRole('figure').getByRole('img');
const cartLines = (page: Page) => page.getByRole('list', { name: /Your samples/ }).getByRole('listitem');

async function open(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

test('a style page offers the sample of the finish in view on its first screen, and adds that finish', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await open(page, CARLTON);
  const order = gallery(page).getByRole('button', { name: /^Order a sample/ });
  // On the first screen as the page opens: nothing scrolled, the whole button inside 390 x 844.
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await expect(order).toBeInViewport({ ratio: 1 });
  await expect(gallery(page)).toContainText('Carlton sample door, Pure White');

  // A finish without a sample says so, with no button.
  await page.getByRole('radio', { name: 'Hudson Sage' }).check();
  await expect(gallery(page)).toContainText('No sample of Hudson Sage to order yet.');
  await expect(gallery(page).getByRole('button', { name: /^Order a sample/ })).toHaveCount(0);

  // The finish picked is the one ordered, not the default one.
  await page.getByRole('radio', { name: 'Coastal Fog' }).check();
  await expect(page).toHaveURL(`${CARLTON}?type=paint&value=coastal-fog`);
  await expect(order).toHaveAccessibleName('Order a sample: Carlton sample door, Coastal Fog');
  await order.focus();
  await page.keyboard.press('Enter');
  await expect(gallery(page).getByRole('status')).toHaveText(
    'Item Carlton sample door, Coastal Fog has been successfully added.',
  );
  const inCart = gallery(page).getByRole('button', { name: 'In cart: Carlton sample door, Coastal Fog' });
  await expect(inCart).toBeFocused();
  // Quantity 1 per sample: a second tap gets the cart's maximum-quantity message.
  await inCart.click();
  await expect(gallery(page).getByRole('status')).toHaveText(
    'You can order maximum 1 quantity of item "Carlton sample door, Coastal Fog".',
  );

  await gallery(page).getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL('/order-samples');
  await hydrated(page);
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page)).toContainText('Carlton sample door, Coastal Fog');
  await expect(cartLines(page)).toContainText('Finish: Coastal Fog');
  expect(errors).toEqual([]);
});

test("the empty cart links to the styles, and a category card's button adds its style's sample", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, '/order-samples');
  await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
  const styles = page.getByRole('list', { name: 'Order a sample from any style:' });
  await expect(styles.getByRole('link')).toHaveText([
    'Kitchen cabinets',
    'Bathroom vanities',
    'Countertops',
    'Range hoods',
    'Faucets and sinks',
  ]);
  await styles.getByRole('link', { name: 'Kitchen cabinets' }).click();
  await expect(page).toHaveURL('/products/kitchen-cabinets');
  await hydrated(page);

  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: AW_TITLE, exact: true }) });
  const order = card.getByRole('button', { name: `Order a sample: ${AW_DOOR}` });
  await order.click();
  await expect(card.getByRole('status')).toHaveText(`Item ${AW_DOOR} has been successfully added.`);
  await expect(card.getByRole('button', { name: `In cart: ${AW_DOOR}` })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  // The other cards still offer their own samples.
  await expect(page.getByRole('article').getByRole('button', { name: /^In cart/ })).toHaveCount(1);

  await card.getByRole('link', { name: 'View cart' }).click();
  await hydrated(page);
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page)).toContainText(AW_DOOR);
  await expect(cartLines(page)).toContainText(`Style: ${AW_TITLE}`);
  expect(errors).toEqual([]);
});

test("an island accent colour's sample is ordered where it is picked (or the page says it has none), and the Samples tab lists every sample finish", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await open(page, AW);
  const finish = picker(page);
  await scrolledToAndLive(page, finish);
  // The finish in view, the cabinet colour: its own sample door, under the choice.
  await expect(finish.getByRole('button', { name: `Order a sample: ${AW_DOOR}` })).toBeVisible();

  // An accent colour another style sells as a sample door: offered right there.
  await finish.getByRole('radio', { name: 'Pacific Navy' }).check();
  await expect(page).toHaveURL(`${AW}?type=accent&value=pacific-navy`);
  await expect(finish).toContainText('Selected finish: Pacific Navy (Two-tone)');
  const order = finish.getByRole('button', { name: `Order a sample: ${PN_DOOR}` });
  await expect(order).toBeInViewport({ ratio: 1 });
  await order.click();
  await expect(finish.getByRole('status')).toHaveText(`Item ${PN_DOOR} has been successfully added.`);
  await expect(finish.getByRole('button', { name: `In cart: ${PN_DOOR}` })).toBeVisible();
  // The first screen's button follows the same finish.
  await expect(gallery(page).getByRole('button', { name: `In cart: ${PN_DOOR}` })).toBeVisible();

  // The Samples tab: the style's own door and each accent colour's, each with its box; the
  // style's own door is ticked at first.
  const list = await samples(page);
  await expect(list.getByRole('listitem')).toHaveText([
    new RegExp(`^${AW_DOOR}`),
    new RegExp(`^${PN_DOOR}.*In cart$`),
    new RegExp(`^${HS_DOOR}`),
    /^Blackstone Charcoal Shaker sample door, Blackstone/,
  ]);
  await expect(list.getByRole('checkbox')).toHaveCount(4);
  await expect(list.getByRole('checkbox', { checked: true })).toHaveAccessibleName(new RegExp(`^${AW_DOOR}`));
  await list.getByRole('checkbox', { name: new RegExp(`^${HS_DOOR}`) }).check();
  await list.getByRole('checkbox', { name: new RegExp(`^${PN_DOOR}`) }).check();
  await list.getByRole('button', { name: 'Add to Cart' }).click();
  // The spec's answers: the samples added, and the one already in the cart.
  await expect(list.getByText(`Item ${AW_DOOR} has been successfully added.`)).toBeVisible();
  await expect(list.getByText(`You can order maximum 1 quantity of item "${PN_DOOR}".`)).toBeVisible();
  await expect(list.getByText(`Item ${HS_DOOR} has been successfully added.`)).toBeVisible();

  await page.goto('/order-samples');
  await hydrated(page);
  await expect(cartLines(page)).toHaveCount(3);
  await expect(cartLines(page).filter({ hasText: PN_DOOR })).toContainText(
    'Style: Pacific Navy Shaker RTA Kitchen Cabinets',
  );
  await expect(cartLines(page).filter({ hasText: HS_DOOR })).toContainText('Finish: Hudson Sage');

  // An accent colour no style sells as a sample: the page says so where it is picked.
  await open(page, BC);
  await scrolledToAndLive(page, picker(page));
  await picker(page).getByRole('radio', { name: 'Natural White Oak' }).check();
  await expect(picker(page)).toContainText('No sample of Natural White Oak to order yet.');
  await expect(picker(page).getByRole('button', { name: /^Order a sample/ })).toHaveCount(0);
  await expect(gallery(page)).toContainText('No sample of Natural White Oak to order yet.');
  expect(errors).toEqual([]);
});

test('the main photo follows the finish where the catalogue has a photo of it, and stays where not', async ({
  page,
}) => {
  await open(page, CARLTON);
  await expect(mainPhoto(page)).toHaveAttribute('src', /\/kitchens\/shaker-pure-white-[\w-]{10}\.svg$/);
  await page.getByRole('radio', { name: 'Honey Maple' }).check();
  await expect(mainPhoto(page)).toHaveAttribute('src', /\/kitchens\/shaker-honey-maple-[\w-]{10}\.svg$/);
  await expect(gallery(page).getByRole('figure')).toHaveText('Honey Maple');
  // A shared URL shows its finish's photo.
  await open(page, `${CARLTON}?type=paint&value=hudson-sage`);
  await expect(mainPhoto(page)).toHaveAttribute('src', /\/kitchens\/shaker-hudson-sage-[\w-]{10}\.svg$/);

  // Edge profiles have no photo: the photo shown stays.
  await open(page, CALACATTA);
  await gallery(page)
    .getByRole('button', { name: /Sample chip/ })
    .click();
  const chip = /\/swatches\/calacatta-gold-[\w-]{10}\.svg$/;
  await expect(mainPhoto(page)).toHaveAttribute('src', chip);
  await page.getByRole('radio', { name: 'Ogee' }).check();
  await expect(page).toHaveURL(`${CALACATTA}?type=edge&value=ogee`);
  await expect(mainPhoto(page)).toHaveAttribute('src', chip);
  await page.getByRole('radio', { name: 'Honed' }).check();
  await expect(mainPhoto(page)).toHaveAttribute('src', /\/countertops\/calacatta-gold-[\w-]{10}\.svg$/);
});

test('the Samples tab is whole on a phone', async ({ page }) => {
  await open(page, CARLTON);
  const tabs = page.getByRole('tablist', { name: 'Product details' });
  await scrolledToAndLive(page, tabs);
  const tab = tabs.getByRole('tab', { name: 'Samples' });
  await expect(tab).toBeInViewport({ ratio: 1 });
  const fit = await tabs.evaluate((list) => {
    const tab = [...list.children].find((t) => t.textContent === 'Samples')!;
    const l = list.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    return {
      listScrolls: list.scrollWidth > list.clientWidth,
      tabClipped: tab.scrollWidth > tab.clientWidth,
      inside: t.left >= l.left && t.right <= l.right,
    };
  });
  expect(fit).toEqual({ listScrolls: false, tabClipped: false, inside: true });
});

for (const width of [390, 1280])
  test(`with the In cart badge a sample's name takes at most two lines at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    /** Each line of the list: its name, its lines (height over line height), whether it says In cart. */
    const nameLines = (list: Awaited<ReturnType<typeof samples>>) =>
      list.getByRole('listitem').evaluateAll((items) =>
        items.map((li) => {
          const name = li.querySelector('[class*="name"]')!;
          const lines = name.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(name).lineHeight);
          return { name: name.textContent, lines: Math.round(lines), inCart: /In cart/.test(li.textContent ?? '') };
        }),
      );

    await open(page, PTS);
    const list = await samples(page);
    for (const box of await list.getByRole('checkbox').all()) await box.check();
    await list.getByRole('button', { name: 'Add to Cart' }).click();
    const ticked = await nameLines(list);
    expect(ticked).toHaveLength(5);
    for (const line of ticked) {
      expect(line.inCart, line.name!).toBe(true);
      expect(line.lines, line.name!).toBeLessThanOrEqual(2);
    }
    expect(ticked.map((l) => l.name)).toContain('Park Terrace Slim Shaker sample door, Natural White Oak');

    await open(page, CRWSBV);
    const single = await samples(page);
    await single.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(single.getByRole('listitem')).toContainText('In cart');
    expect(await nameLines(single)).toEqual([
      { name: 'Classic Rustic Walnut Shaker sample door, Rustic Walnut', lines: expect.any(Number), inCart: true },
    ]);
    expect((await nameLines(single))[0]!.lines).toBeLessThanOrEqual(2);
  });
