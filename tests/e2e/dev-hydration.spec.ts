/**
 * `joinery dev` runs what ships: every page of the route table (its non-dynamic routes) is
 * served with the boot script, its islands start as in the build, and React (in its development
 * build, which reports every difference between the server's HTML and the first browser render)
 * logs no hydration warning. One dev server (its compiled modules shared by every page); a few
 * pages open at once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { buildRouteTable, loadSite } from '../../engine/node.ts';
import { freePort } from './support/free-port.ts';
import { scrollThrough } from './support/page-helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SITE = join(ROOT, 'site-config');
const dir = mkdtempSync(join(tmpdir(), 'joinery-dev-hydration-'));
let dev: ChildProcess | undefined;
let base = '';

const routes = buildRouteTable(loadSite(SITE))
  .filter((r) => !r.dynamic && r.path !== '*')
  .map((r) => r.path);
const SHARDS = Number(process.env.DEV_SHARDS ?? 8);
/** Pages open at once in a shard. */
const OPEN = 3;

// React's words for a server render the browser's first render does not match.
const HYDRATION = /hydrat|server rendered HTML|did not match|didn't match/i;

// The dev server compiles on request: its start and first pages take a while on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dev = spawn(process.execPath, ['cli/bin.js', 'dev', '--port', String(port), '--site', SITE], {
    cwd: ROOT,
    // Not the test runner's NODE_OPTIONS (its TypeScript loader): the CLI brings its own.
    env: { ...process.env, NODE_OPTIONS: undefined, JOINERY_DATA_DIR: dir, JOINERY_LOG_REQUESTS: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    const status = await fetch(`${base}/`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`joinery dev did not serve / (status ${status})`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(() => {
  dev?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/** A message's first line and its end (React's diff of the HTML and the render). */
const brief = (text: string) => {
  const first = text.split('\n')[0] ?? '';
  return text.length <= 1200 ? text : `${first} … ${text.slice(-1000)}`;
};

/**
 * Opens `path`, scrolls through it (the islands that wait for the viewport start) and waits
 * until every island is live or waits for the shopper; returns what it found wrong.
 */
async function visit(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION.test(m.text()))
      problems.push(`${path}: console ${m.type()}: ${brief(m.text())}`);
  };
  const onError = (e: Error) => problems.push(`${path}: ${e.name}: ${brief(e.message)}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  try {
    await page.goto(`${base}${path}`);
    const boot = await page.locator('script[data-jv-entry]').getAttribute('src');
    if (boot !== '/engine/client/boot.ts') problems.push(`${path}: boot script ${boot}`);
    await scrollThrough(page);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
  return problems;
}

async function visitAll(context: BrowserContext, paths: string[]): Promise<string[]> {
  const queue = [...paths];
  const problems: string[] = [];
  await Promise.all(
    Array.from({ length: OPEN }, async () => {
      const page = await context.newPage();
      for (let path = queue.shift(); path !== undefined; path = queue.shift())
        problems.push(...(await visit(page, path)));
      await page.close();
    }),
  );
  return problems;
}

test('the route table has the pages the shards below visit', () => {
  expect(routes).toEqual(expect.arrayContaining(['/', '/checkout', '/estimator', '/products/kitchen-cabinets']));
});

for (let shard = 0; shard < SHARDS; shard++) {
  const mine = routes.filter((_, i) => i % SHARDS === shard);
  test(`joinery dev serves each page with the boot script and no hydration warning, part ${shard + 1} of ${SHARDS}`, async ({
    context,
  }) => {
    expect(await visitAll(context, mine)).toEqual([]);
  });
}
