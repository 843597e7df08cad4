/**
 * The author's loop and the server's start (issue 50): each figure beside its target, with the
 * machine's benchmarkIndex (Lighthouse's CPU index, computed here in Node) and load average.
 * Run alone: `node --import tsx bench/cli-speed.ts` (it builds first); `npm run bench` runs it too.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { ROOT } from '../cli/paths.ts';
import { generateSite } from './generate-site.ts';
import { freePort } from './lighthouse.ts';
import { fmt, median, START_NODE_FLAGS, wallTime } from './lib.ts';

const BIN = join(ROOT, 'cli', 'bin.js');
const line = (label: string, value: string, target: string) =>
  console.log(`${label.padEnd(50)} ${value.padEnd(30)} target ${target}`);

/** Resident memory of a running process (MB). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Spawns the command and resolves, after the first 200 from `url(stdout)`, with ms since spawn and the RSS then. */
function untilFirstPage(
  args: string[],
  env: NodeJS.ProcessEnv,
  urlOf: (stdout: string) => string | undefined,
): Promise<{ ms: number; rss: number; child: ChildProcess }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  return new Promise((resolve, reject) => {
    let asking = false;
    const ask = async () => {
      const url = urlOf(out);
      if (!url || asking) return;
      asking = true;
      // The server is up when it says so; the dev server's first page may still be a moment away.
      for (;;) {
        const r = await fetch(url).catch(() => undefined);
        if (r?.status === 200) {
          await r.text();
          return resolve({ ms: performance.now() - t0, rss: rssMb(child.pid!), child });
        }
        if (child.exitCode !== null) return reject(new Error(`${args.join(' ')} exited ${child.exitCode}`));
      }
    };
    child.stdout!.on('data', (d) => {
      out += d;
      void ask();
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code} before its first page`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** `joinery start` on the built site: ms from launch to the home page answered, and its RSS then (median of runs). */
async function startToFirstPage(runs: number) {
  const results: { ms: number; rss: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const data = mkdtempSync(join(tmpdir(), 'joinery-start-bench-'));
    const { ms, rss, child } = await untilFirstPage(
      [...START_NODE_FLAGS, BIN, 'start', '--port', '0'],
      { ...process.env, JOINERY_DATA_DIR: data, JOINERY_LOG_REQUESTS: '0' },
      (out) => /running at (http:\/\/\S+)/.exec(out)?.[1],
    );
    results.push({ ms, rss });
    await stop(child);
    rmSync(data, { recursive: true, force: true });
  }
  return { ms: median(results.map((r) => r.ms)), rss: median(results.map((r) => r.rss)) };
}

/** `joinery dev` on a copy of the site, started twice: ms to the home page on the second start. */
async function devSecondStart() {
  const dir = mkdtempSync(join(tmpdir(), 'joinery-dev-start-bench-'));
  const site = join(dir, 'site-config');
  cpSync(join(ROOT, 'site-config'), site, { recursive: true });
  const times: number[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const { ms, child } = await untilFirstPage(
        [BIN, 'dev', '--site', site, '--port', String(port)],
        { ...process.env, JOINERY_DATA_DIR: join(dir, 'data'), NODE_ENV: 'development' },
        () => `http://127.0.0.1:${port}/`,
      );
      times.push(ms);
      await stop(child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { first: times[0]!, second: times[1]! };
}

/** Prints every figure of the section; `buildMs` is the wall time of a `joinery build` of the shipped site. */
export async function printCliSpeed(buildMs: number) {
  const index = pageFunctions.computeBenchmarkIndex();
  console.log(
    `benchmarkIndex ${fmt(index)} (Node; the targets were set at ~1,250), load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const bare = wallTime(process.execPath, ['-e', '0'], 7, ROOT);
  line('node -e 0 (wall, median of 7)', `${fmt(bare.ms)} ms`, '');
  const help = wallTime(process.execPath, [BIN, '--help'], 7, ROOT);
  line('joinery --help (wall)', `${fmt(help.ms)} ms = ${fmt(help.ms / bare.ms, 1)}x node`, '<= 2x node');
  const lint = wallTime(process.execPath, [BIN, 'lint'], 5, ROOT);
  line(
    'joinery lint, shipped site (wall)',
    `${fmt(lint.ms)} ms = ${fmt(lint.ms / bare.ms, 1)}x node (exit ${lint.status})`,
    '<= 3x node',
  );
  const big = generateSite(join(ROOT, 'site-config'), 1000);
  const lintBig = wallTime(process.execPath, [BIN, '--site', big, 'lint'], 3, ROOT);
  rmSync(big, { recursive: true, force: true });
  line('joinery lint, 1,000-page site (wall)', `${fmt(lintBig.ms)} ms (exit ${lintBig.status})`, '<= 3,000 ms');
  line('joinery build, shipped site (wall)', `${fmt(buildMs)} ms`, '<= 5,000 ms (at ~1,250)');
  const dev = await devSecondStart();
  line(
    'joinery dev, first page on a second start',
    `${fmt(dev.second)} ms (first start ${fmt(dev.first)} ms)`,
    '<= 2,000 ms',
  );
  const start = await startToFirstPage(3);
  line('joinery start, launch to first page answered', `${fmt(start.ms)} ms`, '<= 1,000 ms');
  line('joinery start, resident memory after it', `${fmt(start.rss)} MB`, '(quoted)');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  spawnSync(process.execPath, [BIN, '--help'], { stdio: 'ignore' });
  const t = performance.now();
  if (spawnSync(process.execPath, [BIN, 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  await printCliSpeed(performance.now() - t);
}
