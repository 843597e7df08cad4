/**
 * The author's loop (issue 50): the language server's diagnostics after an edit to one page of
 * the 1,000-page site, and its memory; `joinery lint --cache` cold, warm and after one edit.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { DEBOUNCE_MS } from '../cli/lsp/server.ts';
import { Workspace } from '../cli/lsp/workspace.ts';
import { ROOT } from '../cli/paths.ts';
import { fmt, median, timeIt } from './lib.ts';

const bin = join(ROOT, 'cli', 'bin.js');
/** The page edited: a generated one, its first block's type mistyped and back. */
const PAGE = 'pages/generated-500.json';
const broken = (text: string) => text.replace('"type": "heading"', '"type": "headng"');

/** Resident and peak memory of a process (kB, from /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export interface LspFigures {
  /** From the edit sent to its diagnostics published, less the debounce (ms, median and max). */
  afterDebounce: { median: number; max: number };
  /** The incremental lint alone after the edit, and a full lint of the same site, in-process (ms). */
  incremental: number;
  full: number;
  memory: { rss: number; peak: number };
}

export async function measureLanguageServer(site: string, edits = 10): Promise<LspFigures> {
  const child = spawn(process.execPath, [bin, '--site', site, 'lsp', '--stdio'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const rpc = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const uri = pathToFileURL(join(site, PAGE)).href;
  let wanted: { errors: boolean; done: () => void } | undefined;
  rpc.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    if (p.uri !== uri || !wanted) return;
    const errors = p.diagnostics.some((d) => d.code === 'unknown-block');
    if (errors === wanted.errors) wanted.done();
  });
  rpc.listen();
  const published = (errors: boolean) => new Promise<void>((done) => (wanted = { errors, done }));
  await rpc.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(site).href, capabilities: {} });
  await rpc.sendNotification('initialized', {});
  const text = readFileSync(join(site, PAGE), 'utf8');
  const first = published(false);
  await rpc.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
  await first;
  const times: number[] = [];
  for (let i = 0; i < edits; i++) {
    const errors = i % 2 === 0;
    const seen = published(errors);
    const t = performance.now();
    await rpc.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: i + 2 },
      contentChanges: [{ text: errors ? broken(text) : text }],
    });
    await seen;
    times.push(performance.now() - t - DEBOUNCE_MS);
  }
  const memory = memoryOf(child.pid!);
  rpc.dispose();
  child.kill();

  // The same edit in-process: what the server computes after the debounce.
  const ws = new Workspace(site);
  ws.lint();
  let n = 0;
  const incremental = timeIt(() => {
    ws.setText(PAGE, n++ % 2 === 0 ? broken(text) : text);
    return ws.lint();
  }, edits).ms;
  const full = timeIt(() => new Workspace(site).lint(), 3).ms;
  return { afterDebounce: { median: median(times), max: Math.max(...times) }, incremental, full, memory };
}

export interface CacheFigures {
  cold: number;
  warm: number;
  /** Warm, after one page (pages/about-us.json) was edited. */
  edited: number;
}

/** Wall time of `joinery lint --cache` (process start included): cold, warm, and after one edit. */
export function measureLintCache(site: string, runs = 3): CacheFigures {
  const dir = mkdtempSync(join(tmpdir(), 'joinery-bench-cache-'));
  const cache = join(dir, 'lint.json');
  const lint = () => {
    const t = performance.now();
    spawnSync(process.execPath, [bin, '--site', site, 'lint', '--cache-location', cache], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    return performance.now() - t;
  };
  const cold: number[] = [];
  const warm: number[] = [];
  const edited: number[] = [];
  const page = join(site, 'pages', 'about-us.json');
  const text = readFileSync(page, 'utf8');
  for (let i = 0; i < runs; i++) {
    rmSync(cache, { force: true });
    cold.push(lint());
    warm.push(lint());
    // A page of both sites, its text changed (a trailing newline more or less).
    writeFileSync(page, i % 2 === 0 ? `${text}\n` : text);
    edited.push(lint());
  }
  writeFileSync(page, text);
  rmSync(dir, { recursive: true, force: true });
  return { cold: median(cold), warm: median(warm), edited: median(edited) };
}

const ms = (n: number) => `${fmt(n)} ms`;

export function lspLines(f: LspFigures): string[] {
  return [
    `language server, 1,000-page site: diagnostics after the debounce  ${ms(f.afterDebounce.median)} median, ${ms(f.afterDebounce.max)} max (target <= 100 ms)`,
    `  its lint in-process: incremental ${ms(f.incremental)} vs full ${ms(f.full)} (${fmt(f.full / f.incremental, 1)}x)`,
    `  server process memory: ${fmt(f.memory.rss / 1024)} MB resident, ${fmt(f.memory.peak / 1024)} MB peak`,
  ];
}

export function cacheLine(label: string, f: CacheFigures, target: string): string {
  return `joinery lint --cache, ${label}: cold ${ms(f.cold)}, warm ${ms(f.warm)}, one page edited ${ms(f.edited)} (target ${target})`;
}
