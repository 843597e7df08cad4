import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { settled } from './support/page-helpers.ts';
import { createQuote } from './support/quote-link.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SITE = join(ROOT, 'dist/site');
const WIDTHS = [320, 390, 768];
const NEXT_YEAR = String(new Date().getFullYear() + 1);

/** The folders of dist/site holding an index.html, as paths ("/", "/about-us" ...). */
function prerendered(dir = SITE, path = ''): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((e) => e.isFile() && e.name === 'index.html') ? [path || '/'] : [];
  return [
    ...here,
    ...entries
      .filter((e) => e.isDirectory() && !['_shells', 'assets', 'data', 'images'].includes(e.name))
      .flatMap((e) => prerendered(join(dir, e.name), `${path}/${e.name}`)),
  ];
}

/** One value per dynamic route parameter; a new parameter needs one here. */
const SAMPLE_PARAMS: Record<string, string> = {
  categoryKey: 'latest-trends',
  confirmToken: 'not-a-real-token',
  unsubscribeToken: 'not-a-real-token',
  paymentMethod: 'card',
};

function dynamicRoutes(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist/routes-manifest.json'), 'utf8')) as {
    dynamic: { pattern: string }[];
  };
  return manifest.dynamic.map((r) =>
    r.pattern.replace(/:(\w+)/g, (_, name: string) => {
      const value = SAMPLE_PARAMS[name];
      if (!value) throw new Error(`overflow.spec: no sample value for :${name} of ${r.pattern}`);
      return value;
    }),
  );
}

const ROUTES = [...new Set([...prerendered(), ...dynamicRoutes(), '/no-such-page'])].sort();

/** One page per worker, reused by every test it runs (with the project's stored consent cookie). */
const test = base.extend<object, { shared: Page }>({
  shared: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        baseURL: process.env.E2E_BASE_URL,
        storageState: workerInfo.project.use.storageState,
      });
      const page = await context.newPage();
      await page.goto('/robots.txt');
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
});
test.describe.configure({ mode: 'parallel' });

/** What passes the viewport at this width: [] when nothing, else the widest such element named. */
async function overflowAt(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 800 });
  // Reading scrollWidth lays the page out at the new width.
  return page.evaluate(() => {
    const root = document.documentElement;
    const vw = window.innerWidth;
    if (root.scrollWidth <= vw) return [];
    // An element inside a box that clips or scrolls sideways is not what widens the page.
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const past = [...document.body.querySelectorAll('*')]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ el, r }) => r.width > 0 && r.right > vw + 0.5 && !clipped(el))
      .sort((a, b) => b.r.width - a.r.width || b.r.right - a.r.right);
    const name = (el: Element) => {
      const cls = el.getAttribute('class');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? ` class="${cls}"` : ''}> "${text}"`;
    };
    const widest = past[0];
    return [
      `${location.pathname}: scrollWidth ${root.scrollWidth} > ${vw}` +
        (widest
          ? `; widest past the edge: ${name(widest.el)} ${Math.round(widest.r.left)}..${Math.round(widest.r.right)}`
          : ''),
    ];
  });
}

async function expectNoOverflow(page: Page, what: string) {
  const found: string[] = [];
  for (const width of WIDTHS) found.push(...(await overflowAt(page, width)).map((f) => `${width}px ${f}`));
  expect(found, `${what} scrolls sideways`).toEqual([]);
}

async function open(page: Page, path: string) {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
  await page.goto(path);
  // The payment return pages go on to the failure page; the success page needs an order number.
  if (/\/verify$|\/verify\//.test(path)) await expect(page).toHaveURL(/\/payment\/fail$/);
  await settled(page);
}

for (const path of ROUTES) {
  test(`${path} fits 320, 390 and 768 px`, async ({ shared: page }) => {
    if (path === '/order/success') await page.evaluate(() => localStorage.setItem('orderIncrementId', '100000001'));
    if (path === '/checkout')
      await page.evaluate(async () => {
        const data = (await (await fetch('/data/samples.json')).json()) as {
          samples: Record<string, { sku: string; name: string; finish: { type: string; value: string } }>;
        };
        const s = Object.values(data.samples).find((x) => x.finish)!;
        const item = { sku: s.sku, name: s.name, qty: 1, finish: { type: s.finish.type, value: s.finish.value } };
        localStorage.setItem('selectedSamples', JSON.stringify({ items: [item], expiresAt: Date.now() + 86_400_000 }));
      });
    await open(page, path);
    if (path === '/order/success') await expect(page.getByRole('status')).toHaveText('Your order number is #100000001');
    if (path === '/checkout') await expect(page.getByText('Billing details')).toBeVisible();
    await expectNoOverflow(page, path);
  });
}

/** A quote made with the staff's CLI on the e2e server's database: its link's path. */
const quoteLink = () => createQuote(`overflow.${Date.now()}@example.com`).link.replace(process.env.E2E_BASE_URL!, '');

test("a quote's payment page fits, and its decline message shows whole", async ({ shared: page }) => {
  await open(page, quoteLink());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Your quote #Q\d+$/);
  await expectNoOverflow(page, 'the quote page');

  await page.setViewportSize({ width: 390, height: 800 });
  const form = page.getByRole('form', { name: 'Pay your quote' });
  const field = (label: string) => form.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await field('Card Number').fill('4000 0000 0000 0002');
  await field('Expiry Month').selectOption('12');
  await field('Expiry Year').selectOption(NEXT_YEAR);
  await field('CVV').fill('123');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const alert = form.getByRole('alert').filter({ hasText: /declined/i });
  await expect(alert).toBeVisible();
  // At 390 px, the width it was clipped at: the whole message inside the screen.
  const box = (await alert.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoOverflow(page, 'the quote page with its decline message');
});
