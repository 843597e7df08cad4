/**
 * Every block example (blocks/<type>/example.json and examples/*.json), one page each (opened
 * as its example.visit.json says, when the block needs a state a shopper brings): a
 * screenshot at 390, 768 and 1280 px against its committed baseline, axe (WCAG 2.1 A and AA)
 * with no violation at 390 and 1280 px, no console error or warning, nothing wider than a
 * 390 px screen, its keyboard steps (example.steps.json beside the example) done, and then
 * every island live. A visual change is accepted with `npm run test:blocks -- --update`.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { settled } from '../e2e/support/page-helpers.ts';
import { allExamples, examplePath, exampleVisit, type Visit } from './example-site.ts';
import { exampleSteps, runSteps } from './steps.ts';

const WIDTHS = [390, 768, 1280] as const;
const HEIGHT = 800;

/** Third parties (an embed's script, a video's thumbnail host) answer empty, as if they loaded nothing. */
async function standInThirdParties(page: Page) {
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) =>
      route.fulfill({
        status: 200,
        contentType: route.request().resourceType() === 'script' ? 'text/javascript' : 'text/plain',
        body: '',
      }),
  );
}

/** Fonts loaded and every image loaded (lazy ones too, as a full-page screenshot shows them): what the screenshot shows is final. */
async function painted(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((img) => {
        img.loading = 'eager';
        return img.complete
          ? null
          : new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
            });
      }),
    );
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** The page's state before it loads, as its visit file gives it. */
async function prepare(page: Page, visit: Visit) {
  if (visit.localStorage)
    await page.addInitScript((entries) => {
      if (location.protocol === 'about:') return;
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, visit.localStorage);
  // Never fulfilled: the page closes with the request still waiting.
  if (visit.hold)
    await page.route(
      (url) => url.pathname === visit.hold,
      () => {},
    );
}

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const example of allExamples()) {
  test(`${example.type} (${example.name})`, async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    await standInThirdParties(page);
    const visit = exampleVisit(example);
    await prepare(page, visit);
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await page.goto(`${examplePath(example)}${visit.query ? `?${visit.query}` : ''}`);
    await settled(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await painted(page);
      // Soft: every width's diff is written, and the other checks still run.
      await expect
        .soft(page, `${example.type} at ${width} px (meant? npm run test:blocks -- --update)`)
        // A copyright line carries the build's year: masked, so a new year changes no baseline.
        .toHaveScreenshot([example.type, `${example.name}-${width}.png`], {
          fullPage: true,
          mask: [page.getByText(/©\s*\d{4}/)],
        });
      if (width === 390) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        expect(overflow, 'nothing wider than a 390 px screen').toBeLessThanOrEqual(0);
      }
      if (width !== 768) expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
    }
    const steps = exampleSteps(example);
    if (steps) await runSteps(page, steps);
    // Every island on the page live: one waiting for the viewport or the shopper is started as
    // a shopper starts it (scrolled to, pointed at), so a hydration warning shows here too.
    const waiting = await page
      .locator('[data-jv-island][data-jv-dormant]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-jv-island')!));
    for (const key of waiting) {
      const island = page.locator(`[data-jv-island="${key}"]`);
      if (!(await island.isVisible())) continue;
      await island.scrollIntoViewIfNeeded();
      if ((await island.getAttribute('data-jv-dormant')) === 'interaction') {
        const control = island.locator('a[href], button, input, select, textarea, summary').first();
        if (await control.count()) await control.focus();
        else await island.hover();
      }
      await expect(island, 'the island hydrated').toHaveAttribute('data-jv-live', { timeout: 15_000 });
    }
    expect(problems, 'no console error or warning').toEqual([]);
  });
}
