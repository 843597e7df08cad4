/** Small timing helpers for the benchmarks (figures are printed, never asserted). */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DIST_DIR } from '../cli/paths.ts';

/**
 * The Node flags `npm start` serves the shop with (package.json: `node <flags> cli/bin.js start`).
 * A server a benchmark starts itself passes them, so that it runs as the shop does.
 */
export const START_NODE_FLAGS: readonly string[] = (() => {
  const start = (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const flags = /\bnode((?: --\S+)*) cli\/bin\.js start\b/.exec(start)?.[1];
  if (flags === undefined)
    throw new Error(`bench: package.json's start script does not run "node ... cli/bin.js start": ${start}`);
  return flags.split(' ').filter(Boolean);
})();

/** The build the bench measures: JOINERY_DIST_DIR (as `joinery start` reads it), else dist/. */
export const buildDir = (): string => (process.env.JOINERY_DIST_DIR ? resolve(process.env.JOINERY_DIST_DIR) : DIST_DIR);

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Wall time of a whole command, process start included (ms, median of runs). */
export function wallTime(cmd: string, args: string[], runs = 5, cwd?: string): { ms: number; status: number | null } {
  const times: number[] = [];
  let status: number | null = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = spawnSync(cmd, args, { cwd, stdio: 'ignore' });
    times.push(performance.now() - t);
    status = r.status;
  }
  return { ms: median(times), status };
}

export function timeIt<T>(fn: () => T, runs = 5): { ms: number; result: T } {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = fn();
    times.push(performance.now() - t);
  }
  return { ms: median(times), result };
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
