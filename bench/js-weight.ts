/**
 * First-load JavaScript per page type, measured in the browser: each page of LIGHTHOUSE_PAGES
 * opened as a new visitor on a phone-sized window (no scrolling, no input), every script it
 * fetches until it has settled, gzip -9 of each body. Split by the build's Vite manifest into the
 * islands' code (chunks of blocks/) and the runtime (everything else the build made). Needs a
 * build (dist/, or JOINERY_DIST_DIR as `joinery start` reads it).
 * Run alone: node --import tsx bench/js-weight.ts [label or path...]; JS_WEIGHT_DETAILS=1 lists
 * each script. Printed, never asserted.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from '@playwright/test';
import { buildDir, fmt } from './lib.ts';
import { LIGHTHOUSE_PAGES, startShop } from './lighthouse.ts';

export type ScriptKind = 'runtime' | 'island' | 'other';

export interface ScriptLoad {
  /** Path on the shop's origin, or the whole URL of a script from elsewhere. */
  url: string;
  kind: ScriptKind;
  /** gzip -9 of the body, bytes. */
  gzip: number;
  body: Buffer;
}

export interface JsWeightRow {
  label: string;
  path: string;
  runtime: number;
  islands: number;
  /** Scripts from another origin (not part of the build). */
  other: number;
  total: number;
  scripts: ScriptLoad[];
}

/**
 * Bytes gzip a page type may load at first (kB of 1,024 bytes, as printed): no UI library on a
 * page whose islands are framework-free; React's runtime (~57 kB) and the islands' code on the
 * others.
 */
export const JS_TARGETS: Record<string, number> = {
  'blog post': 15 * 1024,
  gallery: 15 * 1024,
  home: 90 * 1024,
  category: 90 * 1024,
  style: 90 * 1024,
  estimator: 120 * 1024,
  checkout: 120 * 1024,
};

/**
 * The kind of each built script, by the Vite manifest: a chunk whose source is under blocks/ is
 * an island's code; a chunk the bundler split out with no source of its own (shared code) is an
 * island's when only island code imports it; everything else (the runtime entry, boot, engine,
 * node_modules, and shared chunks they import) is runtime.
 */
export function scriptKinds(distDir = buildDir()): Map<string, Exclude<ScriptKind, 'other'>> {
  const file = join(distDir, 'site', '.vite', 'manifest.json');
  const kinds = new Map<string, Exclude<ScriptKind, 'other'>>();
  if (!existsSync(file)) return kinds;
  type Chunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[] };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Chunk>;
  const island = (key: string) => (manifest[key]?.src ?? '').startsWith('blocks/');
  // Runtime spreads from every non-island chunk with a source to the shared chunks it imports.
  const runtime = new Set(Object.keys(manifest).filter((k) => manifest[k]!.src !== undefined && !island(k)));
  const queue = [...runtime];
  while (queue.length) {
    const c = manifest[queue.pop()!]!;
    for (const k of [...(c.imports ?? []), ...(c.dynamicImports ?? [])]) {
      if (runtime.has(k) || !manifest[k] || manifest[k]!.src !== undefined) continue;
      runtime.add(k);
      queue.push(k);
    }
  }
  for (const [k, c] of Object.entries(manifest))
    if (c.file.endsWith('.js')) kinds.set(`/${c.file}`, runtime.has(k) ? 'runtime' : 'island');
  return kinds;
}

// What only the authoring tools hold: the editor's and overlay's dev URLs and events, the form
// library the editor uses, the language server's protocol.
const AUTHORING = /\/__joinery\/|joinery:(?:preview|lint)|data-jv-edit|@rjsf|rjsf-|textDocument\/publishDiagnostics/;

/** The shop's built scripts and styles that hold authoring-tool code (none, when all is well), of how many. */
export function authoringCodeInBundle(distDir = buildDir()): { files: number; offending: string[] } {
  const assets = join(distDir, 'site', 'assets');
  const files = existsSync(assets) ? readdirSync(assets).filter((f) => /\.(js|css)$/.test(f)) : [];
  return { files: files.length, offending: files.filter((f) => AUTHORING.test(readFileSync(join(assets, f), 'utf8'))) };
}

export function authoringCodeLine(r: { files: number; offending: string[] }): string {
  return r.offending.length
    ? `Authoring tools' code in the shop's bundle: ${r.offending.length} of ${r.files} files (${r.offending.join(', ')})`
    : `Authoring tools' code (editor, dev overlay, language server) in the shop's bundle: none of ${r.files} files`;
}

/**
 * Settled: the load event, the islands that start at load live, then two quiet rounds in a row, a round being a frame and two idle
 * callbacks with no script request started during it and none still pending. Script loaders
 * (on load, on idle, on a visible element) have then had their turn.
 */
async function settle(page: Page, pending: Map<Request, Promise<void>>, started: () => number): Promise<void> {
  // The boot script starts the islands' runtime only once the first screen is painted (its LCP
  // image included): the islands that start at load are live first (<html data-jv-live>).
  await page.waitForFunction(
    () => document.documentElement.hasAttribute('data-jv-live') || !document.getElementById('jv-islands'),
    null,
    { timeout: 15_000 },
  );
  const round = () =>
    page.evaluate(
      () =>
        new Promise<void>((done) =>
          requestAnimationFrame(() => requestIdleCallback(() => requestIdleCallback(() => done()))),
        ),
    );
  for (let quiet = 0, rounds = 0; quiet < 2 && rounds < 200; rounds++) {
    if (pending.size) {
      await Promise.all(pending.values());
      quiet = 0;
      continue;
    }
    const before = started();
    await round();
    quiet = started() === before && !pending.size ? quiet + 1 : 0;
  }
}

/** Each page's first-load scripts; on `origin` when given (a shop serving buildDir()), else on a shop started here. */
export async function measureFirstLoadJs(
  pages = LIGHTHOUSE_PAGES,
  o: { log?: (s: string) => void; origin?: string } = {},
): Promise<JsWeightRow[]> {
  const log = o.log ?? (() => {});
  const kinds = scriptKinds();
  const shop = o.origin ? { origin: o.origin, stop: () => {} } : await startShop();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: JsWeightRow[] = [];
  try {
    for (const [label, path] of pages) {
      log(`first-load JS ${label} ${path}`);
      // A new visitor on Lighthouse's mobile screen: nothing cached, touch, 412x823 at 1.75x.
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const pending = new Map<Request, Promise<void>>();
      const ended = new Map<Request, () => void>();
      const bodies: Promise<ScriptLoad | undefined>[] = [];
      let started = 0;
      const end = (r: Request) => {
        ended.get(r)?.();
        pending.delete(r);
      };
      page.on('request', (r) => {
        if (r.resourceType() !== 'script') return;
        started++;
        pending.set(r, new Promise<void>((done) => ended.set(r, done)));
      });
      page.on('requestfailed', end);
      page.on('requestfinished', (r) => {
        if (!pending.has(r)) return;
        bodies.push(
          r.response().then(async (res) => {
            const body = res?.ok() ? await res.body() : undefined;
            if (!body) return undefined;
            const u = new URL(r.url());
            const local = u.origin === shop.origin;
            const kind: ScriptKind = local ? (kinds.get(decodeURIComponent(u.pathname)) ?? 'runtime') : 'other';
            return { url: local ? u.pathname : u.href, kind, gzip: gzipSync(body, { level: 9 }).length, body };
          }),
        );
        end(r);
      });
      await page.goto(shop.origin + path, { waitUntil: 'load' });
      await settle(page, pending, () => started);
      const scripts = (await Promise.all(bodies)).filter((s): s is ScriptLoad => !!s);
      await context.close();
      const sum = (k: ScriptKind) => scripts.filter((s) => s.kind === k).reduce((n, s) => n + s.gzip, 0);
      const row = {
        label,
        path,
        runtime: sum('runtime'),
        islands: sum('island'),
        other: sum('other'),
        total: 0,
        scripts,
      };
      row.total = row.runtime + row.islands + row.other;
      rows.push(row);
    }
  } finally {
    await browser.close();
    shop.stop();
  }
  return rows;
}

const kb = (n: number) => `${fmt(n / 1024, 1)} kB`;

export function jsWeightTable(rows: JsWeightRow[]): string {
  const other = rows.some((r) => r.other > 0);
  const head = `| page | path | runtime | islands |${other ? ' other origins |' : ''} total | scripts | target |`;
  const sep = `|---|---|---|---|${other ? '---|' : ''}---|---|---|`;
  const body = rows.map((r) => {
    const t = JS_TARGETS[r.label];
    const target = t === undefined ? '' : `≤${kb(t)} ${r.total <= t ? 'met' : 'OVER'}`;
    return `| ${r.label} | \`${r.path}\` | ${kb(r.runtime)} | ${kb(r.islands)} |${other ? ` ${kb(r.other)} |` : ''} ${kb(r.total)} | ${r.scripts.length} | ${target} |`;
  });
  return [head, sep, ...body].join('\n');
}

/** Each page's scripts, largest first, with their kind. */
export function jsWeightDetails(rows: JsWeightRow[]): string {
  return rows
    .map((r) =>
      [
        `${r.label} (${r.path}):`,
        ...[...r.scripts]
          .sort((a, b) => b.gzip - a.gzip)
          .map((s) => `  ${kb(s.gzip).padStart(9)}  ${s.kind.padEnd(7)}  ${s.url}`),
      ].join('\n'),
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2);
  const pages = only.length
    ? LIGHTHOUSE_PAGES.filter(([l, p]) => only.includes(p) || only.includes(l))
    : LIGHTHOUSE_PAGES;
  const rows = await measureFirstLoadJs(pages, { log: (s) => process.stderr.write(`${s}\n`) });
  console.log(`First-load JavaScript, gzip -9 (412x823 phone window, no input, until settled); build: ${buildDir()}`);
  console.log(jsWeightTable(rows));
  console.log(authoringCodeLine(authoringCodeInBundle()));
  if (process.env.JS_WEIGHT_DETAILS) console.log(jsWeightDetails(rows));
}
