/**
 * No page the shop serves logs a console error or has a request fail: every prerendered route of
 * the build (scrolled through, so the islands that wait for the viewport start too), and the
 * sandbox gateway's 3-D Secure page reached through a checkout with its test card. The third
 * parties' hosts are unreachable here, so Playwright answers for them (an image, an empty script).
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { addQuartzChip, byLabel, checkout, NEXT_YEAR, placeOrder, unique } from './support/checkout-helpers.ts';
import { scrollThrough, settled } from './support/page-helpers.ts';

const SITE = resolve(import.meta.dirname, '../../dist/site');

/** The path of every page the build prerendered (dist/site/**\/index.html; not the dynamic routes' shells). */
function builtRoutes(): string[] {
  return readdirSync(SITE, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => (f === 'index.html' || f.endsWith('/index.html')) && !/^(assets|_shells)\//.test(f))
    .map((f) => `/${f.slice(0, -'index.html'.length).replace(/\/$/, '')}`)
    .sort();
}

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/**
 * Watches the page's documents for console errors, uncaught errors and requests that fail or
 * answer 4xx/5xx; answers for third-party hosts. A request cut short because its document was
 * left is no failure: the test going to the next page (`visit()`), or the page moving on by
 * itself (the success page without an order goes to the checkout).
 */
async function watch(page: Page) {
  const origin = new URL(process.env.E2E_BASE_URL!).origin;
  const problems: string[] = [];
  const pending = new Set<Request>();
  let leaving = false;
  // Main-frame documents so far; a request remembers the document it was made for.
  let documents = 0;
  const documentOf = new Map<Request, number>();
  const aborted: { document: number; problem: string }[] = [];
  const at = () => new URL(page.url()).pathname;
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      const type = route.request().resourceType();
      if (type === 'image') return route.fulfill({ contentType: 'image/gif', body: PIXEL });
      if (type === 'script') return route.fulfill({ contentType: 'text/javascript', body: '' });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>stand-in</title>' });
    },
  );
  page.on('pageerror', (e) => problems.push(`${at()}: ${e.name}: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`${at()}: console: ${m.text()}`));
  page.on('framenavigated', (f) => f === page.mainFrame() && documents++);
  page.on('request', (r) => {
    pending.add(r);
    documentOf.set(r, documents);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => {
    pending.delete(r);
    const problem = `${at()}: ${r.url()} failed: ${r.failure()?.errorText}`;
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(problem);
    else if (!leaving) aborted.push({ document: documentOf.get(r) ?? documents, problem });
  });
  page.on('response', (r) => r.status() >= 400 && problems.push(`${at()}: ${r.url()} answered ${r.status()}`));
  return {
    /** What went wrong; an aborted request counts unless its document was left since. */
    get problems() {
      return [...problems, ...aborted.filter((a) => a.document === documents).map((a) => a.problem)];
    },
    /** Resolves once every request the page has made is answered. */
    quiet: () =>
      expect
        .poll(() => [...pending].map((r) => r.url()), { message: 'requests still waiting for an answer' })
        .toEqual([]),
    async visit(path: string) {
      leaving = true;
      await page.goto(path);
      leaving = false;
    },
  };
}

const routes = builtRoutes();
const SHARDS = 12;

test('the build prerendered the routes the crawl below visits', () => {
  expect(routes.length).toBeGreaterThan(50);
  expect(routes).toEqual(expect.arrayContaining(['/', '/checkout', '/products/kitchen-cabinets', '/blogs']));
});

for (let shard = 0; shard < SHARDS; shard++) {
  const mine = routes.filter((_, i) => i % SHARDS === shard);
  test(`no console error nor failed request on the built pages, part ${shard + 1} of ${SHARDS}`, async ({ page }) => {
    test.slow();
    const w = await watch(page);
    for (const path of mine) {
      await w.visit(path);
      await scrollThrough(page);
      await w.quiet();
    }
    expect(w.problems).toEqual([]);
  });
}

test('no console error nor failed request through a 3-D Secure checkout: the sandbox gateway page has an icon', async ({
  page,
}) => {
  test.slow();
  const w = await watch(page);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await addQuartzChip(page);
  await checkout(page, unique('clean-3ds'));
  await byLabel(page, 'Card Number').fill('4000 0025 0000 3155');
  await byLabel(page, 'Expiry Month').selectOption('12');
  await byLabel(page, 'Expiry Year').selectOption(NEXT_YEAR);
  await byLabel(page, 'CVV').fill('123');
  await placeOrder(page).click();
  await expect(page.getByRole('heading', { name: 'Confirm your card payment' })).toBeVisible();
  await expect(page).toHaveURL(/\/sandbox-gateway\/authenticate\//);
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
  await w.quiet();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  await settled(page);
  await w.quiet();
  expect(asked).not.toContain('/favicon.ico');
  expect(w.problems).toEqual([]);
});
