/**
 * The photo copy of the shop (tests/photo-shop: 3,000-4,000 px JPEGs in place of its banners,
 * category cards, kitchen and style pictures, finish previews and gallery), built into a folder
 * of its own and served by `joinery start`: at 390 and 1280 px the browser shows every photo on
 * the first screen from an AVIF or WebP variant no wider than twice its slot, the page's LCP
 * image is the one eager, high-priority image, and a second build encodes nothing.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './support/free-port.ts';
import { settled } from './support/page-helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'joinery-photos-'));
// The build's server bundle resolves React from the project's node_modules: built inside it.
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const out = mkdtempSync(join(ROOT, '.tmp', 'photos-e2e-'));
const siteDir = join(work, 'site');
let server: ChildProcess | undefined;
let base = '';
let firstBuild = '';

const PAGES: [string, string][] = [
  ['home', '/'],
  ['category', '/products/kitchen-cabinets'],
  ['style', '/products/kitchen-cabinets/rta-kitchen-cabinets/aw'],
  ['gallery', '/inspiration-gallery/shaker-green'],
];

const buildPhotoShop = () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'tests/photo-shop/build-photo-shop.ts', siteDir, out], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: undefined, VIDEO_THUMBNAIL_HOST: 'off' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`photo shop build failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};

// Encoding the photographs the first time takes a while on a busy machine (then they are cached).
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(900_000);
  rmSync(siteDir, { recursive: true, force: true });
  firstBuild = buildPhotoShop();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['cli/bin.js', 'start', '--port', String(port), '--site', siteDir], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: undefined,
      JOINERY_DIST_DIR: out,
      JOINERY_DATA_DIR: join(work, 'data'),
      JOINERY_LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (server.exitCode !== null) throw new Error(`joinery start exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

test('the build encodes each photograph once: a second build of the same originals encodes none', () => {
  expect(firstBuild).toMatch(/images: \d+ originals \(\d+ encoded, \d+ from cache\), \d+ variants/);
  rmSync(siteDir, { recursive: true, force: true });
  expect(buildPhotoShop()).toMatch(/images: (\d+) originals \(0 encoded, \1 from cache\)/);
});

for (const width of [390, 1280])
  for (const [name, path] of PAGES)
    test(`${name} at ${width} px: photos from AVIF or WebP no wider than twice their slot; the LCP image alone eager and high`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { lcp?: Element | null };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.lcp = (e as PerformanceEntry & { element: Element | null }).element;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(base + path);
      await settled(page);
      // Every photo in the first screen, once loaded (the first photo scrolled to when none is).
      const inFirstScreen = () =>
        page.evaluate(async () => {
          const imgs = [...document.querySelectorAll('picture > img')] as HTMLImageElement[];
          const inView = imgs.filter((i) => {
            const r = i.getBoundingClientRect();
            return (
              r.width > 0 &&
              r.bottom > 0 &&
              r.top < innerHeight &&
              r.right > 0 &&
              r.left < innerWidth &&
              getComputedStyle(i).visibility !== 'hidden'
            );
          });
          await Promise.all(inView.map((i) => i.decode().catch(() => {})));
          return inView.map((i) => ({ src: i.currentSrc, slot: i.getBoundingClientRect().width }));
        });
      let shown = await inFirstScreen();
      if (!shown.length) {
        await page.locator('picture > img').first().scrollIntoViewIfNeeded();
        shown = await inFirstScreen();
      }
      expect(shown.length, 'photos on the page').toBeGreaterThan(0);
      for (const img of shown) {
        expect(img.src, 'a variant the pipeline wrote').toMatch(/\/assets\/images\/.+-(\d+)-[\w-]{10}\.(avif|webp)$/);
        const fileWidth = Number(/-(\d+)-[\w-]{10}\.\w+$/.exec(img.src)![1]);
        expect(fileWidth, `${img.src} in a ${Math.round(img.slot)} px slot`).toBeLessThanOrEqual(2 * img.slot);
      }
      // The LCP element is the page's one eager, high-priority image.
      await expect.poll(() => page.evaluate(() => !!(window as unknown as { lcp?: Element }).lcp)).toBe(true);
      const lcp = await page.evaluate(() => {
        const el = (window as unknown as { lcp: Element }).lcp;
        const high = [...document.querySelectorAll('img[fetchpriority="high"]')];
        const eager = [...document.querySelectorAll('img[loading="eager"]')];
        return {
          tag: el.tagName,
          isHigh: high.includes(el),
          high: high.length,
          eagerOthers: eager.filter((e) => e !== el).length,
        };
      });
      if (lcp.tag === 'IMG') expect(lcp).toEqual({ tag: 'IMG', isHigh: true, high: 1, eagerOthers: 0 });
      else expect(lcp.high, 'no image is high priority when the LCP is text').toBeLessThanOrEqual(1);
      await context.close();
    });

/** A 412 px phone at pixel ratio 2, its screen as wide (the bench's phone, bench/images.ts). */
const PHONE = {
  viewport: { width: 412, height: 915 },
  screen: { width: 412, height: 915 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** Every image response's bytes, by URL, from the page's first request on. */
function imageBytes(page: import('@playwright/test').Page) {
  const bytes = new Map<string, Promise<number>>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'image')
      bytes.set(
        r.url(),
        r.body().then(
          (b) => b.length,
          () => 0,
        ),
      );
  });
  return bytes;
}

for (const [name, path] of PAGES)
  test(`${name} on a 412 px phone (pixel ratio 2): the first screen loads at most 150 kB of images, and nothing shifts as they load`, async ({
    browser,
  }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const bytes = imageBytes(page);
    // Every layout shift (the test gives no input; Chromium's touch emulation may flag shifts as after input).
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[])
          w.shifts.push(
            `${e.value.toFixed(5)}: ${(e.sources ?? []).map((s) => (s.node as Element)?.className).join(', ')}`,
          );
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The photos held until the page has painted, so that they arrive into a laid-out page.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/assets\/images\/photos\//, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(base + path, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    release();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await page.evaluate(async () => {
      await Promise.all(
        [...document.images].filter((i) => i.loading !== 'lazy' || i.complete).map((i) => i.decode().catch(() => {})),
      );
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    const sizes = await Promise.all([...bytes].map(async ([url, b]) => `${url.split('/').pop()} ${await b}`));
    const total = (await Promise.all(bytes.values())).reduce((s, b) => s + b, 0);
    expect(total, sizes.join(', ')).toBeLessThanOrEqual(150_000);
    await context.close();
  });

test("home: the banner's later slides wait out of view, load when the shopper reaches for the carousel and show whole", async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const bytes = imageBytes(page);
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await settled(page);
  const carousel = page.getByRole('region', { name: 'Featured kitchens' });
  const second = carousel.getByRole('group', { name: /^2 of / }).locator('picture > img');
  const candidates = await second.evaluate((img) =>
    [...img.parentElement!.querySelectorAll('source')].flatMap((s) =>
      s.srcset.split(',').map((c) => new URL(c.trim().split(' ')[0]!, location.href).href),
    ),
  );
  expect(candidates.length).toBeGreaterThan(0);
  expect([...bytes.keys()].filter((u) => candidates.includes(u))).toEqual([]);
  expect(await second.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
  // The pointer over the carousel: the slide next to the one in view loads while still out of view.
  await carousel.hover({ position: { x: 200, y: 100 } });
  await expect
    .poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(second).toBeInViewport();
  await context.close();
});
