/**
 * The outbox across a database outage: a message the mail server accepted while the database was
 * away stays held (its lease renewed) and is marked sent once the database answers, so it is
 * delivered once even with another worker polling the same table; the worker's loops log one line
 * per outage, back off and resume on their own, with no uncaught exception. The last two tests
 * restart a real PostgreSQL server of their own (vitest project "postgres" only), the second one
 * with every update slowed down as on a machine starved of CPU.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ColumnNode, sql, UpdateQueryNode, WhereNode, type KyselyPlugin } from 'kysely';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManualClock } from '../clock.ts';
import { openDatabase, openMigratedDatabase, type Db } from '../db/open.ts';
import { memoryLogger, type MemoryLogger } from '../logger.ts';
import { postgresBinDir, startPostgres } from '../testing/postgres.ts';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.ts';
import { testBedPerTest } from '../testing/test-bed.ts';
import { testDbKind } from '../testing/test-db.ts';
import { watchUncaught } from '../testing/uncaught.ts';
import { memoryMailer } from './memory-mailer.ts';
import type { MailMessage, Mailer } from './message.ts';
import { enqueueMail, outboxCounts, type OutgoingMail } from './outbox.ts';
import { smtpMailer } from './transports.ts';
import { OutboxWorker, outboxMessageId } from './worker.ts';

const FROM = 'Hearthline Cabinetry <no-reply@hearthlinecabinetry.com>';
const order: OutgoingMail = {
  kind: 'order-confirmation',
  to: 'jane@example.com',
  subject: 'Order Confirmation #100042',
  text: 'Thank you.',
  html: '<p>Thank you.</p>',
};
const nothing = { sent: 0, retried: 0, failed: 0 };
/** A short lease, on the test's clock. */
const LEASE_MS = 1_000;

const bed = testBedPerTest();
let db: Db;
let clock: ManualClock;
let uncaught: ReturnType<typeof watchUncaught>;
beforeEach(() => {
  ({ db, clock } = bed);
  uncaught = watchUncaught();
  bed.defer(() => uncaught.stop());
});

const row = (id: number) => db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const outageLines = (log: MemoryLogger) =>
  log.lines.filter((l) => l.level === 'error' && l.message.includes('the database is not answering'));
const recoveryLines = (log: MemoryLogger) =>
  log.lines.filter((l) => l.level === 'info' && l.message.includes('the database answers again'));

interface Statement {
  kind: string;
  /** The update that marks a message sent. */
  marksSent: boolean;
  /** The update that claims due messages (the only one with a CTE). */
  claims: boolean;
  /** The update that hands claimed messages back (clears the claim, due at once). */
  handsBack: boolean;
}
/** 'before': the statement fails without running; 'after': it runs and commits, and its answer is lost. */
type Verdict = 'before' | 'after' | undefined;

/** The columns an update sets, in order. */
const setColumns = (node: UpdateQueryNode) =>
  (node.updates ?? []).map((u) => (ColumnNode.is(u.column) ? u.column.column.name : '')).join();

/** A mailer whose sends wait until the test opens their gate, one gate per send, in order. */
function gatedMailer() {
  const mem = memoryMailer();
  const gates: (() => void)[] = [];
  const mailer: Mailer = {
    description: 'gated',
    async send(m) {
      await new Promise<void>((open) => gates.push(open));
      return mem.send(m);
    },
    close() {},
  };
  return { mailer, mem, gates };
}

/** The same database through a plugin that fails the statements `rule` picks, as a database going away would. */
function flakyDb(target: Db) {
  let rule: (s: Statement) => Verdict = () => undefined;
  const lostAnswers = new WeakSet<object>();
  const failed: Statement[] = [];
  const terminated = () => new Error('Connection terminated unexpectedly');
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      const statement = {
        kind: node.kind,
        marksSent: node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"value":"sent"'),
        claims: UpdateQueryNode.is(node) && node.with !== undefined,
        handsBack: UpdateQueryNode.is(node) && !node.with && setColumns(node) === 'claim_token,next_attempt_at',
      };
      const verdict = rule(statement);
      if (verdict) failed.push(statement);
      if (verdict === 'before') throw terminated();
      if (verdict === 'after') lostAnswers.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (lostAnswers.has(queryId)) throw terminated();
      return result;
    },
  };
  return {
    db: target.withPlugin(plugin),
    failed,
    fail(r: (s: Statement) => Verdict) {
      rule = r;
    },
  };
}

/** A second handle on the test database: another server's connection. */
function otherServer(): Db {
  const other = openDatabase(bed.testDb.target);
  bed.defer(() => other.destroy());
  return other;
}

function smtp(sink: SmtpSink): Mailer {
  const mailer = smtpMailer(sink.url, FROM);
  bed.defer(() => mailer.close());
  return mailer;
}

describe('a message the mail server accepted while the database is away', () => {
  it('stays held with its lease renewed, is marked sent once the database answers and is delivered once, with another worker polling', async () => {
    const sink = await startSmtpSink();
    bed.defer(() => sink.close());
    const flaky = flakyDb(db);
    const smtpA = smtp(sink);
    // The database goes away right after the mail server accepted the message: every statement of A fails.
    const mailerA: Mailer = {
      description: 'A',
      async send(m) {
        const info = await smtpA.send(m);
        flaky.fail(() => 'before');
        return info;
      },
      close() {},
    };
    const logA = memoryLogger();
    const a = new OutboxWorker(
      { db: flaky.db, mailer: mailerA, clock, log: logA, from: FROM },
      { leaseMs: LEASE_MS, heartbeatMs: 10, retryMinMs: 5, retryMaxMs: 40 },
    );
    const b = new OutboxWorker(
      { db: otherServer(), mailer: smtp(sink), clock, from: FROM },
      { leaseMs: LEASE_MS, heartbeatMs: 10, intervalMs: 10 },
    );
    const sentBy: string[] = [];
    a.onSent(() => void sentBy.push('a'));
    b.onSent(() => void sentBy.push('b'));
    const id = await enqueueMail(db, order, clock);
    const acceptedAt = clock.now().toISOString();

    const draining = a.drain();
    await sink.waitFor(1);
    b.start();
    bed.defer(() => b.stop());
    // Marking it sent fails, and so do the heartbeats, tried again and again.
    await vi.waitFor(() => {
      expect(flaky.failed.filter((s) => s.marksSent).length).toBeGreaterThanOrEqual(3);
      expect(flaky.failed.filter((s) => !s.marksSent).length).toBeGreaterThanOrEqual(2);
    }, 10_000);

    // The database answers again, but marking the message sent still fails: meanwhile the heartbeat
    // renews its lease, round after round, for twice the lease on the clock, and B never gets it.
    flaky.fail((s) => (s.marksSent ? 'before' : undefined));
    for (let i = 0; i < 4; i++) {
      clock.advance(LEASE_MS / 2);
      const renewed = new Date(clock.now().getTime() + LEASE_MS).toISOString();
      await expect.poll(async () => (await row(id)).next_attempt_at, { timeout: 10_000 }).toBe(renewed);
      expect(await b.drain()).toEqual(nothing);
    }

    // The next mark commits but its answer is lost; the one after finds the row already marked by this claim.
    let marks = 0;
    flaky.fail((s) => (s.marksSent && marks++ === 0 ? 'after' : undefined));
    expect(await draining).toEqual({ ...nothing, sent: 1 });

    const sent = await row(id);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: acceptedAt,
      claim_token: expect.any(String),
    });
    expect(sentBy).toEqual(['a']);
    clock.advance(86_400_000);
    expect(await b.drain()).toEqual(nothing);
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.messageId).toBe(outboxMessageId(sent, 'hearthlinecabinetry.com'));
    // One line when the outage began, one when it ended; nothing thrown.
    expect(outageLines(logA)).toHaveLength(1);
    expect(recoveryLines(logA)).toHaveLength(1);
    expect(logA.lines.filter((l) => l.level !== 'info')).toEqual(outageLines(logA));
    expect(uncaught.stop()).toEqual([]);
  });

  it('after an outage longer than the lease, a worker that saw it claims nothing until the other has marked its message', async () => {
    const sink = await startSmtpSink();
    bed.defer(() => sink.close());
    let down = false;
    const outage = () => (down ? 'before' : undefined);
    const flakyA = flakyDb(db);
    const flakyB = flakyDb(otherServer());
    flakyA.fail(outage);
    flakyB.fail(outage);
    const smtpA = smtp(sink);
    const mailerA: Mailer = {
      description: 'A',
      async send(m) {
        const info = await smtpA.send(m);
        down = true;
        return info;
      },
      close() {},
    };
    const logB = memoryLogger();
    // A tries again every 300 ms; B probes every 10 ms and claims as soon as its grace allows.
    const a = new OutboxWorker(
      { db: flakyA.db, mailer: mailerA, clock },
      { leaseMs: LEASE_MS, heartbeatMs: 10, retryMinMs: 300, retryMaxMs: 300 },
    );
    const b = new OutboxWorker(
      { db: flakyB.db, mailer: smtp(sink), clock, log: logB },
      { leaseMs: LEASE_MS, intervalMs: 10, retryMinMs: 10, retryMaxMs: 10, resumeGraceMs: 3_000 },
    );
    const id = await enqueueMail(db, order, clock);
    const draining = a.drain();
    await sink.waitFor(1);
    b.start();
    bed.defer(() => b.stop());
    await vi.waitFor(() => {
      expect(outageLines(logB)).toHaveLength(1);
      expect(flakyA.failed.some((s) => s.marksSent)).toBe(true);
    }, 10_000);
    // The outage outlasts A's lease; then the database answers both at once.
    clock.advance(10 * LEASE_MS);
    down = false;

    expect(await draining).toEqual({ ...nothing, sent: 1 });
    await b.stop();
    expect(sink.messages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(recoveryLines(logB)).toHaveLength(1);
    expect(uncaught.stop()).toEqual([]);
  });

  it('stop() during the outage waits for the mark up to the lease, then gives the message up with an error line', async () => {
    const flaky = flakyDb(db);
    const mem = memoryMailer();
    const log = memoryLogger();
    const mailer: Mailer = {
      description: 'memory',
      async send(m) {
        const info = await mem.send(m);
        flaky.fail(() => 'before');
        return info;
      },
      close() {},
    };
    const worker = new OutboxWorker(
      { db: flaky.db, mailer, clock, log },
      { leaseMs: 200, retryMinMs: 5, retryMaxMs: 20 },
    );
    const id = await enqueueMail(db, order, clock);
    const draining = worker.drain();
    await vi.waitFor(() => expect(flaky.failed.filter((s) => s.marksSent).length).toBeGreaterThanOrEqual(2), 10_000);
    await worker.stop();
    expect(await draining).toEqual(nothing);
    expect(mem.sent).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(log.lines.filter((l) => l.level === 'error').map((l) => l.message)).toEqual([
      expect.stringContaining('the database is not answering'),
      expect.stringContaining(
        `message ${id} was accepted by the mail server but could not be marked sent before stopping`,
      ),
    ]);
    expect(uncaught.stop()).toEqual([]);
  });
});

describe('a claim that fails while claimed messages wait for a slot', () => {
  it('hands the waiting messages back, so another worker sends them at once rather than after their lease', async () => {
    const flaky = flakyDb(db);
    // The first sends wait for the test, so the second claim's rows wait for a slot.
    const { mailer, mem, gates } = gatedMailer();
    const log = memoryLogger();
    const a = new OutboxWorker(
      { db: flaky.db, mailer, clock, log },
      { concurrency: 4, batchSize: 4, leaseMs: LEASE_MS, heartbeatMs: 60_000, retryMinMs: 5, retryMaxMs: 20 },
    );
    for (let i = 0; i < 8; i++) await enqueueMail(db, { ...order, subject: `m${i}` }, clock);
    const draining = a.drain();
    await vi.waitFor(() => expect(gates).toHaveLength(4), 10_000);
    // One send ends: the worker claims the other four and starts one, so three wait for a slot.
    gates.shift()!();
    await vi.waitFor(() => expect(gates).toHaveLength(4), 10_000);
    const leased = await db.selectFrom('email_outbox').select('id').where('claim_token', 'is not', null).execute();
    expect(leased).toHaveLength(8);
    // The next send ends and the claim that follows fails.
    flaky.fail((s) => (s.claims ? 'before' : undefined));
    gates.shift()!();
    await vi.waitFor(() => expect(flaky.failed).toHaveLength(1), 10_000);
    for (const open of gates.splice(0)) open();
    await expect(draining).rejects.toThrow('Connection terminated unexpectedly');
    expect(mem.sent).toHaveLength(5);

    // The database answers again; the clock has not moved, so no lease has run out.
    flaky.fail(() => undefined);
    const other = otherServer();
    const b = new OutboxWorker({ db: other, mailer: mem, clock }, { leaseMs: LEASE_MS });
    expect(await b.drain()).toEqual({ ...nothing, sent: 3 });
    expect(new Set(mem.sent.map((m) => m.subject)).size).toBe(8);
    expect(await outboxCounts(other)).toEqual({ queued: 0, sent: 8, failed: 0 });
    expect(uncaught.stop()).toEqual([]);
  });
});

describe('a hand-back that fails', () => {
  it('leaves the messages to their own lease (the heartbeat renews only the rows still held), and hands them back once the database answers', async () => {
    const flaky = flakyDb(db);
    const { mailer, mem, gates } = gatedMailer();
    const a = new OutboxWorker(
      { db: flaky.db, mailer, clock, log: memoryLogger() },
      {
        concurrency: 4,
        batchSize: 4,
        leaseMs: LEASE_MS,
        heartbeatMs: 10,
        retryMinMs: 5,
        retryMaxMs: 20,
        resumeGraceMs: 0,
      },
    );
    const claimedAt = clock.now().getTime();
    for (let i = 0; i < 8; i++) await enqueueMail(db, { ...order, subject: `m${i}` }, clock);
    const draining = a.drain();
    await vi.waitFor(() => expect(gates).toHaveLength(4), 10_000);
    // One send ends: the second claim takes 5-8 and starts 5, so 6-8 wait, under 5's claim.
    gates.shift()!();
    await vi.waitFor(() => expect(gates).toHaveLength(4), 10_000);
    // The database fails the next claim and the hand-back of 6-8; 2-5 stay in flight.
    flaky.fail((s) => (s.claims || s.handsBack ? 'before' : undefined));
    gates.shift()!();
    await vi.waitFor(() => expect(flaky.failed.map((s) => s.handsBack)).toEqual([false, true]), 10_000);

    // Time passes while 3-5 are in flight: their leases are renewed, 6-8 keep the lease of their claim.
    clock.advance(LEASE_MS / 2);
    const renewed = new Date(clock.now().getTime() + LEASE_MS).toISOString();
    await expect.poll(async () => (await row(5)).next_attempt_at, { timeout: 10_000 }).toBe(renewed);
    const waited = await db.selectFrom('email_outbox').select('next_attempt_at').where('id', 'in', [6, 7, 8]).execute();
    expect(waited.map((r) => r.next_attempt_at)).toEqual(Array(3).fill(new Date(claimedAt + LEASE_MS).toISOString()));

    // The database answers: the run ends on its failed claim; the next one hands 6-8 back and sends them.
    flaky.fail(() => undefined);
    for (const open of gates.splice(0)) open();
    await expect(draining).rejects.toThrow('Connection terminated unexpectedly');
    const again = a.drain();
    await vi.waitFor(() => expect(gates).toHaveLength(3), 10_000);
    for (const open of gates.splice(0)) open();
    expect(await again).toEqual({ ...nothing, sent: 3 });
    expect(mem.sent.map((m) => m.subject).sort()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(uncaught.stop()).toEqual([]);
  });
});

describe('the poll loop during an outage', () => {
  it('logs one line per outage, backs off, and sends again on its own once the database answers', async () => {
    const flaky = flakyDb(db);
    const mem = memoryMailer();
    const log = memoryLogger();
    const worker = new OutboxWorker(
      { db: flaky.db, mailer: mem, clock, log },
      { intervalMs: 5, retryMinMs: 10, retryMaxMs: 80, resumeGraceMs: 50 },
    );
    bed.defer(() => worker.stop());
    let tries: number[] = [];
    const down = () => {
      tries = [];
      flaky.fail(() => {
        tries.push(performance.now());
        return 'before';
      });
    };

    for (const outage of [1, 2]) {
      down();
      worker.start();
      await expect.poll(() => tries.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(7);
      // Every try waits longer than the last, up to retryMaxMs, though the interval asks every 5 ms.
      const gaps = tries.slice(1, 7).map((t, i) => t - tries[i]!);
      expect(gaps.map((gap, i) => gap >= Math.min(80, 10 * 2 ** i) - 2)).toEqual([true, true, true, true, true, true]);
      expect(outageLines(log)).toHaveLength(outage);

      flaky.fail(() => undefined);
      await enqueueMail(db, { ...order, subject: `after outage ${outage}` }, clock);
      await expect.poll(() => mem.sent.length, { timeout: 10_000 }).toBe(outage);
      expect(recoveryLines(log)).toHaveLength(outage);
    }
    expect(mem.sent.map((m) => m.subject)).toEqual(['after outage 1', 'after outage 2']);
    // The mark follows the send: wait for it rather than race it.
    await expect.poll(() => outboxCounts(db), { timeout: 10_000 }).toEqual({ queued: 0, sent: 2, failed: 0 });
    expect(log.lines.filter((l) => l.level === 'error')).toHaveLength(2);
    expect(uncaught.stop()).toEqual([]);
  });
});

/** Runs pg_ctl (as the postgres user under root, as server/testing/postgres.ts does). */
async function pgCtl(args: string[]): Promise<void> {
  const bin = `${postgresBinDir()}/pg_ctl`;
  const [cmd, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  await promisify(execFile)(cmd, argv);
}

/**
 * The same database, as slow as one starved of CPU: every row an update reads costs `ms` more
 * (pg_sleep in its WHERE; PostgreSQL only). A renewal of a few rows then takes longer than the
 * heartbeat interval.
 */
function slowUpdates(target: Db, ms: number): Db {
  const pause = sql`pg_sleep(${sql.lit(ms / 1000)}) is not null`.toOperationNode();
  return target.withPlugin({
    transformQuery: ({ node }) =>
      UpdateQueryNode.is(node) && node.where
        ? { ...node, where: WhereNode.cloneWithOperation(node.where, 'And', pause) }
        : node,
    transformResult: async ({ result }) => result,
  });
}

describe.runIf(testDbKind() === 'postgres')('a PostgreSQL restart (pg_ctl -m fast) under load', () => {
  it(
    'two servers deliver every message exactly once, though leases ran out while the database was down',
    () => deliverAcrossRestart(0),
    120_000,
  );

  it(
    'the same on a slow database, where renewing the leases takes longer than the heartbeat interval',
    () => deliverAcrossRestart(8),
    120_000,
  );

  async function deliverAcrossRestart(slowRowMs: number) {
    const server = await startPostgres();
    bed.defer(() => server.stop());
    const url = await server.createDatabase('outbox_restart');
    const setup = await openMigratedDatabase(url);
    bed.defer(() => setup.destroy());
    const { rows } = await sql<{ data_directory: string }>`show data_directory`.execute(setup);
    const data = rows[0]!.data_directory;
    const sink = await startSmtpSink();
    bed.defer(() => sink.close());
    const total = 60;
    for (let i = 0; i < total; i++) await enqueueMail(setup, { ...order, subject: `m${i}` }, clock);

    const options = {
      concurrency: 4,
      batchSize: 4,
      intervalMs: 20,
      leaseMs: LEASE_MS,
      heartbeatMs: 20,
      retryMinMs: 20,
      retryMaxMs: 200,
      resumeGraceMs: 3_000,
    };
    const logs = [memoryLogger(), memoryLogger()];
    let accepted = 0;
    let restart: Promise<void> | undefined;
    // The fifth message the mail server accepts: the database goes down before it is marked sent
    // (with the sends in flight on both servers). While it is down, every lease runs out on the
    // clock; then it starts again, as pg_ctl restart does.
    const restartLater = async () => {
      await vi.waitFor(() => expect(logs.every((l) => outageLines(l).length === 1)).toBe(true), {
        timeout: 20_000,
        interval: 20,
      });
      clock.advance(10 * LEASE_MS);
      await pgCtl(['-D', data, '-l', join(dirname(data), 'postgres.log'), '-m', 'fast', '-w', 'restart']);
    };
    const workers = logs.map((log, i) => {
      const pool = openDatabase(url);
      bed.defer(() => pool.destroy());
      const handle = slowRowMs ? slowUpdates(pool, slowRowMs) : pool;
      const smtpMailer = smtp(sink);
      const mailer: Mailer = {
        description: `server ${i}`,
        async send(m: MailMessage) {
          const info = await smtpMailer.send(m);
          if (++accepted === 5) {
            await pgCtl(['-D', data, '-m', 'fast', '-w', 'stop']);
            restart = restartLater();
          }
          return info;
        },
        close() {},
      };
      const worker = new OutboxWorker({ db: handle, mailer, clock, log, from: FROM }, options);
      bed.defer(() => worker.stop());
      return worker;
    });
    for (const w of workers) w.start();

    await expect.poll(() => restart !== undefined, { timeout: 30_000 }).toBe(true);
    await restart;
    const check = openDatabase(url);
    bed.defer(() => check.destroy());
    await expect
      .poll(async () => (await outboxCounts(check)).sent, { timeout: 60_000, interval: 100 })
      .toBe(total)
      .catch(async (e: Error) => {
        // What is left, and what each server logged, to tell a slow run from a lost message.
        const left = await check
          .selectFrom('email_outbox')
          .select(['id', 'status', 'attempts', 'last_error', 'next_attempt_at', 'claim_token'])
          .where('status', '!=', 'sent')
          .execute();
        const said = logs.map((l, i) => l.lines.map((x) => `server ${i} ${x.level}: ${x.message}`).join('\n'));
        throw new Error(
          `${e.message}\nclock ${clock.now().toISOString()}; not sent: ${JSON.stringify(left)}\n${said.join('\n')}`,
        );
      });
    await Promise.all(workers.map((w) => w.stop()));

    expect(sink.messages).toHaveLength(total);
    expect(new Set(sink.messages.map((m) => m.subject)).size).toBe(total);
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(total);
    const stored = await check.selectFrom('email_outbox').select(['status', 'attempts']).execute();
    expect(stored.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    for (const log of logs) {
      expect(outageLines(log)).toHaveLength(1);
      expect(recoveryLines(log)).toHaveLength(1);
    }
    expect(uncaught.stop()).toEqual([]);
  }
});
