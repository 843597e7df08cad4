/**
 * `joinery dev` (on a copy of the shop's content): a content mistake shows as an overlay over the
 * page with the finding, its fix and its rule's page; fixing the file removes it and brings the
 * fixed page in, with no reload.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { hydrated } from './support/page-helpers.ts';
import { freePort } from './support/free-port.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'joinery-dev-e2e-'));
const site = join(dir, 'site-config');
const aboutFile = join(site, 'pages', 'about-us.json');
let dev: ChildProcess | undefined;
let base = '';

// The dev server compiles on request: its start and first page take a while on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  cpSync(join(ROOT, 'site-config'), site, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dev = spawn(process.execPath, ['cli/bin.js', 'dev', '--port', String(port), '--site', site], {
    cwd: ROOT,
    // Not the test runner's NODE_OPTIONS (its TypeScript loader): the CLI brings its own.
    env: { ...process.env, NODE_OPTIONS: undefined, JOINERY_DATA_DIR: dir, JOINERY_LOG_REQUESTS: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Up once it answers a page (the first one compiles the server's modules).
  const deadline = Date.now() + 240_000;
  for (;;) {
    const status = await fetch(`${base}/about-us`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`joinery dev did not serve /about-us (status ${status})`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(() => {
  dev?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

test('a block type typo shows in an overlay over the page; fixing it removes the overlay without a reload', async ({
  page,
}) => {
  const good = readFileSync(aboutFile, 'utf8');
  const line = good.split('\n').findIndex((l) => l.includes('"type": "heading"')) + 1;
  await page.goto(`${base}/about-us`);
  await hydrated(page);
  // The overlay's script is connected to the server (it asked for the findings and got them).
  await expect(page.locator('#jv-dev-overlay[data-jv-live]')).toBeAttached({ timeout: 30_000 });
  const mark = () =>
    page.evaluate(() => {
      (window as { devMarker?: string }).devMarker = 'same page';
    });
  const marked = () => page.evaluate(() => (window as { devMarker?: string }).devMarker);
  await mark();

  // The edit's findings arrive in the open page.
  writeFileSync(aboutFile, good.replace('"type": "heading"', '"type": "headng"'));
  const dialog = page.getByRole('dialog', { name: 'joinery lint: 1 error' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  expect(await marked()).toBe('same page');

  // Loaded as it is now: the page renders (the unknown block as a note), the overlay over it.
  await page.reload();
  await hydrated(page);
  await expect(page.locator('#jv-dev-overlay[data-jv-live]')).toBeAttached({ timeout: 30_000 });
  await mark();
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Unknown block type "headng"' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Meet the team' })).toHaveCount(0);
  await expect(dialog).toContainText(`${site}/pages/about-us.json:${line}:15`);
  await expect(dialog).toContainText('unknown block type "headng" (did you mean "heading"?)');
  await expect(dialog).toContainText('Fix: Replace "headng" with "heading"');
  const doc = dialog.getByRole('link', { name: 'unknown-block' });
  await expect(doc).toHaveAttribute('href', '/__joinery/rules/unknown-block');
  const docPage = await page.request.get(`${base}/__joinery/rules/unknown-block`);
  expect(docPage.status()).toBe(200);
  expect(await docPage.text()).toContain('Unknown block type');
  // Over the page, which is still there.
  await expect(page.getByRole('heading', { level: 1, name: 'About Hearthline Cabinetry' })).toBeAttached();

  // Esc closes it to a button that reopens it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'joinery lint: 1 error' }).click();
  await expect(dialog).toBeVisible();

  writeFileSync(aboutFile, good);
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /joinery lint/ })).toHaveCount(0);
  // The fixed page is in (the heading the typo hid), and it is the same page: no reload.
  await expect(page.getByRole('heading', { level: 2, name: 'Meet the team' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Unknown block type' })).toHaveCount(0);
  expect(await marked()).toBe('same page');
});
