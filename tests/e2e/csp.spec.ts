/**
 * The Content-Security-Policy lets the shipped content load: /visualizer's partner script and a
 * style page's video file. The third-party hosts are unreachable here, so Playwright answers
 * for them (a tiny script, a tiny video); a request the policy refuses never reaches the route,
 * so a served route plus no violation means the policy allowed it.
 */
import { expect, test, type Page } from '@playwright/test';
import { hydrated, scrolledToAndLive } from './support/page-helpers.ts';

const CARLTON = '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton';

/** CSP violations, from the page's securitypolicyviolation events and the console. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (m) => {
    if (/Content[ -]Security[ -]Policy/i.test(m.text())) logged.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  return async () => [...logged, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

test('the watcher sees a violation: a script from a host that is in no integration is refused', async ({ page }) => {
  const violations = await watchCsp(page);
  let served = false;
  await page.route('https://not-allowed.example.net/**', (r) => {
    served = true;
    return r.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await page.goto('/');
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.src = 'https://not-allowed.example.net/x.js';
    document.body.append(s);
  });
  await expect.poll(violations).toContainEqual('script-src-elem https://not-allowed.example.net/x.js');
  expect(served).toBe(false);
});

test('/visualizer: the partner script loads and runs, with no CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  let served = false;
  await page.route('https://www.roomvo.com/**', (r) => {
    served = true;
    return r.fulfill({
      contentType: 'text/javascript',
      body: 'document.getElementById("roomvo-visualizer").dataset.partner = "ran";',
    });
  });
  await page.goto('/visualizer');
  await hydrated(page);
  const widget = page.getByRole('region', { name: /^Room visualizer/ });
  await scrolledToAndLive(page, widget); // the widget's island starts as it nears the viewport
  await expect(widget.locator('#roomvo-visualizer')).toHaveAttribute('data-partner', 'ran');
  await expect(widget).toHaveAttribute('aria-busy', 'false');
  await expect(widget.getByRole('alert')).toHaveCount(0);
  expect(served).toBe(true);
  expect(await violations()).toEqual([]);
});

test("a style page's video file plays from the media host, with no CSP violation", async ({ page }) => {
  const violations = await watchCsp(page);
  const requested: string[] = [];
  await page.route('https://media.hearthlinecabinetry.com/**', (r) => {
    requested.push(r.request().url());
    return r.fulfill({ status: 200, contentType: 'video/mp4', body: Buffer.alloc(64) });
  });
  await page.goto(CARLTON);
  await hydrated(page);
  await scrolledToAndLive(page, page.getByRole('tablist', { name: 'Product details' })); // loads when scrolled to
  await page.getByRole('tablist', { name: 'Product details' }).getByRole('tab', { name: 'Videos' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Videos' });
  await panel.getByRole('button', { name: 'Play video: Inside our seven-step finishing line' }).click();
  await expect(panel.locator('video')).toHaveAttribute(
    'src',
    'https://media.hearthlinecabinetry.com/videos/seven-step-finish.mp4',
  );
  await expect.poll(() => requested).toContain('https://media.hearthlinecabinetry.com/videos/seven-step-finish.mp4');
  expect(await violations()).toEqual([]);
});
