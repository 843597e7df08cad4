/** What the build ships: sitemap, robots, shells, and browser chunks free of ajv and server code. */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hydrated, settled } from './support/page-helpers.ts';

const SITE = resolve(import.meta.dirname, '../../dist/site');

test('no browser chunk contains ajv or server code', () => {
  const chunks = readdirSync(join(SITE, 'assets')).filter((f) => f.endsWith('.js'));
  expect(chunks.length).toBeGreaterThan(2);
  for (const f of chunks) {
    // Chunk names are left out: their random hashes can spell "ajv" (zod-DajvZY-M.js did).
    const js = readFileSync(join(SITE, 'assets', f), 'utf8').replace(/(assets\/|\.\/)[\w.-]+\.(js|css)/g, '');
    expect(js, f).not.toMatch(/ajv|better-sqlite3|nodemailer|@hono\/node-server|node:fs/);
  }
});

test('sitemap.xml lists static routes with absolute URLs and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain('<loc>https://www.hearthlinecabinetry.com/</loc>');
  expect(xml).toContain('<loc>https://www.hearthlinecabinetry.com/about-us</loc>');
  expect(xml).not.toContain(':unsubscribeToken');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://www.hearthlinecabinetry.com/sitemap.xml');
});

test('each page preloads only the code of its own eager blocks', () => {
  const home = readFileSync(join(SITE, 'index.html'), 'utf8');
  const data = JSON.parse(/<script id="__JOINERY_DATA__" type="application\/json">(.*?)<\/script>/s.exec(home)![1]!);
  const manifest = JSON.parse(readFileSync(join(SITE, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const blockChunks = Object.entries(manifest).filter(([k]) => k.startsWith('blocks/') && k.endsWith('/index.tsx'));
  for (const [key, chunk] of blockChunks) {
    const type = key.split('/')[1]!;
    const linked = home.includes(`/${chunk.file}`);
    // Deferred blocks (load: idle | visible) are prerendered but their code comes after hydration.
    expect(linked, `${type} chunk linked on home`).toBe((data.eagerBlockTypes ?? data.blockTypes).includes(type));
  }
});

/** The file of each module a block's chunk imports whose name (Vite's manifest key) starts with `name`. */
function chunkImport(block: string, name: string): string {
  const manifest = JSON.parse(readFileSync(join(SITE, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const key = manifest[`blocks/${block}/index.tsx`]!.imports!.find((i) => i.startsWith(`_${name}-`));
  return '/' + manifest[key!]!.file;
}

/**
 * Holds the answer for a block's chunk until `dep` (a module that chunk imports) is requested, 5 s
 * at most. Resolves whether `dep` was asked for while the chunk was still on its way: fetched
 * alongside it, not one round trip after it (which the browser does once the chunk has arrived).
 */
async function depFetchedWithChunk(page: Page, block: string, dep: string): Promise<boolean> {
  let requested!: () => void;
  const seen = new Promise<void>((done) => (requested = done));
  page.on('request', (r) => new URL(r.url()).pathname === dep && requested());
  let result!: (alongside: boolean) => void;
  const outcome = new Promise<boolean>((done) => (result = done));
  await page.route(new RegExp(`/assets/${block}-[^/]+\\.js$`), async (route) => {
    const alongside = await Promise.race([seen.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 5000))]);
    await route.continue();
    result(alongside);
  });
  return outcome;
}

test('a deferred block’s chunk comes with the modules it imports, not one round trip before them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  // The home page's footer (load: visible) imports the social icons, which no eager block needs.
  const dep = chunkImport('site-footer', 'social-icons');
  const alongside = depFetchedWithChunk(page, 'site-footer', dep);
  await page.goto('/');
  await settled(page); // the footer waits for the viewport
  await page.locator('footer').last().scrollIntoViewIfNeeded();
  expect(await alongside).toBe(true);
  await expect(page.locator('footer').last().locator('[data-jv-defer] > *').first()).toBeVisible();
});

test('on navigation, the next page’s block chunks come with the modules they import', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await hydrated(page);
  // The footer's code, not loaded yet on the home page (load: visible, far below this screen),
  // imports the social icons, which no other block there needs.
  const dep = chunkImport('site-footer', 'social-icons');
  const alongside = depFetchedWithChunk(page, 'site-footer', dep);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
  expect(await alongside).toBe(true);
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page).toHaveTitle(/Contact/);
  // A navigation inside the app, not a page load.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test('a block with load "visible" fetches its code only when it nears the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto('/privacy-policy'); // a long page: the footer starts far below the fold
  await settled(page); // every block that loads without being scrolled to has loaded
  expect(fetched.some((u) => /\/assets\/site-footer-[^/]+\.js$/.test(u))).toBe(false);
  const footerChunk = page.waitForResponse((r) => /\/assets\/site-footer-[^/]+\.js$/.test(r.url()));
  await page.locator('footer').last().scrollIntoViewIfNeeded();
  expect((await footerChunk).status()).toBe(200);
});
