/**
 * Sample checkouts per second: the real app (createServer, the shop's catalogue and tables, a
 * temp SQLite file, then a throw-away PostgreSQL server started here when the postgresql package
 * is installed) in a child process on 127.0.0.1; autocannon in this process with 32
 * connections, each running complete checkouts: POST /api/order (fresh idempotency key), the
 * card to the sandbox gateway's tokenizer (POST /sandbox-gateway/v1/tokens: a third party's call
 * in a real shop, served by the same process here, so its CPU is counted too), then
 * POST /api/order/pay with that token, which records the payment and queues the
 * customer and admin e-mails in the outbox (the outbox worker is not started: queued is the
 * measure). 2,000 checkouts warm the server up first, uncounted; then 3 measured rounds of N
 * (CHECKOUT_BENCH_ROUNDS), each printed, and the median round's figures. Then a bare Hono
 * handler (POST returning a small JSON) in a child process, same client settings, for the ratio. Bounded: N checkouts (default 10,000) and at most 60 s per round.
 *
 * Both servers run with the Node flags `npm start` serves the shop with (START_NODE_FLAGS).
 *
 * Run: node --import tsx bench/checkout.ts [checkouts]. Figures are printed, never asserted.
 * CHECKOUT_BENCH_PROFILE=<dir> writes a CPU profile of the app server there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { performance as nodePerformance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { fmt, percentile, START_NODE_FLAGS } from './lib.ts';

const CONNECTIONS = 32;
const MAX_SECONDS = 60;
const CHECKOUTS = Number(process.argv[2]?.startsWith('--') ? 0 : process.argv[2]) || 10_000;
/** Checkouts run before the measured ones, not counted. */
const WARM_UP = 2_000;
/** Measured rounds per database, after the warm-up; the median round is the figure. */
const ROUNDS = Number(process.env.CHECKOUT_BENCH_ROUNDS) || 3;

const ADDRESS = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phoneNumber: '(614) 555-0143',
  street1: '2150 Westbelt Drive',
  street2: '',
  city: 'Columbus',
  state: 'OH',
  zipCode: '43228',
  countryId: 'US',
};
const ITEMS = [
  { sku: 'CARLTON-SD-PW', finish: { type: 'paint', value: 'pure-white' } },
  { sku: 'QZ-CG-CH-POL', finish: { type: 'surface', value: 'polished' } },
];
const CARD_JSON = JSON.stringify({ number: '4242424242424242', expMonth: '12', expYear: '2030', cvv: '123' });
const orderJson = () =>
  JSON.stringify({
    idempotencyKey: randomUUID(),
    items: ITEMS,
    billing: ADDRESS,
    sameAsBilling: true,
    shippingMethod: 'standard',
    paymentMethod: 'card',
  });

// ---------------------------------------------------------------- child processes (the servers)

async function serveApp(target?: string) {
  const { openMigratedDatabase, groupCommitOf } = await import('../server/db/index.ts');
  const { createServer, listen, silentLogger } = await import('../server/index.ts');
  const { memoryMailer } = await import('../server/mail/index.ts');
  const { tempDir } = await import('../server/testing/index.ts');
  const { DEFAULT_CONTENT_DIR } = await import('../server/config.ts');
  const dir = tempDir('joinery-bench-checkout-');
  const db = await openMigratedDatabase(target ?? dir.join('joinery.db'));
  // One address runs every checkout here: the per-address limits would stop the measurement.
  const UNLIMITED = { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
  const server = createServer({
    db,
    mailer: memoryMailer(),
    log: silentLogger,
    siteDir: DEFAULT_CONTENT_DIR,
    config: { distDir: null, logRequests: false, orderRateLimit: UNLIMITED, payRateLimit: UNLIMITED },
  });
  const l = await listen(server.app, { port: 0, hostname: '127.0.0.1' });
  console.log(JSON.stringify({ port: l.port }));
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== 'stats') continue;
    const n = async (table: 'orders' | 'email_outbox', where?: [string, string]) => {
      let q = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
      if (where) q = q.where(where[0] as never, '=', where[1] as never);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    // Read first: the counting below is the bench's own work, not a checkout's.
    const cpu = process.cpuUsage();
    const loop = nodePerformance.eventLoopUtilization();
    const checkpoints = groupCommitOf(db)?.checkpointer?.stats;
    console.log(
      JSON.stringify({
        orders: await n('orders'),
        ordered: await n('orders', ['status', 'ordered']),
        queuedMails: await n('email_outbox', ['status', 'queued']),
        cpuMs: (cpu.user + cpu.system) / 1000,
        loopIdleMs: loop.idle,
        loopActiveMs: loop.active,
        threadCheckpoints: checkpoints?.byThread ?? 0,
        catchUps: checkpoints?.catchUps ?? 0,
      }),
    );
  }
  await l.close();
  await server.close();
  await db.destroy();
  dir.cleanup();
}

async function serveBare() {
  const { Hono } = await import('hono');
  const { listen } = await import('../server/index.ts');
  const app = new Hono().post('/', async (c) =>
    c.json({ success: true, echo: ((await c.req.json()) as { idempotencyKey?: string }).idempotencyKey }),
  );
  const l = await listen(app, { port: 0, hostname: '127.0.0.1' });
  console.log(JSON.stringify({ port: l.port }));
  for await (const _ of createInterface({ input: process.stdin }));
  await l.close();
}

// ---------------------------------------------------------------- the client

interface Child {
  port: number;
  ask(line: string): Promise<Record<string, number>>;
  stop(): void;
}

function startChild(mode: string, arg?: string): Promise<Child> {
  const profile =
    process.env.CHECKOUT_BENCH_PROFILE && mode === '--serve'
      ? ['--cpu-prof', '--cpu-prof-dir', process.env.CHECKOUT_BENCH_PROFILE]
      : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, ...START_NODE_FLAGS, '--import', 'tsx', fileURLToPath(import.meta.url), mode, ...(arg ? [arg] : [])],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      // As `joinery start` runs (cli/bin.js): React's production build renders the e-mails queued at payment.
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  return next().then((first) => ({
    port: (JSON.parse(first) as { port: number }).port,
    ask: async (line) => {
      const answer = next();
      child.stdin!.write(`${line}\n`);
      return JSON.parse(await answer) as Record<string, number>;
    },
    stop: () => {
      child.stdin!.end();
      setTimeout(() => child.kill(), 10_000).unref();
    },
  }));
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = ((opts: Record<string, unknown>) => Promise<AutocannonResult> & { stop(): void }) & {
  track?: unknown;
};
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/**
 * Runs autocannon with an outer time bound. `seconds` is the run's wall time measured here:
 * autocannon's own `duration` is whole seconds, which made a 1.5 s run read as 1 or 2 s. It ends
 * a run only at its next sample (`sampleInt`, 1 s by default): every run read as lasting a whole
 * number of seconds, up to 1 s too long (a 9.1 s run as 10 s). Sampled every 50 ms, it is 50 ms
 * at most.
 */
async function cannon(opts: Record<string, unknown>): Promise<AutocannonResult & { seconds: number }> {
  const start = performance.now();
  const run = autocannon({ connections: CONNECTIONS, timeout: 10, sampleInt: 50, ...opts });
  const guard = setTimeout(() => run.stop(), MAX_SECONDS * 1000);
  try {
    const result = await run;
    return { ...result, seconds: (performance.now() - start) / 1000 };
  } finally {
    clearTimeout(guard);
  }
}

const headers = { 'content-type': 'application/json' };
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);

interface Tally {
  completed: number;
  failed: number;
  checkoutMs: number[];
}

/** `n` complete checkouts by the 32 clients, each counted in `tally`. */
function runCheckouts(base: string, n: number, tally: Tally) {
  return cannon({
    url: base,
    amount: n * 3,
    requests: [
      {
        method: 'POST',
        path: '/api/order',
        headers,
        setupRequest: (req: Record<string, unknown>, ctx: Record<string, unknown>) => {
          ctx.start = performance.now();
          ctx.order = ctx.pay = undefined; // a failed step must not hand the next one a stale order
          return { ...req, body: orderJson() };
        },
        onResponse: (status: number, body: string, ctx: Record<string, unknown>) => {
          if (status !== 201) return void tally.failed++;
          ctx.order = JSON.parse(body) as { order: { id: number }; orderToken: string };
        },
      },
      {
        method: 'POST',
        path: '/sandbox-gateway/v1/tokens',
        headers,
        setupRequest: (req: Record<string, unknown>, ctx: Record<string, unknown>) =>
          ctx.order ? { ...req, body: CARD_JSON } : null,
        onResponse: (status: number, body: string, ctx: Record<string, unknown>) => {
          if (status !== 201) return void tally.failed++;
          const o = ctx.order as { order: { id: number }; orderToken: string };
          ctx.pay = JSON.stringify({
            id: o.order.id,
            token: o.orderToken,
            paymentToken: (JSON.parse(body) as { id: string }).id,
          });
        },
      },
      {
        method: 'POST',
        path: '/api/order/pay',
        headers,
        setupRequest: (req: Record<string, unknown>, ctx: Record<string, unknown>) =>
          ctx.pay ? { ...req, body: ctx.pay } : null,
        onResponse: (status: number, _body: string, ctx: Record<string, unknown>) => {
          if (status === 200) {
            tally.completed++;
            tally.checkoutMs.push(performance.now() - (ctx.start as number));
          } else tally.failed++;
        },
      },
    ],
  });
}

interface Round {
  perSecond: number;
  appRps: number;
  p50: number;
  p99: number;
  requestP99: number;
  failed: number;
  errors: number;
  completed: number;
  seconds: number;
  ordered: number;
  queuedMails: number;
  cpuMs: number;
  loopUtilisation: number;
  loopMs: number;
  clientMs: number;
  threadCheckpoints: number;
  catchUps: number;
}

/** One measured round of `CHECKOUTS` checkouts against a warm app child. */
async function round(app: Child, base: string): Promise<Round> {
  const before = await app.ask('stats');
  const tally: Tally = { completed: 0, failed: 0, checkoutMs: [] };
  const clientCpu = process.cpuUsage();
  const result = await runCheckouts(base, CHECKOUTS, tally);
  const client = process.cpuUsage(clientCpu);
  const after = await app.ask('stats');
  const { completed } = tally;
  const active = after.loopActiveMs! - before.loopActiveMs!;
  return {
    perSecond: completed / result.seconds,
    appRps: (result.requests.total || completed * 3) / result.seconds,
    p50: percentile(tally.checkoutMs, 50),
    p99: percentile(tally.checkoutMs, 99),
    requestP99: result.latency.p99,
    failed: tally.failed,
    errors: result.errors,
    completed,
    seconds: result.seconds,
    ordered: after.ordered! - before.ordered!,
    queuedMails: after.queuedMails! - before.queuedMails!,
    // CPU time is less sensitive than throughput to other work on the machine.
    cpuMs: (after.cpuMs! - before.cpuMs!) / Math.max(1, completed),
    // Near 100%: the one app process is the limit; well below: it waited (on the client, the database, the machine).
    loopUtilisation: (100 * active) / Math.max(1, active + after.loopIdleMs! - before.loopIdleMs!),
    // The event loop's busy time alone: process CPU also counts the checkpoint thread (server/db/checkpointer.ts).
    loopMs: active / Math.max(1, completed),
    // The load generator runs on the same cores (this process, not counted above).
    clientMs: (client.user + client.system) / 1000 / Math.max(1, completed),
    threadCheckpoints: after.threadCheckpoints! - before.threadCheckpoints!,
    catchUps: after.catchUps! - before.catchUps!,
  };
}

/**
 * Runs ROUNDS rounds against one warm app child on one database; prints each round and the
 * median round (by checkouts/s), which it returns. One round alone misleads: on this machine
 * identical code read anywhere from 518 to 682 checkouts/s from one run to the next.
 */
async function measure(kind: string, databaseUrl?: string): Promise<Round> {
  console.log(`\n## ${kind}`);
  const app = await startChild('--serve', databaseUrl);
  const base = `http://127.0.0.1:${app.port}`;

  // Warm up at the same concurrency: JIT, statement caches, data files. After a warm-up of 200
  // checkouts one at a time, a measured run of 5,000 still took 2.0 ms of CPU per checkout, one of
  // 10,000 1.74 ms: the server was not yet at its steady state.
  await runCheckouts(base, WARM_UP, { completed: 0, failed: 0, checkoutMs: [] });
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const r = await round(app, base);
    rounds.push(r);
    line(
      `round ${i + 1} of ${ROUNDS}: checkouts/s, p99, app CPU, event loop per checkout`,
      `${fmt(r.perSecond)} /s, ${fmt(r.p99, 1)} ms, ${fmt(r.cpuMs, 2)} ms, ${fmt(r.loopMs, 2)} ms`,
    );
  }
  app.stop();

  const m = [...rounds].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(rounds.length / 2)]!;
  const all = (f: (r: Round) => number) => rounds.reduce((n, r) => n + f(r), 0);
  const range =
    rounds.length > 1
      ? ` (rounds ${fmt(Math.min(...rounds.map((r) => r.perSecond)))}-${fmt(Math.max(...rounds.map((r) => r.perSecond)))} /s)`
      : '';
  line(
    'complete sample checkouts (order + sandbox payment + 2 e-mails queued)',
    `${fmt(m.perSecond)} /s median round${range}, ${fmt(m.completed)} in ${fmt(m.seconds, 1)} s`,
  );
  line(
    'failed checkouts, connection errors (all rounds)',
    `${all((r) => r.failed)} failed, ${all((r) => r.errors)} errors`,
  );
  line('checkout latency, order + token + pay round trips (p50 / p99)', `${fmt(m.p50, 1)} ms / ${fmt(m.p99, 1)} ms`);
  line('per request latency (p99)', `${fmt(m.requestP99, 1)} ms`);
  line(
    'stored: orders paid, e-mails queued (all rounds)',
    `${fmt(all((r) => r.ordered))} orders ordered, ${fmt(all((r) => r.queuedMails))} e-mails queued, of ${fmt(all((r) => r.completed))} completed`,
  );
  line('app server CPU per checkout, all its threads', `${fmt(m.cpuMs, 2)} ms`);
  line(
    'app server event loop: busy per checkout (the ceiling it implies)',
    `${fmt(m.loopMs, 2)} ms (${fmt(1000 / m.loopMs)} checkouts/s)`,
  );
  line('app server event-loop utilisation during the run', `${fmt(m.loopUtilisation)}%`);
  line('load generator (autocannon) CPU per checkout', `${fmt(m.clientMs, 2)} ms`);
  if (!databaseUrl)
    line(
      'WAL checkpoints: by the thread, completed by the server (restarts)',
      `${fmt(m.threadCheckpoints)}, ${fmt(m.catchUps)} in ${fmt(m.seconds, 1)} s`,
    );
  return m;
}

/** The PostgreSQL figure, on a server started for the run (skipped when PostgreSQL is not installed). */
async function measurePostgres(): Promise<number | undefined> {
  const { postgresBinDir, startPostgres } = await import('../server/testing/index.ts');
  if (!postgresBinDir()) {
    console.log('\n## PostgreSQL: skipped (not installed: apt-get install -y postgresql)');
    return undefined;
  }
  const pg = await startPostgres();
  try {
    return (
      await measure(
        'PostgreSQL (a local server, pool of 10, durability off as in the tests)',
        await pg.createDatabase('bench'),
      )
    ).perSecond;
  } finally {
    await pg.stop();
  }
}

async function main() {
  console.log(
    `\n# Checkout (${CONNECTIONS} concurrent clients on loopback; ${availableParallelism()} CPUs, load ${loadavg()[0]!.toFixed(2)})`,
  );
  const { perSecond, appRps } = await measure('SQLite (a file, WAL)');
  const pgPerSecond = await measurePostgres();

  console.log('\n## Side by side');
  line(
    'complete sample checkouts per second: SQLite | PostgreSQL',
    `${fmt(perSecond)} /s | ${pgPerSecond === undefined ? 'skipped' : `${fmt(pgPerSecond)} /s`}`,
  );
  const bare = await startChild('--serve-bare');
  const bareBody = orderJson();
  const bareResult = await cannon({
    url: `http://127.0.0.1:${bare.port}`,
    method: 'POST',
    headers,
    body: bareBody,
    amount: Math.max(CHECKOUTS * 6, 60_000),
  }); // several seconds: the first one warms the JIT
  bare.stop();
  const bareRps = bareResult.requests.total / bareResult.seconds;
  line(
    'bare Hono handler (POST, small JSON), same client',
    `${fmt(bareRps)} req/s (p50 ${fmt(bareResult.latency.p50, 1)} ms, p99 ${fmt(bareResult.latency.p99, 1)} ms)`,
  );
  line(
    'SQLite checkout API requests vs bare handler requests',
    `${fmt(appRps)} vs ${fmt(bareRps)} req/s = ${fmt((appRps / bareRps) * 100, 1)}%`,
  );
  line('SQLite checkouts per second vs bare handler requests per second', `1 : ${fmt(bareRps / perSecond, 1)}`);
}

const mode = process.argv[2];
if (mode === '--serve') await serveApp(process.argv[3]);
else if (mode === '--serve-bare') await serveBare();
else await main();
