/**
 * What the Lighthouse scores rest on (bench/lighthouse.ts measures them; nothing here is timed):
 * the CSS a page's markup uses inlined and the full sheet linked without blocking, hashed assets (content images included) served immutable while pages
 * are revalidated, the LCP image never lazy, and no layout shift on the checkout, the estimator
 * or a page whose HTML arrives in pieces.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { blockHydrated, recordShifts, settled } from './support/page-helpers.ts';

const PAGE_TYPES = [
  '/',
  '/products/kitchen-cabinets',
  '/products/kitchen-cabinets/rta-kitchen-cabinets',
  '/products/kitchen-cabinets/rta-kitchen-cabinets/aw',
  '/blogs/top-10-kitchens-designs',
  '/inspiration-gallery/shaker-green',
  '/estimator',
  '/checkout',
];
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SITE = resolve(import.meta.dirname, '../../dist/site');

test('every page type inlines the CSS its markup uses, and links the full sheet without blocking its first paint', async ({
  request,
}) => {
  const critical = new Map<string, string>();
  for (const path of PAGE_TYPES) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    // No stylesheet blocks the first paint: the one linked is disabled (not fetched) until the boot script enables it.
    const links = html.match(/<link rel="stylesheet"[^>]*>/g);
    expect(links, path).toEqual([expect.stringMatching(/ href="\/assets\/style-[^"]+\.css" disabled data-jv-sheet>$/)]);
    const css = /<style data-jv-critical>([^<]+)<\/style>/.exec(head)?.[1];
    expect(css, `${path}: inline critical CSS`).toBeTruthy();
    critical.set(path, css!);
    // Each class the page's first markup uses that the sheet styles has its rules inline.
    const body = html.slice(html.indexOf('<body'));
    const cls = /\sclass="([^"\s]+)/.exec(body)![1]!;
    expect(css, path).toContain(`.${cls}`);
  }
  // The footer, far below the first screen: its CSS is inline too.
  const home = await (await request.get('/')).text();
  const footerClass = /<footer data-region="footer">(?:<div class="jv-vis"[^>]*>)?<div class="([^"\s]+)/.exec(
    home,
  )?.[1];
  expect(footerClass).toBeTruthy();
  expect(critical.get('/')).toContain(`.${footerClass}`);
  // Only what the page uses: the checkout (no header, no footer) inlines less than the home page.
  expect(critical.get('/checkout')!.length).toBeLessThan(critical.get('/')!.length);
});

test("the islands' runtime starts after the first screen shows, and what an island shows once live is styled by the full sheet", async ({
  page,
}) => {
  const html = await (await page.request.get('/')).text();
  // One script tag, the tiny boot script; the runtime and its islands' chunks are fetched by it, not by the HTML.
  expect(html).not.toContain('rel="modulepreload"');
  const scripts = html.match(/<script type="module"[^>]*>/g)!;
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(
    /src="\/assets\/boot-[^"]+\.js" data-jv-entry="\/assets\/entry-[^"]+\.js" data-jv-preload="[^"]+"/,
  );
  const sheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1]!;
  const sheetRequests: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === sheet && sheetRequests.push(r.resourceType()));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await settled(page);
  // The full sheet is fetched once the first screen shows, before the islands run, but not
  // applied: the page shows only classes its inlined CSS has, and applying a sheet restyles it all.
  expect(sheetRequests).toHaveLength(1);
  await expect(page.locator('link[data-jv-sheet]')).toHaveAttribute('disabled');
  await expect(page.locator('style[data-jv-sheet]')).toHaveCount(0);
  // The search popup's suggestions, which only its island renders: placed by the full sheet,
  // applied as they appear, from the text already fetched.
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
  await box.click();
  await box.fill('Greenwich Classic Semi-Custom');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list.getByRole('option').first()).toBeVisible();
  expect(await list.evaluate((el) => getComputedStyle(el.parentElement!).position)).toBe('absolute');
  await expect(page.locator('style[data-jv-sheet]')).toHaveCount(1);
  expect(sheetRequests).toHaveLength(1);
});

test('the disabled full sheet is not fetched until the boot script asks for it', async ({ browser }) => {
  // Without script nothing enables it: the page loads with its inline CSS alone.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const styles: string[] = [];
  page.on('request', (r) => r.resourceType() === 'stylesheet' && styles.push(r.url()));
  await page.goto('/blogs/top-10-kitchens-designs', { waitUntil: 'load' });
  expect(styles).toEqual([]);
  await context.close();
});

test('a page’s chunks are all fetched by the boot script without a link added per chunk, and come compressed', async ({
  page,
}) => {
  const path = '/products/kitchen-cabinets/rta-kitchen-cabinets/aw';
  const html = await (await page.request.get(path)).text();
  const preload = /data-jv-preload="([^"]+)"/.exec(html)![1]!.split(' ');
  const fetched = new Map<string, Promise<string | null>>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    // headerValue waits for the raw headers: headers() may give Chromium's provisional ones, which
    // lacked content-encoding once although the trace shows it sent. A later chunk's may still be
    // pending as the page closes: null then, not an unhandled rejection.
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
      fetched.set(
        url.pathname,
        r.headerValue('content-encoding').catch(() => null),
      );
  });
  const entry = /data-jv-entry="([^"]+)"/.exec(html)![1]!;
  await page.goto(path);
  // The boot script fetches the stylesheet before it imports the entry, maybe before the last chunk's answer is in;
  // the boot script asks for the entry beside the chunks, and its answer may come after theirs.
  await expect.poll(() => [entry, ...preload].filter((chunk) => !fetched.has(chunk))).toEqual([]);
  // Brotli to a browser that takes it (server/site/compressed.ts); the tiny runtime chunk stays plain.
  expect(await fetched.get(entry)).toBe('br');
  // Adding a <link rel="modulepreload"> per chunk made one long task on a phone: none are added
  // (counted once the page and its idle-time blocks have hydrated).
  await settled(page);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
});

test('hashed scripts, the stylesheet and content images are immutable; pages are revalidated', async ({ request }) => {
  const home = await request.get('/');
  expect(home.headers()['cache-control']).toBe('no-cache');
  const html = await home.text();
  const script = /<script type="module" src="([^"]+)"/.exec(html)![1]!;
  // The full sheet, linked by every page: cached once for the pages that follow.
  const sheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1]!;
  const image = /<img [^>]*src="(\/assets\/images\/[^"]+-[\w-]{10}\.\w+)"/.exec(html)?.[1];
  expect(image, 'a fingerprinted content image on the home page').toBeTruthy();
  for (const url of [script, sheet, image!]) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['cache-control'], url).toBe(IMMUTABLE);
  }
  // No content image on the page keeps its unhashed name.
  expect(html).not.toMatch(/<img [^>]*src="\/images\//);
});

type LcpImage = { src: string; loading: string | null; fetchPriority: string | null } | null;

/** The page's largest-contentful-paint candidate so far, when it is an image (else null). */
const readLcpImage = () =>
  new Promise<LcpImage>((resolve) => {
    new PerformanceObserver((list, observer) => {
      observer.disconnect();
      const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
      const img = last?.element instanceof HTMLImageElement ? last.element : null;
      resolve(
        img && {
          src: img.getAttribute('src')!,
          loading: img.getAttribute('loading'),
          fetchPriority: img.getAttribute('fetchpriority'),
        },
      );
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });

/**
 * The LCP image of `path` at a phone's size. The heading may paint before the image and be the
 * first candidate: the image is a later one, once painted, so the candidate is read until it
 * is an image (a page whose largest paint is text fails with the message below).
 */
async function lcpImage(page: Page, path: string): Promise<LcpImage> {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(path);
  let lcp: LcpImage = null;
  await expect
    .poll(async () => (lcp = await page.evaluate(readLcpImage)), { message: 'the LCP element is an image' })
    .not.toBeNull();
  return lcp;
}

for (const path of ['/', '/products/kitchen-cabinets']) {
  test(`the largest image in the first screen of ${path} is not lazy and is fetched with high priority`, async ({
    page,
  }) => {
    const lcp = await lcpImage(page, path);
    expect(lcp!.loading).not.toBe('lazy');
    expect(lcp!.fetchPriority).toBe('high');
  });
}

test('breadcrumb links are touch targets of at least 24 x 24 px', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/products/kitchen-cabinets/rta-kitchen-cabinets/aw');
  const boxes = await page
    .locator('nav[aria-label] ol a')
    .evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThan(1);
  for (const b of boxes) {
    expect(b.height).toBeGreaterThanOrEqual(24);
    expect(b.width).toBeGreaterThanOrEqual(24);
  }
});

test('the checkout does not shift while it reads the cart (empty cart)', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const shifts = await recordShifts(page);
  await page.goto('/checkout');
  await expect(page.getByText('Looks like you have not added anything to your cart.')).toBeVisible();
  await settled(page); // the header and the banner (load: idle) hydrated too
  expect(await shifts()).toEqual([]);
});

/**
 * The shop behind a loopback proxy that sends the HTML of `path` in two pieces, cut where `cut`
 * says, the second `delayMs` later: a page arriving over a slow link, or parsed on a busy phone.
 */
async function servedInPieces(origin: string, path: string, cut: (html: string) => number, delayMs: number) {
  const server = createServer((req, res) => {
    void (async () => {
      const r = await fetch(new URL(req.url!, origin), { headers: { 'accept-encoding': 'identity' } });
      const body = Buffer.from(await r.arrayBuffer());
      const headers = Object.fromEntries(
        [...r.headers].filter(
          ([k]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(k),
        ),
      );
      res.writeHead(r.status, headers);
      if (req.url !== path) return void res.end(body);
      const html = body.toString('utf8');
      const at = Buffer.byteLength(html.slice(0, cut(html)));
      res.write(body.subarray(0, at));
      await new Promise((done) => setTimeout(done, delayMs));
      res.end(body.subarray(at));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => new Promise((done) => server.close(done)),
  };
}

/** Where `mark` occurs for the n-th time after `from`. */
const nth = (html: string, from: string, mark: string, n: number) => {
  let at = html.indexOf(from);
  for (let k = 0; k < n; k++) at = html.indexOf(mark, at + 1);
  return at;
};

// A page painted while its HTML still arrives shows what it has so far; nothing shown may move as
// the rest comes. Each case cuts the page where something used to move.
const IN_PIECES = [
  // Painted then, the header's cart link showed empty and grew leftwards (0.0012 in a full test
  // run on a busy machine): the first paint waits for <main>, so the header is whole.
  {
    what: 'inside the header',
    path: '/estimator',
    width: 412,
    cut: (h: string) => h.indexOf('>', h.lastIndexOf('href="/order-samples"', h.indexOf('</header>'))) + 1,
  },
  // One star of five: the short row fitted beside the review's name, then wrapped under it (0.003).
  { what: 'inside a star rating', path: '/', width: 412, cut: (h: string) => nth(h, 'aria-label="Rated', '<svg', 2) },
  // One filter button of five: it fitted beside the sort select, then the row wrapped under it (0.01 to 0.03).
  ...[412, 800].map((width) => ({
    what: 'among the filter buttons',
    path: '/products/kitchen-cabinets/rta-kitchen-cabinets',
    width,
    cut: (h: string) => nth(h, '>Sort by<', '<details', 2),
  })),
];

for (const { what, path, width, cut } of IN_PIECES) {
  test(`a page arriving in pieces shifts nothing: ${path} cut ${what}, at ${width} px`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 823 });
    const shifts = await recordShifts(page);
    const proxy = await servedInPieces(baseURL!, path, cut, 600);
    try {
      await page.goto(proxy.url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('load');
      await settled(page);
      expect(await shifts()).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
}

test.describe('the cookie banner of a new visitor', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the page’s chunks are fetched only after its first screen is painted, the banner (the contact page’s largest paint on a phone) included', async ({
    page,
  }) => {
    // A phone's screen, as Lighthouse's: there the banner's text is the contact page's largest paint.
    await page.setViewportSize({ width: 412, height: 823 });
    for (const path of ['/contact', '/estimator', '/products/kitchen-cabinets']) {
      await page.goto(path);
      await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute('data-jv-live'))).toBe(true);
      const t = await page.evaluate(async () => {
        const chunks = performance
          .getEntriesByType('resource')
          .filter((r) => /\/assets\/(?!boot-)[^/]+\.js$/.test(new URL(r.name).pathname));
        // Largest-paint entries are only given to an observer (buffered: the ones so far).
        type Paint = PerformanceEntry & { element?: Element | null; paintTime?: number };
        const lcp = await new Promise<Paint[]>((done) =>
          new PerformanceObserver((list, o) => {
            o.disconnect();
            done(list.getEntries());
          }).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          }),
        );
        // When the frame was painted, not when the screen showed it: that can come a few ms
        // after the next frame began on a busy machine, and the boot script counts frames.
        const painted = (e: Paint | undefined) => e && (e.paintTime ?? e.startTime);
        return {
          firstChunk: Math.min(...chunks.map((r) => r.startTime)),
          fcp: painted(performance.getEntriesByName('first-contentful-paint')[0])!,
          banner: painted(lcp.find((e) => e.element?.closest('[data-jv-unless-cookie]'))),
        };
      });
      expect(t.firstChunk, path).toBeGreaterThan(t.fcp);
      if (path === '/contact') expect(t.banner, 'the banner is a largest paint there').toBeDefined();
      if (t.banner !== undefined) expect(t.firstChunk, `${path}: after the banner's paint`).toBeGreaterThan(t.banner);
    }
  });
  const banner = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });

  test('is in the prerendered HTML, hidden, and shows with the first screen; it works without any UI library', async ({
    page,
    context,
  }) => {
    const html = await (await page.request.get('/estimator')).text();
    expect(html).toMatch(
      /<section [^>]*hidden="" data-jv-unless-cookie="cookie_consent=accepted cookie_consent=rejected cookie_consent=analytics cookie_consent=marketing cookie_consent=analytics\+marketing"/,
    );
    // No hydration at all (the UI library and the code that hydrates with it never load): shown
    // with the HTML, styled by the inlined CSS; its framework-free island answers its buttons.
    const manifest = JSON.parse(readFileSync(join(SITE, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const hydration = manifest['engine/client/hydrate.tsx']!;
    const blocked = new Set(
      [hydration.file, ...(hydration.imports ?? []).map((k) => manifest[k]!.file)].map((f) => `/${f}`),
    );
    await context.route(
      (url) => blocked.has(url.pathname),
      (route) => route.abort(),
    );
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/estimator');
    await expect(banner(page)).toBeVisible();
    expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const height = await banner(page).evaluate((el) => el.getBoundingClientRect().height);
    // Padded by its island once it has measured the bar (an observer's callback, after layout);
    // its click handler is in place from then on too.
    await expect.poll(() => page.evaluate(() => document.body.style.paddingBottom)).toBe(`${Math.round(height)}px`);
    // Its buttons work without hydration: Manage Preferences opens the preferences dialog
    // (Escape closes it); Accept All stores the choice for 180 days and the bar goes.
    await banner(page).getByRole('button', { name: 'Manage Preferences' }).click();
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(preferences).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(preferences).toHaveCount(0);
    await expect(banner(page)).toBeVisible();
    const before = Date.now() / 1000;
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === 'cookie_consent');
    expect(cookie).toMatchObject({ value: 'accepted', path: '/', sameSite: 'Lax' });
    expect(cookie!.expires).toBeGreaterThan(before + 180 * 86400 - 60);
    await expect.poll(() => page.evaluate(() => document.body.style.paddingBottom)).toBe(''); // measured again once hidden
  });

  test('shows while the HTML is parsed: its inline line runs under the CSP, before any script file', async ({
    page,
    context,
  }) => {
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
    // No script file at all, the boot script included: only the page's inline line runs.
    await context.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.goto('/checkout');
    await expect(banner(page)).toBeVisible();
    expect(violations).toEqual([]);
    await context.addCookies([{ name: 'cookie_consent', value: 'accepted', url: page.url() }]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test('a returning visitor never sees it, and nothing shifts on the estimator when it shows', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const shifts = await recordShifts(page);
    await page.goto('/estimator');
    await expect(banner(page)).toBeVisible();
    await blockHydrated(page, banner(page)); // its island (tracking) started: nothing it does moves the page
    await settled(page);
    expect(await shifts()).toEqual([]);

    await context.addCookies([{ name: 'cookie_consent', value: 'rejected', url: baseURL! }]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });
});
