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
