/** What the build ships: sitemap, robots, shells, and browser chunks free of ajv and server code. */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { settled } from './support/page-helpers.ts';

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

test('React runs the islands in the browser: no Preact in the shipped files nor in the dependencies', () => {
  const root = resolve(SITE, '../..');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })).not.toContain('preact');
  expect(readFileSync(join(root, 'package-lock.json'), 'utf8')).not.toMatch(/node_modules\/preact/);
  const files = readdirSync(SITE, { recursive: true, withFileTypes: true }).filter(
    (f) => f.isFile() && /\.(js|html|json)$/.test(f.name),
  );
  let react = 0;
  for (const f of files) {
    const text = readFileSync(join(f.parentPath, f.name), 'utf8');
    expect(text, f.name).not.toMatch(/preact/i);
    if (/react\.production|__reactFiber|hydrateRoot/.test(text)) react++;
  }
  expect(react).toBeGreaterThan(0);
});

test('sitemap.xml lists static routes with absolute URLs and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain('<loc>https://www.hearthlinecabinetry.com/</loc>');
  expect(xml).toContain('<loc>https://www.hearthlinecabinetry.com/about-us</loc>');
  expect(xml).not.toContain('<loc>https://www.hearthlinecabinetry.com/aboutus</loc>'); // canonical: /about-us
  expect(xml).not.toContain(':unsubscribeToken');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://www.hearthlinecabinetry.com/sitemap.xml');
});

test('the dev-only component preview is not served by joinery start', async ({ page }) => {
  const res = await page.goto('/test');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Component preview' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

/** The page's islands as its HTML lists them for the runtime. */
function islandsOf(html: string): {
  islands: Record<string, { type: string; start: string; embeds?: string[] }>;
  chunks: Record<string, string[]>;
} {
  return JSON.parse(/<script id="jv-islands" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
}

test('each page preloads only the code of its islands that start at load; no static block ships code', () => {
  const home = readFileSync(join(SITE, 'index.html'), 'utf8');
  const { islands } = islandsOf(home);
  const atLoad = new Set(
    Object.values(islands)
      .filter((i) => i.start === 'load')
      .flatMap((i) => [i.type, ...(i.embeds ?? [])]),
  );
  expect(atLoad.size).toBeGreaterThan(0);
  const preload = /data-jv-preload="([^"]*)"/.exec(home)![1]!.split(' ');
  const manifest = JSON.parse(readFileSync(join(SITE, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  // A block's browser code: its framework-free client where it has one, else its component.
  const code = new Map<string, string>();
  for (const [k, c] of Object.entries(manifest)) {
    const m = /^blocks\/([^/]+)\/(index\.tsx|client\.ts)$/.exec(k);
    if (m && (m[2] === 'client.ts' || !code.has(m[1]!))) code.set(m[1]!, c.file);
  }
  for (const [type, file] of code)
    expect(preload.includes(`/${file}`), `${type} code preloaded on home`).toBe(atLoad.has(type));
  // The home page's static blocks (headings, FAQs, the footer) are not islands at all; of the
  // header, only its two menus are, each started at the shopper's first touch of it (a phone never
  // loads the desktop menu's code, nor the mobile one's until it is used).
  for (const type of ['site-footer', 'heading', 'faq-list'])
    expect(
      Object.values(islands).map((i) => i.type),
      type,
    ).not.toContain(type);
  expect(Object.values(islands).filter((i) => i.type === 'site-header')).toEqual([
    { type: 'site-header', start: 'interaction', props: {} },
    { type: 'site-header', start: 'interaction', props: {} },
  ]);
});

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
    const alongside = await Promise.race([
      seen.then(() => true),
      new Promise<boolean>((done) => setTimeout(() => done(false), 5000)),
    ]);
    await route.continue();
    result(alongside);
  });
  return outcome;
}

test('an island that starts later fetches its chunk together with the modules it imports', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  // The header's search starts at the shopper's first touch; its chunk imports modules of its own.
  const { chunks } = islandsOf(readFileSync(join(SITE, 'index.html'), 'utf8'));
  const dep = chunks['search-popup']![0]!;
  expect(dep).toBeTruthy();
  const alongside = depFetchedWithChunk(page, 'search-popup', dep);
  await page.goto('/');
  await settled(page); // the search waits for the shopper
  await page.getByRole('banner').getByRole('combobox', { name: 'Search' }).first().hover();
  expect(await alongside).toBe(true);
  await expect(
    page
      .getByRole('banner')
      .locator('[data-jv-island][data-jv-live]')
      .filter({ has: page.getByRole('combobox', { name: 'Search' }) }),
  ).toHaveCount(1);
});

test('an island that starts when visible fetches its code only when it nears the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  const path = '/blogs/top-10-kitchens-designs'; // a long page: its form island is far below the fold
  const { islands } = islandsOf(await (await page.request.get(path)).text());
  const [key, visible] = Object.entries(islands).find(([, i]) => i.start === 'visible') ?? [];
  expect(visible, 'an island with start "visible" on the page').toBeTruthy();
  const chunk = new RegExp(`/assets/${visible!.type}-[^/]+\\.js$`);
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto(path);
  await settled(page); // every island that starts without being scrolled to is live
  expect(fetched.some((u) => chunk.test(u))).toBe(false);
  const arrives = page.waitForResponse((r) => chunk.test(r.url()));
  await page.locator(`[data-jv-island="${key}"]`).scrollIntoViewIfNeeded();
  expect((await arrives).status()).toBe(200);
});
