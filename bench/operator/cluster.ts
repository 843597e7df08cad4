/**
 * What the operator run starts and stops: a private PostgreSQL (server/testing/postgres.ts) that
 * can be restarted with `pg_ctl restart -m fast`, `joinery start` processes on fixed loopback
 * ports (so one can be killed and started again on its port), and HAProxy in front of them.
 * Everything started is registered with `cleanup`, which ends it on exit, Ctrl-C or an error.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, writeFileSync, type WriteStream } from 'node:fs';
import { createServer, connect, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../../server/config.ts';
import { postgresBinDir } from '../../server/testing/index.ts';
import { START_NODE_FLAGS } from '../lib.ts';

// ---------------------------------------------------------------- cleanup

const cleanups: { name: string; run: () => Promise<void> | void }[] = [];

/** Registers how to end something started; the last registered is ended first. */
export function onCleanup(name: string, run: () => Promise<void> | void): void {
  cleanups.push({ name, run });
}

let cleaning: Promise<void> | undefined;
/** Ends everything registered, each at most once, in reverse order; errors are printed, not thrown. */
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const c of cleanups.splice(0).reverse()) {
      try {
        await c.run();
      } catch (e) {
        console.error(`operator-run: stopping ${c.name}: ${(e as Error).message}`);
      }
    }
  })();
  return cleaning;
}

// ---------------------------------------------------------------- ports

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once something accepts connections on 127.0.0.1:port (polled, bounded). */
async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '127.0.0.1', port }, () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- PostgreSQL restart

const asRoot = process.getuid?.() === 0;

/**
 * `pg_ctl restart -m fast` of the server behind `url` (its data folder asked of the server
 * itself; pg_ctl reuses the options it was started with). Asynchronous: the load goes on.
 * Resolves with how long the restart took.
 */
export async function restartPostgres(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dataDir = String((await client.query('show data_directory')).rows[0].data_directory);
  await client.end();
  const pgCtl = join(postgresBinDir()!, 'pg_ctl');
  // server/testing/postgres.ts logs to postgres.log beside the data folder.
  const args = ['-D', dataDir, '-l', join(dirname(dataDir), 'postgres.log'), '-m', 'fast', '-w', '-t', '60', 'restart'];
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', pgCtl, ...args]] : [pgCtl, args];
  const started = performance.now();
  await new Promise<void>((resolve, reject) =>
    execFile(cmd, argv, { timeout: 90_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`pg_ctl restart: ${stderr || error.message}`)) : resolve(),
    ),
  );
  return performance.now() - started;
}

// ---------------------------------------------------------------- joinery servers

/** The logger's lines for errors nothing handled (server/process-guard.ts). */
const UNCAUGHT_LINE = /^joinery: (uncaught exception|unhandled promise rejection) \(a bug; still serving\):/;

export class JoineryServer {
  child: ChildProcess | undefined;
  /** Lines of stderr that are the process guard's (over every life of this server). */
  readonly uncaught: string[] = [];
  starts = 0;
  #log: WriteStream;
  #exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: Record<string, string>,
    logDir: string,
    /** Before the command (`--site DIR`). */
    readonly globalArgs: string[] = [],
  ) {
    this.#log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
    onCleanup(`server ${name}`, () => this.stop());
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts `joinery start --port <port>` and resolves once it listens. */
  start(timeoutMs = 120_000): Promise<void> {
    const args = [...START_NODE_FLAGS, 'cli/bin.js', ...this.globalArgs, 'start', '--port', String(this.port)];
    const child = spawn(process.execPath, args, {
      cwd: PROJECT_ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts++;
    this.#log.write(`--- start ${this.starts} (pid ${child.pid}) ${new Date().toISOString()}\n`);
    this.#exited = new Promise((resolve) => child.once('exit', () => resolve()));
    let stderrRest = '';
    child.stderr!.on('data', (c: Buffer) => {
      this.#log.write(c);
      const lines = (stderrRest + c.toString()).split('\n');
      stderrRest = lines.pop()!;
      for (const line of lines) if (UNCAUGHT_LINE.test(line)) this.uncaught.push(line);
    });
    return new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(
        () => reject(new Error(`server ${this.name} did not start in ${timeoutMs} ms: ${out.slice(-2000)}`)),
        timeoutMs,
      );
      child.stdout!.on('data', (c: Buffer) => {
        this.#log.write(c);
        if (out.length < 100_000) out += c.toString();
        if (/running at http:\/\/localhost:\d+/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server ${this.name} exited (${code ?? signal}) before listening: ${out.slice(-2000)}`));
      });
    });
  }

  /** kill -9; resolves once the process is gone. */
  async kill9(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.#exited;
  }

  /** SIGTERM (a clean stop), SIGKILL after 10 s. */
  async stop(): Promise<void> {
    if (this.running) {
      this.child!.kill('SIGTERM');
      const t = setTimeout(() => this.child?.kill('SIGKILL'), 10_000);
      await this.#exited;
      clearTimeout(t);
    }
    await new Promise<void>((resolve) => this.#log.end(resolve));
  }

  /** Current and peak resident memory from /proc (bytes), or undefined when it is not running. */
  memory(): { rss: number; hwm: number } | undefined {
    const pid = this.pid;
    if (!pid || !existsSync(`/proc/${pid}/status`)) return undefined;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
      return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
    } catch {
      return undefined;
    }
  }
}

// ---------------------------------------------------------------- HAProxy

const HAPROXY = '/usr/sbin/haproxy';

/**
 * The HAProxy configuration docs/operations.md recommends: round robin over the servers, the client's
 * address in X-Forwarded-For, /api/health as the health check (a server is out after two failed
 * checks a second apart, back after two good ones), a request that could not reach a server
 * (connection refused) tried again on another. This run adds one line: the answering server's
 * name in X-Joinery-Server, so that its figures tell a server's answers from HAProxy's own.
 */
function haproxyConfig(listenPort: number, servers: { name: string; port: number }[]): string {
  return `global
    maxconn 4096

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    retries 2
    option redispatch

frontend shop
    bind 127.0.0.1:${listenPort}
    option forwardfor
    default_backend joinery

backend joinery
    balance roundrobin
    option httpchk GET /api/health
    http-check expect status 200
    http-response set-header X-Joinery-Server %s
    default-server inter 1s fall 2 rise 2
${servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

/** Starts HAProxy in the foreground (-db) with a config written to `dir`; resolves once it listens. */
export async function startHaproxy(
  dir: string,
  listenPort: number,
  servers: { name: string; port: number }[],
): Promise<ChildProcess> {
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} not found: apt-get install -y haproxy`);
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(listenPort, servers));
  const log = createWriteStream(join(dir, 'haproxy.log'));
  const child = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  onCleanup('haproxy', async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(t);
  });
  await Promise.race([
    waitForPort(listenPort, 15_000),
    exited.then(() => Promise.reject(new Error(`haproxy exited: see ${join(dir, 'haproxy.log')}`))),
  ]);
  return child;
}
