/**
 * Lighthouse (mobile defaults: simulated slow 4G, a mid-range phone's CPU) on each page type of
 * the built site, as a new visitor sees it: `joinery start` serves dist/ (or JOINERY_DIST_DIR) on a free loopback port,
 * Debian's Chromium runs each page RUNS times (3) and the medians are printed as a table, with
 * Lighthouse's benchmarkIndex of the machine (its rough CPU speed), the main-thread
 * work and JavaScript execution per page, and the script bytes the page transferred without input.
 * Needs a build. Run alone: node --import tsx bench/lighthouse.ts [path...]. Printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { ROOT } from '../cli/paths.ts';
import { fmt, median, START_NODE_FLAGS } from './lib.ts';
import { lighthouseOnThreadTime } from './lighthouse-thread-time.ts';

export const LIGHTHOUSE_PAGES: [label: string, path: string][] = [
  ['home', '/'],
  ['category', '/products/kitchen-cabinets'],
  ['sub-category', '/products/kitchen-cabinets/rta-kitchen-cabinets'],
  ['style', '/products/kitchen-cabinets/rta-kitchen-cabinets/aw'],
  ['blog post', '/blogs/top-10-kitchens-designs'],
  ['gallery', '/inspiration-gallery/shaker-green'],
  ['estimator', '/estimator'],
  ['checkout', '/checkout'],
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * LIGHTHOUSE_CPU_SLOWDOWN=N: the simulated phone's CPU N times slower than this machine instead of
 * Lighthouse's 4, to stand for a slower machine: 4 × (this benchmarkIndex / that one's), e.g. 7.5
 * on a machine of 2,600 for one of about 1,400.
 * LIGHTHOUSE_AS_INDEX=N: that slowdown worked out here: a first run measures this machine's
 * benchmarkIndex (it moves with the load), and every run then slows 4 × (it / N).
 */
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
const AS_INDEX = process.env.LIGHTHOUSE_AS_INDEX ? Number(process.env.LIGHTHOUSE_AS_INDEX) : undefined;
const THREAD_TIME = process.env.LIGHTHOUSE_THREAD_TIME === '1';
/** The slowdown of the last runLighthouse (4: Lighthouse's own). */
let slowdownUsed = 4;
const configFor = (slowdown: number | undefined) =>
  slowdown
    ? {
        extends: 'lighthouse:default',
        settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } },
      }
    : undefined;
// The flags of playwright.config.ts, plus headless and no shared-memory use (containers).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** `siteDir`: the content the server reads (the shop's site-config/ when not given). */
export async function startShop(siteDir?: string): Promise<{ origin: string; stop: () => void }> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'joinery-lighthouse-'));
  const child = spawn(
    process.execPath,
    [
      ...START_NODE_FLAGS,
      join(ROOT, 'cli', 'bin.js'),
      'start',
      '--port',
      String(port),
      ...(siteDir ? ['--site', siteDir] : []),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', JOINERY_DATA_DIR: data, JOINERY_LOG_REQUESTS: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`joinery start exited with ${child.exitCode}`);
    if (
      await fetch(`${origin}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { origin, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error('joinery start did not answer within 30 s');
}

export interface LighthouseRow {
  label: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Main-thread work (audit mainthread-work-breakdown), ms. */
  mainThread: number;
  /** JavaScript execution (audit bootup-time), ms. */
  bootup: number;
  /** Bytes of the scripts the page loaded without input, as transferred: compressed bodies and response headers (audit network-requests). */
  jsTransfer: number;
  /** lhr.environment.benchmarkIndex of each run that completed. */
  benchmarkIndexes: number[];
  /** Runs that completed (of RUNS). */
  runs: number;
  /** Audits of the last run that did not pass, for the reader to act on. */
  failing: string[];
}

/** The elements an audit names (LIGHTHOUSE_DETAILS=1), to find what to fix. */
function detailNodes(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const nodes = items
    .flatMap((it) => Object.values(it))
    .filter(
      (v): v is { type: string; selector?: string; snippet?: string } =>
        !!v && typeof v === 'object' && (v as { type?: string }).type === 'node',
    );
  return nodes
    .slice(0, 6)
    .map((n) => `[${n.selector} ${n.snippet?.slice(0, 80)}]`)
    .join(' ');
}

export async function runLighthouse(
  pages = LIGHTHOUSE_PAGES,
  runs = RUNS,
  log: (s: string) => void = () => {},
  siteDir?: string,
): Promise<LighthouseRow[]> {
  const shop = await startShop(siteDir);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const rows: LighthouseRow[] = [];
  try {
    let slowdown = CPU_SLOWDOWN;
    if (!slowdown && AS_INDEX && pages[0]) {
      log(`lighthouse: measuring this machine's benchmarkIndex to stand for one of ${AS_INDEX}`);
      const probe = await lighthouse(shop.origin + pages[0][1], {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      slowdown = Math.round((4 * probe!.lhr.environment.benchmarkIndex * 10) / AS_INDEX) / 10;
    }
    slowdownUsed = slowdown ?? 4;
    const lighthouseConfig = configFor(slowdown);
    for (const [label, path] of pages) {
      const runsOf: LighthouseRow[] = [];
      // A failed run is tried again (twice at most in all), so the median is of `runs` runs.
      for (let i = 0; runsOf.length < runs && i < runs + 2; i++) {
        log(`lighthouse ${label} ${path} run ${i + 1} (${runsOf.length}/${runs} done)`);
        const flags = { port: chrome.port, output: 'json', logLevel: 'error' } as const;
        const r = THREAD_TIME
          ? await lighthouseOnThreadTime(shop.origin + path, flags, lighthouseConfig)
          : await lighthouse(shop.origin + path, flags, lighthouseConfig);
        const lhr = r!.lhr;
        // LIGHTHOUSE_SAVE=DIR keeps each report (long tasks, bootup time ...) and its trace to study.
        if (process.env.LIGHTHOUSE_SAVE) {
          const name = join(process.env.LIGHTHOUSE_SAVE, `${label.replace(/\W+/g, '-')}-${i + 1}`);
          writeFileSync(`${name}.json`, JSON.stringify(lhr));
          writeFileSync(`${name}.trace.json`, JSON.stringify(r!.artifacts.Trace));
        }
        // A run Chrome could not complete (e.g. no paint seen under heavy load) has no figures: left out, and tried again.
        if (lhr.runtimeError) {
          log(`  ${label}: run ${i + 1} failed: ${lhr.runtimeError.code}`);
          continue;
        }
        const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
        const num = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
        const failing = Object.values(lhr.categories)
          .flatMap((c) => c.auditRefs.filter((a) => a.weight > 0).map((a) => lhr.audits[a.id]!))
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'notApplicable',
          )
          .map(
            (a) =>
              `${a.id} (${a.displayValue ?? fmt((a.score ?? 0) * 100)})${process.env.LIGHTHOUSE_DETAILS ? ` ${detailNodes(a.details)}` : ''}`,
          );
        const requests =
          (
            lhr.audits['network-requests']?.details as
              | { items?: { resourceType?: string; transferSize?: number }[] }
              | undefined
          )?.items ?? [];
        const jsTransfer = requests
          .filter((q) => q.resourceType === 'Script')
          .reduce((n, q) => n + (q.transferSize ?? 0), 0);
        runsOf.push({
          runs: 1,
          label,
          path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcp: num('largest-contentful-paint'),
          fcp: num('first-contentful-paint'),
          tbt: num('total-blocking-time'),
          cls: num('cumulative-layout-shift'),
          mainThread: num('mainthread-work-breakdown'),
          bootup: num('bootup-time'),
          jsTransfer,
          benchmarkIndexes: [lhr.environment.benchmarkIndex],
          failing: [...new Set(failing)],
        });
      }
      if (!runsOf.length) continue;
      const m = (k: keyof LighthouseRow) => median(runsOf.map((x) => x[k] as number));
      rows.push({
        runs: runsOf.length,
        label,
        path,
        performance: m('performance'),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        seo: m('seo'),
        lcp: m('lcp'),
        fcp: m('fcp'),
        tbt: m('tbt'),
        cls: m('cls'),
        mainThread: m('mainThread'),
        bootup: m('bootup'),
        jsTransfer: m('jsTransfer'),
        benchmarkIndexes: runsOf.flatMap((x) => x.benchmarkIndexes),
        failing: runsOf.at(-1)!.failing,
      });
    }
  } finally {
    chrome.kill();
    shop.stop();
  }
  return rows;
}

/** The machine's benchmarkIndex, median over every run; then the table. */
export function lighthouseTable(rows: LighthouseRow[]): string {
  const indexes = rows.flatMap((r) => r.benchmarkIndexes);
  const machine = indexes.length
    ? `benchmarkIndex ${fmt(median(indexes))} (median of ${indexes.length} runs, ${fmt(Math.min(...indexes))} to ${fmt(Math.max(...indexes))}; Lighthouse's rough CPU speed of this machine, which its simulation slowed ${slowdownUsed}x${AS_INDEX && !CPU_SLOWDOWN ? `, to stand for a machine of ${fmt(AS_INDEX)}` : ''}; Chrome DevTools takes a Pixel 5 as 1,000)`
    : 'benchmarkIndex: no run completed';
  const head =
    '| page | path | perf | a11y | best pr. | SEO | LCP | FCP | TBT | CLS | main thread | JS execution | JS transferred | runs |';
  const sep = '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const s = (ms: number) => `${fmt(ms / 1000, 2)} s`;
  const body = rows.map(
    (r) =>
      `| ${r.label} | \`${r.path}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${s(r.lcp)} | ${s(r.fcp)} | ${fmt(r.tbt)} ms | ${fmt(r.cls, 3)} | ${fmt(r.mainThread)} ms | ${fmt(r.bootup)} ms | ${fmt(r.jsTransfer / 1024, 1)} kB | ${r.runs} |`,
  );
  return [machine, '', head, sep, ...body].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2);
  const pages = only.length
    ? LIGHTHOUSE_PAGES.filter(([l, p]) => only.includes(p) || only.includes(l))
    : LIGHTHOUSE_PAGES;
  const rows = await runLighthouse(pages, RUNS, (s) => process.stderr.write(`${s}\n`));
  console.log(
    `Lighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile defaults (simulated slow 4G)${THREAD_TIME ? ', main-thread tasks at their thread CPU time' : ''}; load: ${(
      await import('node:os')
    )
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(lighthouseTable(rows));
  for (const r of rows) if (r.failing.length) console.log(`${r.label}: ${r.failing.join(', ')}`);
}
