/** Small timing helpers for the benchmarks (figures are printed, never asserted). */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The flags Node runs `joinery` with: those on cli/bin.js's first line (`#!/usr/bin/env -S node
 * --max-semi-space-size=64`). A server a benchmark starts itself, with `process.execPath`, passes
 * them so that it runs as the shipped command does.
 */
export const SHIPPED_NODE_FLAGS: readonly string[] = readFileSync(new URL('../cli/bin.js', import.meta.url), 'utf8')
  .split('\n', 1)[0]!
  .split(' ')
  .filter((a) => a.startsWith('--'));

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

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Scripts a page loads at first: the module script, and what the boot script starts (entry, preloads). */
export function firstLoadScripts(html: string): string[] {
  const tags = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]!);
  const boot = /<script type="module" src="[^"]+" data-jv-entry="([^"]+)" data-jv-preload="([^"]*)"/.exec(html);
  return [...tags, ...(boot ? [boot[1]!, ...boot[2]!.split(' ').filter(Boolean)] : [])];
}
