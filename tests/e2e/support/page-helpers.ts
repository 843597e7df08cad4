/** Shared helpers for the end-to-end tests. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Collects page errors and console errors, so a test can assert the page ran cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * Budget of the waits below: each covers a page's start (the boot script waits up to 3 s for the
 * first screen, then the runtime and the islands' chunks load and hydrate), not one reaction.
 */
const START_MS = 15_000;

/** Polls `read` until it gives []: what is still awaited, named in the failure. A page being replaced reads as such. */
async function until(what: string, read: () => Promise<string[]>) {
  const safe = () => read().catch((e: Error) => [`the page could not be read: ${e.message.split('\n')[0]}`]);
  await expect.poll(safe, { message: what, timeout: START_MS, intervals: [50, 100, 250] }).toEqual([]);
}

/**
 * Resolves once every island that starts at load is live: <html> carries `data-jv-live`, set by
 * the islands' runtime (engine/client/entry.tsx) after their mount effects and the updates they
 * made are committed. A page without islands runs no script: nothing to wait for. Islands that
 * start later may still wait: see settled() and blockHydrated().
 */
export async function hydrated(page: Page) {
  await until("the page's islands hydrated (html[data-jv-live])", () =>
    page.evaluate(() =>
      document.documentElement.hasAttribute('data-jv-live') || !document.getElementById('jv-islands')
        ? []
        : [`${location.pathname} not hydrated`],
    ),
  );
}

/**
 * Resolves once the page is settled: hydrated, and every island either live (`data-jv-live` on
 * its wrapper) or waiting for the viewport or the shopper (`data-jv-dormant`). A test takes its
 * "before" snapshot, counts requests, measures shifts or runs axe only then. A failure names the
 * islands still loading.
 */
export async function settled(page: Page) {
  await hydrated(page);
  await until('every island live or waiting for the viewport or the shopper', () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-jv-island]')]
        .filter((w) => !w.hasAttribute('data-jv-live') && !w.hasAttribute('data-jv-dormant'))
        .map((w) => `${w.getAttribute('data-jv-island')} loading`),
    ),
  );
}

/** Scrolls down the page a screen at a time (each island that waits for the viewport starts), then waits for them. */
export async function scrollThrough(page: Page) {
  await settled(page);
  // The step is the viewport Playwright set, not the page's innerHeight: a window the browser
  // reports as 0 px high would make the loop endless.
  const step = page.viewportSize()?.height ?? 720;
  await page.evaluate(async (step) => {
    // Two frames let the page's observers see the new position. The headless browser at times
    // stops producing frames for a page (seen twice in full runs, the evaluate never
    // returned), so a step goes on after 250 ms without them; settled() below then waits for
    // what the scroll is for, the islands live.
    const frame = () =>
      new Promise((r) => {
        requestAnimationFrame(() => requestAnimationFrame(r));
        setTimeout(r, 250);
      });
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      scrollTo(0, y);
      await frame();
    }
  }, step);
  await settled(page);
}

/**
 * Resolves once the island holding `el` is live. One that starts when visible must be scrolled
 * to first (scrolledToAndLive); one that starts at the shopper's first touch is started the way
 * a shopper does, by the pointer coming over it.
 */
export async function blockHydrated(page: Page, el: Locator) {
  await hydrated(page);
  const island = el.locator('xpath=ancestor-or-self::*[@data-jv-island][1]');
  if (!(await island.count())) return;
  if ((await island.getAttribute('data-jv-dormant')) === 'interaction') await el.hover();
  await until('the island around the element hydrated', () =>
    island.evaluate(
      (w) =>
        w.hasAttribute('data-jv-live')
          ? []
          : [
              `${w.getAttribute('data-jv-island')} ${w.getAttribute('data-jv-dormant') === 'visible' ? 'waits for the viewport' : 'loading'}`,
            ],
      undefined,
      { timeout: START_MS },
    ),
  );
}

/** Scrolls `el` into view and resolves once its block is live: for blocks that load when visible. */
export async function scrolledToAndLive(page: Page, el: Locator) {
  await el.scrollIntoViewIfNeeded();
  await blockHydrated(page, el);
}

export async function jsonLd(page: Page): Promise<Record<string, any>[]> {
  return page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? 'null')));
}

/**
 * Records the page's layout shifts from its start (not those right after input). The returned
 * function waits two frames, so a shift the last change caused is recorded, and lists them, each
 * with what moved: a failure names the element.
 */
export async function recordShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const w = window as unknown as { shifts: string[] };
    w.shifts = [];
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const name = (n: Node | null | undefined) => {
      const el = n instanceof Element ? n : n?.parentElement;
      return el
        ? `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent ?? '').trim().slice(0, 30)}"`
        : 'a node since removed';
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: Source[];
      })[]) {
        if (e.hadRecentInput) continue;
        const moved = (e.sources ?? []).map(
          (s) => `${name(s.node)} from ${rect(s.previousRect)} to ${rect(s.currentRect)}`,
        );
        w.shifts.push(`${e.value.toFixed(5)} at ${Math.round(e.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
  };
}

/** A style page's sample list (behind its Samples tab where it has one), scrolled to and live. */
export async function samples(page: Page): Promise<Locator> {
  const tab = page.getByRole('tab', { name: 'Samples' });
  if (await tab.count()) {
    await scrolledToAndLive(page, tab);
    await tab.click();
  }
  const list = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Order sample doors' }) });
  await scrolledToAndLive(page, list);
  return list;
}

/**
 * Records what the pages of this tab push to the data layer, across page loads (each page has
 * its own window.dataLayer; the tag manager reads each as it goes): read it with dataLayerEvents().
 */
export async function recordDataLayer(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { dataLayer?: unknown[] };
    w.dataLayer ??= [];
    const layer = w.dataLayer;
    const push = layer.push.bind(layer);
    layer.push = (...items: unknown[]) => {
      sessionStorage.setItem(
        '__dataLayer',
        JSON.stringify([...JSON.parse(sessionStorage.getItem('__dataLayer') ?? '[]'), ...items]),
      );
      return push(...items);
    };
  });
}

export async function dataLayerEvents<T = Record<string, unknown>>(page: Page): Promise<T[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('__dataLayer') ?? '[]'));
}
