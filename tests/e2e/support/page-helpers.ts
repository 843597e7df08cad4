/** Shared helpers for the end-to-end tests. */
import { expect, type Page } from '@playwright/test';

/** Collects page errors and console errors, so a test can assert the page ran cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Resolves once React has hydrated the page (interactive handlers attached). */
export async function hydrated(page: Page) {
  await expect(page.locator('#root')).toBeAttached();
  await page.waitForFunction(() => {
    const root = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  });
}

export async function jsonLd(page: Page): Promise<Record<string, any>[]> {
  return page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? 'null')));
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
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const name = (n: Node | null | undefined) => {
      const el = n instanceof Element ? n : n?.parentElement;
      return el ? `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent ?? '').trim().slice(0, 30)}"` : 'a node since removed';
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
        if (e.hadRecentInput) continue;
        const moved = (e.sources ?? []).map((s) => `${name(s.node)} from ${rect(s.previousRect)} to ${rect(s.currentRect)}`);
        w.shifts.push(`${e.value.toFixed(5)} at ${Math.round(e.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
  };
}
