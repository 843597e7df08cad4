/**
 * Interaction latency (what INP measures) on the built site: a phone-sized window, the CPU
 * slowed 4x as Lighthouse's mobile setting does, each interaction on a fresh page once it has
 * settled. The figure is the longest Event Timing entry of the interaction's events (input delay,
 * handlers and the next paint), median of RUNS (5) fresh pages. Needs a build.
 * Run alone: node --import tsx bench/interactions.ts. Printed, never asserted.
 */
import { chromium, type Page } from '@playwright/test';
import { fmt, median } from './lib.ts';
import { startShop } from './lighthouse.ts';

const RUNS = Number(process.env.INTERACTION_RUNS ?? 5);
const CPU_SLOWDOWN = 4;

const listing = (p: Page) => p.getByRole('region', { name: /Browse every style|Choose your style/ });

export const INTERACTIONS: [label: string, path: string, act: (p: Page) => Promise<void>][] = [
  [
    'category: sort (keyboard)',
    '/products/kitchen-cabinets',
    async (p) => {
      await listing(p).getByLabel('Sort by').focus();
      await p.keyboard.press('ArrowDown');
    },
  ],
  [
    'category: open a filter, tick a box',
    '/products/kitchen-cabinets',
    async (p) => {
      await listing(p).locator('summary', { hasText: 'Door style' }).click();
      await listing(p).getByRole('checkbox', { name: /^Slab/ }).check();
    },
  ],
  [
    'category: follow a style link',
    '/products/kitchen-cabinets',
    async (p) => {
      await listing(p).getByRole('article').first().getByRole('link').first().click();
      await p.waitForURL(/\/products\/kitchen-cabinets\/.+\/.+/);
    },
  ],
  [
    'style: choose a paint finish',
    '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton',
    async (p) => {
      await p.getByRole('group', { name: 'Paint colors' }).getByRole('radio').nth(3).check();
    },
  ],
  [
    'style: Samples tab, Add to Cart',
    '/products/kitchen-cabinets/rta-kitchen-cabinets/aw',
    async (p) => {
      await p.getByRole('tab', { name: 'Samples' }).click();
      await p.getByRole('button', { name: 'Add to Cart' }).first().click();
    },
  ],
  [
    'home: open the menu',
    '/',
    async (p) => {
      await p.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    },
  ],
  [
    'estimator: choose two options',
    '/estimator',
    async (p) => {
      const form = p.getByRole('form', { name: 'Your kitchen estimate' });
      await form.getByRole('radio', { name: /^Remodel/ }).check();
      await form.getByRole('radio', { name: /^Medium/ }).check();
    },
  ],
];

/** The longest Event Timing duration per interaction of the page, since the last reset. */
const OBSERVE = `(() => {
  window.__interactions = new Map();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__interactions.set(e.interactionId, Math.max(e.duration, window.__interactions.get(e.interactionId) ?? 0));
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})()`;

export async function runInteractions(
  log: (s: string) => void = () => {},
): Promise<{ label: string; path: string; ms: number; runs: number[] }[]> {
  const shop = await startShop();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: { label: string; path: string; ms: number; runs: number[] }[] = [];
  try {
    for (const [label, path, act] of INTERACTIONS) {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        log(`interaction ${label} run ${i + 1}`);
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: false,
        });
        const page = await context.newPage();
        await page.addInitScript({ content: OBSERVE });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.goto(shop.origin + path, { waitUntil: 'load' });
        // Settled: the entry has hydrated and the idle-time chunks have had their turn.
        await page.waitForTimeout(2_000);
        await page.evaluate('window.__interactions.clear()');
        await act(page);
        await page.waitForTimeout(500);
        runs.push(await page.evaluate('Math.max(0, ...window.__interactions.values())'));
        await context.close();
      }
      rows.push({ label, path, ms: median(runs), runs });
    }
  } finally {
    await browser.close();
    shop.stop();
  }
  return rows;
}

export function interactionsTable(rows: { label: string; path: string; ms: number; runs: number[] }[]): string {
  const head = '| interaction | path | median | runs (ms) |';
  const sep = '|---|---|---|---|';
  return [
    head,
    sep,
    ...rows.map((r) => `| ${r.label} | \`${r.path}\` | ${fmt(r.ms)} ms | ${r.runs.join(', ')} |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runInteractions((s) => process.stderr.write(`${s}\n`));
  console.log(interactionsTable(rows));
}
