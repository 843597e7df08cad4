/**
 * A PostgreSQL outage under a running `joinery start` (vitest project "postgres" only). The test
 * starts a PostgreSQL server of its own, so stopping it disturbs no other test, and one server
 * process on it with the shipped shop (site-config) and a fake build.
 *
 * - PostgreSQL stopped: an order, a form post and the sandbox gateway's tokens answer 503 JSON
 *   with Retry-After; pages still serve; /api/health stays 200 (liveness), ?ready=1 says 503.
 *   Started again: the same requests succeed from the same process.
 * - `pg_ctl restart -m fast` under load: every answer is a success or that 503, never a 500.
 * - Neither logs an uncaught exception or an unhandled rejection (the process guard's lines),
 *   and the outbox worker sends every queued e-mail afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, orderBody } from '../commerce/testing.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { writeFakeDist } from '../testing/fake-dist.ts';
import { startPostgres, type PostgresServer } from '../testing/postgres.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { openDatabase, type Db } from './open.ts';

interface Server {
  base: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['cli/bin.js', 'start', '--port', '0'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, HOST: '127.0.0.1', JOINERY_LOG_REQUESTS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${output.join('')}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const port = /running at http:\/\/localhost:(\d+)/.exec(output.join(''))?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ base: `http://127.0.0.1:${port}`, child, output, exited });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening: ${output.join('')}`));
    });
  });
}

interface Answer {
  kind: string;
  status: number;
  retryAfter: string | null;
  contentType: string;
  json: any;
}

async function call(kind: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${srv.base}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return {
    kind,
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    contentType: res.headers.get('content-type') ?? '',
    json,
  };
}

const postJson = (kind: string, path: string, body: unknown) =>
  call(kind, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const order = () => postJson('order', '/api/order', orderBody());
const token = () => postJson('token', '/sandbox-gateway/v1/tokens', CARDS.approved);
function form(): Promise<Answer> {
  const body = new FormData();
  body.set(
    'formData',
    JSON.stringify({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      topic: 'design',
      message: 'Shaker doors in sage, please call me.',
    }),
  );
  return call('form', '/api/forms/contact', { method: 'POST', body });
}
/** The three requests the outage must not turn into a 500, with their success statuses. */
const OK: Record<string, number> = { order: 201, form: 200, token: 201 };
const REQUESTS = [order, form, token].map((send) => ({ send, ok: OK[send.name]! }));

function expectUnavailable(a: Answer) {
  expect(a.status, `${a.kind}: ${JSON.stringify(a.json)}`).toBe(503);
  expect(a.retryAfter, a.kind).toBe('5');
  expect(a.contentType, a.kind).toMatch(/^application\/json/);
  expect(a.json, a.kind).toMatchObject({ success: false, message: 'Service unavailable' });
}

/** What the process guard logs for an error nothing handled, and the error handler for a 500. */
const BUGS = /uncaught exception|unhandled promise rejection|^request \S+ \S+ \S+ failed:/m;

let pgs: PostgresServer;
let dir: TempDir;
let srv: Server;
let db: Db;

beforeAll(async () => {
  pgs = await startPostgres();
  const url = await pgs.createDatabase('shop');
  dir = tempDir('joinery-outage-');
  srv = await startServer({
    DATABASE_URL: url,
    JOINERY_DIST_DIR: writeFakeDist(dir.join('dist')),
    JOINERY_DATA_DIR: dir.join('data'),
    JOINERY_UPLOAD_DIR: dir.join('uploads'),
    ORDER_RATE_LIMIT: '100000',
    FORM_RATE_LIMIT: '100000',
    // The outbox polls through the outage too; a message whose "sent" mark was lost comes back soon.
    OUTBOX_INTERVAL_MS: '200',
    OUTBOX_LEASE_MS: '2000',
  });
  db = openDatabase(url);
}, 180_000);

afterAll(async () => {
  if (srv && srv.child.exitCode === null && srv.child.signalCode === null) {
    srv.child.kill('SIGTERM');
    await srv.exited;
  }
  await db?.destroy();
  await pgs?.stop();
  dir?.cleanup();
});

/** The server's readiness check: 200 once its database answers again. */
const ready = async () =>
  (await fetch(`${srv.base}/api/health?ready=1`, { signal: AbortSignal.timeout(10_000) })).status;

describe('a PostgreSQL outage under joinery start', () => {
  it('PostgreSQL stopped: 503 JSON with Retry-After, pages still served; started again: the same requests succeed, same process', async () => {
    // Before: the requests succeed and leave idle connections in the pool, which the stop terminates.
    for (const { send, ok } of REQUESTS) expect((await send()).status).toBe(ok);
    const pid = srv.child.pid;

    await pgs.halt();
    for (const { send } of REQUESTS) expectUnavailable(await send());
    // The gateway's tokenizer script reads { error: { message } }: it shows the same message.
    expect((await token()).json).toMatchObject({ error: { message: 'Service unavailable' } });
    // Liveness stays up for the load balancer; readiness says the database is away.
    const live = await call('health', '/api/health');
    expect([live.status, live.json]).toEqual([
      200,
      expect.objectContaining({ ok: true, db: 'error', database: 'postgres' }),
    ]);
    const notReady = await call('ready', '/api/health?ready=1');
    expect([notReady.status, notReady.retryAfter, notReady.json]).toEqual([
      503,
      '5',
      expect.objectContaining({ ok: false, db: 'error' }),
    ]);
    // Pages come from the build: no database needed.
    expect((await call('page', '/aboutus')).status).toBe(200);

    await pgs.resume();
    await expect.poll(ready, { timeout: 30_000, interval: 100 }).toBe(200);
    for (const { send, ok } of REQUESTS) {
      const a = await send();
      expect(a.status, `${a.kind}: ${JSON.stringify(a.json)}`).toBe(ok);
    }
    expect([srv.child.pid, srv.child.exitCode]).toEqual([pid, null]);
    expect(srv.output.join('')).not.toMatch(BUGS);
  }, 120_000);

  it('pg_ctl restart -m fast under load: every answer a success or 503 JSON with Retry-After, never a 500; then all succeed again', async () => {
    const answers: Answer[] = [];
    let stop = false;
    // Six clients at once, each going round the three requests, so connections are in use when it stops.
    const clients = Array.from({ length: 6 }, async (_, i) => {
      for (let n = i; !stop; n++) answers.push(await REQUESTS[n % REQUESTS.length]!.send());
    });
    const successes = (from: number) => answers.slice(from).filter((a) => a.status < 300).length;
    try {
      await expect.poll(() => successes(0), { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(12);
      await pgs.restart();
      const restarted = answers.length;
      await expect.poll(ready, { timeout: 30_000, interval: 100 }).toBe(200);
      // Every kind of request succeeds again, without restarting the app.
      await expect
        .poll(
          () =>
            new Set(
              answers
                .slice(restarted)
                .filter((a) => a.status < 300)
                .map((a) => a.kind),
            ).size,
          { timeout: 60_000, interval: 20 },
        )
        .toBe(REQUESTS.length);
    } finally {
      stop = true;
      await Promise.all(clients);
    }
    for (const a of answers) {
      if (a.status === 503) expectUnavailable(a);
      else expect(a.status, `${a.kind}: ${JSON.stringify(a.json)}`).toBe(OK[a.kind]);
    }
    expect(srv.child.exitCode).toBe(null);
    expect(srv.output.join('')).not.toMatch(BUGS);
  }, 180_000);

  it('the outbox worker carries on: every e-mail queued around the outages goes out', async () => {
    const queued = async () =>
      (await db.selectFrom('email_outbox').select('id').where('status', '=', 'queued').execute()).length;
    expect((await db.selectFrom('email_outbox').select('id').execute()).length).toBeGreaterThan(0);
    await expect.poll(queued, { timeout: 60_000, interval: 200 }).toBe(0);
    expect(srv.output.join('')).not.toMatch(BUGS);
  }, 90_000);
});
