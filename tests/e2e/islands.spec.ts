/**
 * Islands: a content page runs code only for the blocks a shopper uses. A blog post fetches no
 * code of its own blocks (they are HTML and CSS), only its header's islands; following a link is
 * a page load of prerendered HTML, and the cart count the header shows follows the cart on every
 * page.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hydrated, samples, settled, watchErrors } from './support/page-helpers.ts';

const SITE = resolve(import.meta.dirname, '../../dist/site');
const POST = '/blogs/top-10-kitchens-designs';
const AW = '/products/kitchen-cabinets/rta-kitchen-cabinets/aw';

/** Block type by the file of its chunk (its component, or its framework-free client), from the build's manifest. */
function blockChunkTypes(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(SITE, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return new Map(
    Object.entries(manifest)
      .filter(([k]) => /^blocks\/[^/]+\/(index\.tsx|client\.ts)$/.test(k))
      .map(([k, c]) => [`/${c.file}`, k.split('/')[1]!]),
  );
}

test('a blog post fetches the code of no block of its own: only the islands in its header and banner', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto(POST);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const islands = await page
    .locator('[data-jv-island]')
    .evaluateAll((els) =>
      els.map((e) => e.closest('header, main, footer, [data-region]')?.getAttribute('data-region') ?? ''),
    );
  // The post's own blocks (its header, text, table of contents, author) are not islands.
  expect(islands.filter((r) => r === 'main' || r === 'content')).toEqual([]);
  const types = blockChunkTypes();
  const fetched = scripts.filter((s) => types.has(s)).map((s) => types.get(s)!);
  expect(fetched).toContain('cart-link'); // the cart count is code: its framework-free client
  // No UI library either: every island on a blog post at first load is framework-free.
  expect(scripts.filter((s) => /\/runtime-[^/]+\.js$/.test(s))).toEqual([]);
  for (const t of [
    'blog-post-header',
    'rich-text',
    'blog-toc',
    'author',
    'breadcrumbs',
    'blog-popular-posts',
    'blog-category-list',
    'site-header',
    'site-footer',
  ])
    expect(fetched, t).not.toContain(t);
  const onPage = await page
    .locator('[data-jv-island]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-jv-island')!));
  const listed = JSON.parse((await page.locator('#jv-islands').textContent())!) as {
    islands: Record<string, { type: string }>;
  };
  expect(Object.keys(listed.islands).sort()).toEqual([...onPage].sort());
  for (const t of fetched)
    expect(
      Object.values(listed.islands).map((i) => i.type),
      `${t} is an island of the page`,
    ).toContain(t);
  expect(errors).toEqual([]);
});

test('following a link is a page load of prerendered HTML, with Speculation Rules the browser accepts', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await hydrated(page);
  expect(await page.evaluate(() => HTMLScriptElement.supports?.('speculationrules'))).toBe(true);
  const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent())!);
  expect(rules.prerender[0].where.and[0]).toEqual({ href_matches: '/*' });
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page).toHaveTitle(/Contact/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://www.hearthlinecabinetry.com/contact',
  );
  // A new document: nothing of the page before it lives on.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the cart count in the header follows the cart across pages, back and forward included', async ({ page }) => {
  const errors = watchErrors(page);
  const cartLink = () => page.getByRole('banner').getByRole('link', { name: /^Cart \(\d+\)$/ });
  await page.goto(POST);
  await hydrated(page);
  await expect(cartLink()).toHaveText('Cart (0)');
  await page.goto(AW);
  await hydrated(page);
  const list = await samples(page);
  await list.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(cartLink()).toHaveText('Cart (1)');
  await page.goBack(); // the blog post again, from the back/forward cache or loaded anew
  await expect(page).toHaveURL(new RegExp(`${POST}$`));
  await expect(cartLink()).toHaveText('Cart (1)');
  await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(cartLink()).toHaveText('Cart (1)');
  expect(errors).toEqual([]);
});
