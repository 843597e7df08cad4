/**
 * `joinery dev` started on content with a mistake: the first page asked for is served without
 * waiting for the site's lint, and its overlay still opens over it with the finding, as it does
 * for a page served after the lint (tests/e2e/dev-overlay.spec.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './support/free-port.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'joinery-dev-first-'));
const site = join(dir, 'site-config');
let dev: ChildProcess | undefined;

// The dev server compiles on request: its start and first page take a while on a busy machine.
test.describe.configure({ timeout: 300_000 });

test.afterAll(() => {
  dev?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

test('the first page of a start, a mistake in its own file, opens the overlay with the finding', async ({ page }) => {
  cpSync(join(ROOT, 'site-config'), site, { recursive: true });
  const about = join(site, 'pages', 'about-us.json');
  writeFileSync(about, readFileSync(about, 'utf8').replace('"type": "heading"', '"type": "headng"'));
  const port = await freePort();
  dev = spawn(process.execPath, ['cli/bin.js', 'dev', '--port', String(port), '--site', site], {
    cwd: ROOT,
    // Not the test runner's NODE_OPTIONS (its TypeScript loader): the CLI brings its own.
    env: { ...process.env, NODE_OPTIONS: undefined, JOINERY_DATA_DIR: join(dir, 'data'), JOINERY_LOG_REQUESTS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Listening once it says where; the page below is the first one asked for.
  await new Promise<void>((ok, fail) => {
    let out = '';
    dev!.stdout!.on('data', (d: Buffer) => {
      out += d;
      if (out.includes(`joinery dev: http://localhost:${port}`)) ok();
    });
    dev!.once('exit', (code) => fail(new Error(`joinery dev exited ${code}: ${out}`)));
  });

  await page.goto(`http://127.0.0.1:${port}/about-us`);
  await expect(page.getByRole('note').filter({ hasText: 'Unknown block type "headng"' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'joinery lint: 1 error' });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toContainText('unknown block type "headng" (did you mean "heading"?)');
  await expect(dialog).toContainText('The page below is rendered from the content as it is.');
});
