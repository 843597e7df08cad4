/**
 * Two `joinery start` processes on one PostgreSQL database, on two ports (vitest project
 * "postgres" only): the order and e-mail guarantees hold across servers.
 *
 * - 200 concurrent checkouts spread over both with 50 shared idempotency keys make 50 orders;
 * - 1,000 queued e-mails go out exactly once to the loopback SMTP server while both workers run;
 * - kill -9 of one server mid-load loses no order it acknowledged, and the other sends the mail.
 *
 * The servers serve a fake build (JOINERY_DIST_DIR) with the shipped catalogue (site-config).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from './clock.ts';
import { CARDS, orderBody } from './commerce/testing.ts';
import { openDatabase, type Db } from './db/open.ts';
import { enqueueMail, type OutgoingMail } from './mail/outbox.ts';
import { PROJECT_ROOT } from './paths.ts';
import { writeFakeDist } from './testing/fake-dist.ts';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.ts';
import { tempDir, type TempDir } from './testing/temp-dir.ts';
import { createEmptyPostgresDatabase } from './testing/test-db.ts';

interface Server {
  name: string;
  base: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/**
 * Short enough that a killed server's claimed mail comes back soon (the heartbeat renews a live
 * server's leases every quarter of it), long enough that a busy machine's heartbeat is never late.
 */
const LEASE_MS = 8_000;
/** E-mails each server sends at once: as many may be in flight when a server is killed. */
const CONCURRENCY = 8;

function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['cli/bin.js', 'start', '--port', '0'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      ...env,
      MAIL_FROM: `Server ${name} <${name}@hearthline.test>`,
      HOST: '127.0.0.1',
      JOINERY_LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server ${name} did not start: ${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const port = /running at http:\/\/localhost:(\d+)/.exec(output.join(''))?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ name, base: `http://127.0.0.1:${port}`, child, output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server ${name} exited (${code}) before listening: ${output.join('')}`));
    });
  });
}

async function postOrder(s: Server, body: object): Promise<{ status: number; json: any }> {
  const res = await fetch(`${s.base}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** Queues `n` messages, 20 at a time, while the servers' workers already send. */
async function enqueueMany(n: number, mail: (i: number) => OutgoingMail): Promise<void> {
  for (let i = 0; i < n; i += 20)
    await Promise.all(Array.from({ length: Math.min(20, n - i) }, (_, j) => enqueueMail(db, mail(i + j), systemClock)));
}

let dir: TempDir;
let sink: SmtpSink;
let db: Db;
let drop: () => Promise<void>;
let a: Server;
let b: Server;

beforeAll(async () => {
  dir = tempDir('joinery-multi-');
  sink = await startSmtpSink();
  const created = await createEmptyPostgresDatabase();
  drop = created.drop;
  const env = {
    DATABASE_URL: created.url,
    SMTP_URL: sink.url,
    JOINERY_DIST_DIR: writeFakeDist(dir.join('dist')),
    JOINERY_UPLOAD_DIR: dir.join('uploads'),
    JOINERY_DATA_DIR: dir.join('data'),
    ORDER_RATE_LIMIT: '100000',
    OUTBOX_INTERVAL_MS: '200',
    OUTBOX_LEASE_MS: String(LEASE_MS),
    OUTBOX_CONCURRENCY: String(CONCURRENCY),
  };
  // Both start at once on an empty database: they migrate one after the other (advisory lock).
  [a, b] = await Promise.all([startServer('a', env), startServer('b', env)]);
  db = openDatabase(created.url);
}, 120_000);

afterAll(async () => {
  for (const s of [a, b]) {
    if (s && s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
  }
  await db?.destroy();
  await drop?.();
  await sink?.close();
  dir?.cleanup();
});

describe('two servers on one PostgreSQL', () => {
  it('both report PostgreSQL on /api/health', async () => {
    for (const s of [a, b])
      expect(await (await fetch(`${s.base}/api/health`)).json()).toMatchObject({ ok: true, database: 'postgres' });
  });

  it('200 concurrent checkouts over both servers with 50 shared idempotency keys make exactly 50 orders', async () => {
    const bodies = Array.from({ length: 50 }, () => orderBody());
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => postOrder(i % 2 ? b : a, bodies[i % 50]!)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(50);
    expect(results.filter((r) => r.status === 200)).toHaveLength(150);
    // Every request with one key got the same order and token, whichever server answered.
    for (let k = 0; k < 50; k++) {
      const same = results.filter((_, i) => i % 50 === k);
      expect(new Set(same.map((r) => r.json.order.id)).size).toBe(1);
      expect(new Set(same.map((r) => r.json.orderToken)).size).toBe(1);
    }
    expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(50);
  }, 120_000);

  it('10 concurrent payments of one order over both servers charge it once (the lease is a row in the database)', async () => {
    const placed = await postOrder(a, orderBody());
    expect(placed.status).toBe(201);
    // The card goes to the sandbox gateway (its store is in the shared database), the shop gets its token.
    const tokenized = await fetch(`${b.base}/sandbox-gateway/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CARDS.approved),
    });
    expect(tokenized.status).toBe(201);
    const paymentToken = ((await tokenized.json()) as { id: string }).id;
    const body = JSON.stringify({ id: placed.json.order.id, token: placed.json.orderToken, paymentToken });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${(i % 2 ? b : a).base}/api/order/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(
      await db.selectFrom('payments').select('status').where('order_id', '=', placed.json.order.id).execute(),
    ).toEqual([{ status: 'completed' }]);
    // Its e-mails were queued once (customer and shop) and go out from whichever server.
    const mails = () =>
      db
        .selectFrom('email_outbox')
        .select(['kind', 'status'])
        .where('ref_type', '=', 'order')
        .where('ref_id', '=', String(placed.json.order.id))
        .execute();
    expect(new Set((await mails()).map((m) => m.kind)).size).toBe((await mails()).length);
    await expect.poll(async () => (await mails()).every((m) => m.status === 'sent'), { timeout: 30_000 }).toBe(true);
  }, 60_000);

  it('1,000 queued e-mails are each delivered exactly once while both outbox workers run', async () => {
    await enqueueMany(1000, (i) => ({
      kind: 'test',
      to: `c${i}@example.com`,
      subject: `bulk ${i}`,
      html: '<p>hi</p>',
      text: 'hi',
    }));
    await sink.waitFor(1000, 120_000);
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('email_outbox')
              .select('id')
              .where('subject', 'like', 'bulk %')
              .where('status', '=', 'sent')
              .execute()
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1000);
    const bulk = sink.messages.filter((m) => m.subject.startsWith('bulk '));
    expect(bulk).toHaveLength(1000);
    expect(new Set(bulk.map((m) => m.subject)).size).toBe(1000);
    // Both servers took part (the envelope sender tells them apart).
    const byServer = new Set(bulk.map((m) => m.envelope.from));
    expect(byServer).toEqual(new Set(['a@hearthline.test', 'b@hearthline.test']));
  }, 180_000);

  it('kill -9 of one server mid-load loses no acknowledged order; the other sends every e-mail', async () => {
    await enqueueMany(300, (i) => ({
      kind: 'test',
      to: `k${i}@example.com`,
      subject: `after ${i}`,
      html: '<p>hi</p>',
      text: 'hi',
    }));
    const acknowledged: { server: string; id: number; increment: string }[] = [];
    let fromA = 0;
    const requests = Array.from({ length: 100 }, async (_, i) => {
      const s = i % 2 ? b : a;
      try {
        const r = await postOrder(s, orderBody({ idempotencyKey: randomUUID() }));
        if (r.status === 201) {
          acknowledged.push({ server: s.name, id: r.json.order.id, increment: r.json.order.orderIncrementId });
          if (s === a) fromA++;
        }
        return r.status;
      } catch {
        return 'connection lost';
      }
    });
    await expect.poll(() => fromA, { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
    a.child.kill('SIGKILL');
    const statuses = await Promise.all(requests);
    await a.exited;

    // Every order a server answered 201 for is stored; B answered all of its 50.
    expect(statuses.filter((s, i) => i % 2 === 1 && s === 201)).toHaveLength(50);
    const stored = await db
      .selectFrom('orders')
      .select(['id', 'order_increment_id'])
      .where(
        'id',
        'in',
        acknowledged.map((o) => o.id),
      )
      .execute();
    expect(stored.map((o) => [o.id, o.order_increment_id]).sort()).toEqual(
      acknowledged.map((o) => [o.id, o.increment]).sort(),
    );

    // B sends every one of the 300, including what A had claimed when it died (after the lease).
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('email_outbox')
              .select('id')
              .where('subject', 'like', 'after %')
              .where('status', '=', 'sent')
              .execute()
          ).length,
        { timeout: 90_000, interval: 500 },
      )
      .toBe(300);
    const after = sink.messages.filter((m) => m.subject.startsWith('after '));
    expect(new Set(after.map((m) => m.subject)).size).toBe(300);
    // At most the messages A was handing to the SMTP server when killed (its concurrency) arrive
    // twice, with the same Message-ID so a receiver can drop the repeat.
    expect(after.length - 300).toBeLessThanOrEqual(CONCURRENCY);
    expect(new Set(after.map((m) => m.messageId)).size).toBe(300);
    // B is still up and answers.
    expect((await fetch(`${b.base}/api/health`)).status).toBe(200);
  }, 180_000);

  it('SIGTERM: the server finishes, exits 0 and leaves no mail claimed', async () => {
    await enqueueMany(100, (i) => ({
      kind: 'test',
      to: `t${i}@example.com`,
      subject: `term ${i}`,
      html: '<p>hi</p>',
      text: 'hi',
    }));
    await expect
      .poll(() => sink.messages.filter((m) => m.subject.startsWith('term ')).length, { timeout: 30_000, interval: 20 })
      .toBeGreaterThan(0);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    expect(b.output.join('')).toContain('SIGTERM, shutting down');
    // Nothing is left held by a lease: what B did not send is due now for another server.
    const held = await db
      .selectFrom('email_outbox')
      .select('id')
      .where('status', '=', 'queued')
      .where((eb) => eb.or([eb('next_attempt_at', '>', new Date().toISOString()), eb('claim_token', 'is not', null)]))
      .execute();
    expect(held).toEqual([]);
  }, 60_000);
});
