/**
 * Page views served per second: `joinery start` on the built site (dist/, or JOINERY_DIST_DIR)
 * in a child process, autocannon here with 32 connections asking, as a browser does, for a page's
 * HTML and then its scripts (those a browser loads without input) and stylesheet with
 * `Accept-Encoding: gzip, deflate, br`. Prints requests per second,
 * the server's CPU per request and the bytes sent per page view. Needs a build.
 * Run: node --import tsx bench/pages-served.ts [seconds]. Printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../cli/paths.ts';
import { measureFirstLoadJs } from './js-weight.ts';
import { buildDir, fmt, START_NODE_FLAGS } from './lib.ts';

const SECONDS = Number(process.argv[2]) || 5;
const PAGE = '/products/kitchen-cabinets';

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (o: Record<string, unknown>, cb: (err: Error | null, r: Result) => void) => unknown;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** The page's own requests: its HTML, the scripts a browser loads without input and its stylesheets. */
async function pageRequests(origin: string): Promise<string[]> {
  const html = readFileSync(join(buildDir(), 'site', PAGE.slice(1), 'index.html'), 'utf8');
  const css = [...new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!))];
  const [js] = await measureFirstLoadJs([[PAGE, PAGE]], { origin });
  return [PAGE, ...js!.scripts.filter((s) => s.kind !== 'other').map((s) => s.url), ...css];
}

async function main() {
  const data = mkdtempSync(join(tmpdir(), 'joinery-bench-pages-'));
  const child = spawn(process.execPath, [...START_NODE_FLAGS, join(ROOT, 'cli', 'bin.js'), 'start', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', JOINERY_DATA_DIR: data, JOINERY_LOG_REQUESTS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d;
        const m = /https?:\/\/[^\s:]+:(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`joinery start exited with ${code}`)));
    });
    const origin = `http://127.0.0.1:${port}`;
    const paths = await pageRequests(origin);
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    // One view first: what a page view sends, and a warm server.
    let bytes = 0;
    for (const p of paths) bytes += await bytesOf(origin + p, headers);
    const cpu0 = await cpuOf(child.pid!);
    const started = performance.now();
    const r = await new Promise<Result>((resolve, reject) =>
      autocannon(
        {
          url: origin,
          connections: 32,
          duration: SECONDS,
          requests: paths.map((path) => ({ method: 'GET', path, headers })),
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      ),
    );
    const wall = (performance.now() - started) / 1000;
    const cpuMs = (await cpuOf(child.pid!)) - cpu0;
    const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);
    line(
      `requests of a page view (${PAGE}: HTML, ${paths.length - 1} scripts and stylesheets)`,
      `${fmt(r.requests.total / wall)} req/s, ${fmt(r.requests.total / paths.length / wall)} page views/s`,
    );
    line(
      'request latency (p50 / p99)',
      `${fmt(r.latency.p50, 1)} ms / ${fmt(r.latency.p99, 1)} ms (${r.non2xx} non-2xx, ${r.errors} errors)`,
    );
    line('server CPU per request', `${fmt(cpuMs / r.requests.total, 3)} ms`);
    line('bytes sent per page view (Accept-Encoding: gzip, deflate, br)', `${fmt(bytes / 1024, 1)} kB`);
  } finally {
    child.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  }
}

/** The bytes of a response as sent (fetch would hand them decompressed). */
function bytesOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) =>
    get(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (d: Buffer) => (n += d.length));
      res.on('end', () => resolve(n));
    }).once('error', reject),
  );
}

/** A process's user + system CPU so far, in ms (Linux /proc; clock ticks of 10 ms). */
async function cpuOf(pid: number): Promise<number> {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

await main();
