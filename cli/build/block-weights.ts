/**
 * What each block ships, gzip: its island's JavaScript (the chunk of its component, or of its
 * client.ts, with the chunks only it pulls in: none the runtime or another block's island loads)
 * and its styles (its folder's CSS, without comments and spaces). A static block ships no
 * JavaScript. Read from a build's Vite manifest and server bundle; the build warns for each
 * block over the `budget` its definition sets, `npm run bench` and the block gallery show them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import postcss from 'postcss';
import type { BlockRegistry } from '../../engine/node.ts';
import type { Manifest } from '../../engine/prerender/assets.ts';
import { BLOCKS_DIR } from '../paths.ts';

export interface BlockWeight {
  type: string;
  /** 'static', or the island's start and code ("load component"). */
  kind: string;
  /** gzip bytes of its own chunk and the chunks it alone imports. */
  js: number;
  /** gzip bytes of the chunks it shares with other islands (not the runtime's). */
  sharedJs: number;
  /** gzip bytes of its folder's CSS, minified. */
  css: number;
  budget?: { js?: number; css?: number };
}

const gzip = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

/** The chunks `root` imports, itself included (and those it loads later, with `lazy`). */
function reach(manifest: Manifest, root: string, lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [root];
  while (queue.length) {
    const k = queue.pop()!;
    if (seen.has(k) || !manifest[k]) continue;
    seen.add(k);
    queue.push(...(manifest[k]!.imports ?? []), ...(lazy ? (manifest[k]!.dynamicImports ?? []) : []));
  }
  return seen;
}

/** CSS as the build ships it, near enough: no comments, no spaces between tokens. */
function compactCss(source: string): string {
  const root = postcss.parse(source);
  root.walkComments((c) => {
    c.remove();
  });
  root.walk((n) => {
    n.raws.before = '';
    n.raws.after = '';
    if ('between' in n.raws) n.raws.between = n.type === 'decl' ? ':' : '';
    if (n.type === 'rule' || n.type === 'atrule') n.raws.semicolon = false;
  });
  root.raws.after = '';
  return root.toString();
}

function cssBytes(type: string, blocksDir: string): number {
  const dir = join(blocksDir, type);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.css'))
    .sort()
    .reduce((n, f) => n + gzip(compactCss(readFileSync(join(dir, f), 'utf8'))), 0);
}

/** The weight of every block of `registry`, by the build in `distDir` (dist/). */
export function blockWeights(
  distDir: string,
  registry: BlockRegistry,
  { blocksDir = BLOCKS_DIR, types = Object.keys(registry) }: { blocksDir?: string; types?: string[] } = {},
): BlockWeight[] {
  const manifest = JSON.parse(readFileSync(join(distDir, 'site', '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const keyOf = (t: string) =>
    registry[t]?.island?.code === 'client' ? `blocks/${t}/client.ts` : `blocks/${t}/index.tsx`;
  const islands = Object.keys(registry).filter((t) => registry[t]!.island);
  // The runtime: the entries and what they import statically (a block's chunk is a dynamic import).
  const runtime = new Set<string>();
  for (const [k, c] of Object.entries(manifest))
    if (c.isEntry) for (const r of reach(manifest, k, false)) runtime.add(r);
  const closures = new Map(
    islands.map((t) => [t, [...reach(manifest, keyOf(t), true)].filter((k) => !runtime.has(k))]),
  );
  const users = new Map<string, number>();
  for (const ks of closures.values()) for (const k of ks) users.set(k, (users.get(k) ?? 0) + 1);
  const size = (k: string) => {
    const file = join(distDir, 'site', manifest[k]!.file);
    return existsSync(file) ? gzip(readFileSync(file)) : 0;
  };
  return types
    .filter((t) => registry[t])
    .sort()
    .map((type) => {
      const def = registry[type]!;
      const ks = closures.get(type) ?? [];
      const sum = (pick: (k: string) => boolean) => ks.filter(pick).reduce((n, k) => n + size(k), 0);
      return {
        type,
        kind: def.island ? `${def.island.start} ${def.island.code}` : 'static',
        js: sum((k) => users.get(k) === 1),
        sharedJs: sum((k) => (users.get(k) ?? 0) > 1),
        css: existsSync(join(blocksDir, type)) ? cssBytes(type, blocksDir) : 0,
        budget: def.budget,
      };
    });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** One line per block of the build in `distDir` that weighs more than its budget. */
export const budgetWarnings = (distDir: string, registry: BlockRegistry): string[] =>
  overBudget(blockWeights(distDir, registry, { types: Object.keys(registry).filter((t) => registry[t]!.budget) }));

/** One line per block over its budget: "banner: JavaScript 21.3 kB gzip over its budget of 20 kB". */
export function overBudget(weights: BlockWeight[]): string[] {
  const lines: string[] = [];
  for (const w of weights) {
    if (w.budget?.js !== undefined && w.js > w.budget.js * 1024)
      lines.push(`${w.type}: JavaScript ${kb(w.js)} kB gzip over its budget of ${w.budget.js} kB`);
    if (w.budget?.css !== undefined && w.css > w.budget.css * 1024)
      lines.push(`${w.type}: CSS ${kb(w.css)} kB gzip over its budget of ${w.budget.css} kB`);
  }
  return lines;
}

/** The table `npm run bench` prints. */
export function weightTable(weights: BlockWeight[]): string {
  const head = ['block', 'island', 'JS own', 'JS shared', 'CSS', 'budget'];
  const rows = weights.map((w) => [
    w.type,
    w.kind,
    w.js ? kb(w.js) : '-',
    w.sharedJs ? kb(w.sharedJs) : '-',
    kb(w.css),
    w.budget
      ? [w.budget.js && `JS ${w.budget.js}`, w.budget.css && `CSS ${w.budget.css}`].filter(Boolean).join(', ')
      : '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line), '(kB gzip; JS own: its island chunk and the chunks only it loads)'].join('\n');
}
