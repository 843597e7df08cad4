/**
 * Outbox claims across workers and crashes: a killed worker's row is sent again within 30 s and
 * once, a heartbeat keeps a slow send's row, a worker whose lease passed to another cannot mark
 * the row a second time, and stop() hands back rows it has not started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, systemClock, type Clock, type ManualClock } from '../clock.ts';
import type { Db } from '../db/index.ts';
import { memoryLogger } from '../logger.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { memoryMailer } from './memory-mailer.ts';
import type { MailMessage, Mailer } from './message.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';
import { smtpMailer } from './transports.ts';
import { DEFAULT_OUTBOX_OPTIONS, OutboxWorker } from './worker.ts';

const FROM = 'Hearthline Cabinetry <no-reply@hearthlinecabinetry.com>';
const CHILD = fileURLToPath(new URL('../testing/outbox-worker-process.ts', import.meta.url));
const order: OutgoingMail = {
  kind: 'order-confirmation',
  to: 'jane@example.com',
  subject: 'Order Confirmation #100042',
  text: 'Thank you.',
  html: '<p>Thank you.</p>',
};
const nothing = { sent: 0, retried: 0, failed: 0 };

let dir: TempDir;
let testDb: TestDatabase;
let db: Db;
let clock: ManualClock;
const cleanups: (() => unknown)[] = [];
beforeEach(async () => {
  dir = tempDir();
  testDb = await openTestDatabase(dir);
  db = testDb.db;
  clock = manualClock('2025-03-01T10:00:00.000Z');
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await testDb.close();
  dir.cleanup();
});

const row = (id: number) => db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const at = (ms: number): Clock => ({ now: () => new Date(ms) });

/** A mailer stand-in whose sends wait until the test opens the gate. */
function gatedMailer() {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const started: MailMessage[] = [];
  const mailer: Mailer = {
    description: 'gated',
    async send(m) {
      started.push(m);
      await gate;
      return { messageId: m.messageId ?? '' };
    },
    close() {},
  };
  return { mailer, started, open };
}

describe('a worker killed mid-send', () => {
  it('leaves its row to be sent by another worker within 30 s, exactly once', async () => {
    const stalled = await startSmtpSink(); // never answers DATA: the child's send hangs
    stalled.holdNext(1);
    cleanups.push(() => stalled.close());
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const id = await enqueueMail(db, order, systemClock);

    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD, testDb.target, stalled.url], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = once(child, 'exit');
    cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
    await stalled.waitForHeld(1, 25_000);
    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    const claimed = await row(id);
    expect(claimed).toMatchObject({ status: 'queued', attempts: 0 });
    expect(claimed.claim_token).toEqual(expect.any(String));

    const mailer = smtpMailer(sink.url, FROM);
    cleanups.push(() => mailer.close());
    // Right after the kill the dead worker's lease still holds the row.
    expect(await new OutboxWorker({ db, mailer }).drain()).toEqual(nothing);
    // A worker polling every intervalMs looks by killedAt + 30 s - intervalMs: the row is due by then.
    const later = new OutboxWorker({ db, mailer, clock: at(killedAt + 30_000 - DEFAULT_OUTBOX_OPTIONS.intervalMs) });
    expect(await later.drain()).toEqual({ ...nothing, sent: 1 });
    const [got] = await sink.waitFor(1);
    expect(got!.messageId).toBe(stalled.held[0]!.messageId); // the same Message-ID: a receiver can drop a repeat
    // A sent row keeps the token of the claim that sent it: the later worker's, not the dead one's.
    const sent = await row(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, claim_token: expect.any(String) });
    expect(sent.claim_token).not.toBe(claimed.claim_token);
    expect(await later.drain()).toEqual(nothing);
    expect(sink.messages).toHaveLength(1);
  }, 60_000);
});

describe('leases', () => {
  it('a heartbeat renews the lease of a slow send, so no other worker takes the row', async () => {
    const slow = gatedMailer();
    const a = new OutboxWorker({ db, mailer: slow.mailer, clock }, { heartbeatMs: 10 });
    const other = memoryMailer();
    const b = new OutboxWorker({ db, mailer: other, clock });
    const id = await enqueueMail(db, order, clock);
    const draining = a.drain();
    await expect.poll(() => slow.started.length).toBe(1);

    // Three times the 20 s lease goes by while the send hangs; each time the heartbeat renews it.
    for (let i = 0; i < 3; i++) {
      clock.advance(15_000);
      const renewed = new Date(clock.now().getTime() + DEFAULT_OUTBOX_OPTIONS.leaseMs).toISOString();
      await expect.poll(async () => (await row(id)).next_attempt_at).toBe(renewed);
      expect(await b.drain()).toEqual(nothing);
    }
    slow.open();
    expect(await draining).toEqual({ ...nothing, sent: 1 });
    expect(other.sent).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, claim_token: expect.any(String) });
  });

  it('a worker whose lease passed to another does not finish the row: only the new holder does', async () => {
    const slowA = gatedMailer();
    const slowB = gatedMailer();
    const log = memoryLogger();
    // No heartbeat within the test: the lease runs out while the send hangs (a stalled process).
    const a = new OutboxWorker({ db, mailer: slowA.mailer, clock, log }, { heartbeatMs: 3_600_000 });
    const b = new OutboxWorker({ db, mailer: slowB.mailer, clock }, { heartbeatMs: 3_600_000 });
    const hooks: string[] = [];
    a.onSent(() => void hooks.push('a'));
    b.onSent(() => void hooks.push('b'));
    const id = await enqueueMail(db, order, clock);
    const drainingA = a.drain();
    await expect.poll(() => slowA.started.length).toBe(1);

    clock.advance(DEFAULT_OUTBOX_OPTIONS.leaseMs);
    const drainingB = b.drain();
    await expect.poll(() => slowB.started.length).toBe(1);
    const heldByB = await row(id);
    expect(heldByB).toMatchObject({ status: 'queued', claim_token: expect.any(String) });

    // A's send ends while B holds the row: A's finishing update matches nothing.
    slowA.open();
    expect(await drainingA).toEqual(nothing);
    expect(await row(id)).toEqual(heldByB);
    expect(
      log.lines.some(
        (l) =>
          l.level === 'warn' &&
          l.message.includes(`message ${id} was sent`) &&
          l.message.includes('passed to another worker'),
      ),
    ).toBe(true);

    slowB.open();
    expect(await drainingB).toEqual({ ...nothing, sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, claim_token: heldByB.claim_token });
    expect(hooks).toEqual(['b']);
  });

  it('a claimed row whose lease the heartbeat finds taken by another is not sent', async () => {
    const slow = gatedMailer();
    const log = memoryLogger();
    const a = new OutboxWorker({ db, mailer: slow.mailer, clock, log }, { concurrency: 1, heartbeatMs: 10 });
    const first = await enqueueMail(db, { ...order, subject: 'first' }, clock);
    const second = await enqueueMail(db, { ...order, subject: 'second' }, clock);
    const draining = a.drain();
    await expect.poll(() => slow.started.length).toBe(1);
    // Another worker's claim on the second row (as after a stall longer than the lease).
    await db.updateTable('email_outbox').set({ claim_token: 'another-worker' }).where('id', '=', second).execute();
    clock.advance(5_000);
    const renewed = new Date(clock.now().getTime() + DEFAULT_OUTBOX_OPTIONS.leaseMs).toISOString();
    await expect.poll(async () => (await row(first)).next_attempt_at).toBe(renewed); // a heartbeat ran since

    slow.open();
    expect(await draining).toEqual({ ...nothing, sent: 1 });
    expect(slow.started.map((m) => m.subject)).toEqual(['first']);
    expect(await row(second)).toMatchObject({ status: 'queued', attempts: 0, claim_token: 'another-worker' });
    expect(log.lines.some((l) => l.level === 'warn' && l.message.includes(`message ${second} was not sent`))).toBe(
      true,
    );
  });

  it('stop() lets the send in flight finish and hands back the claimed rows it has not started', async () => {
    const slow = gatedMailer();
    const worker = new OutboxWorker({ db, mailer: slow.mailer, clock }, { concurrency: 1 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await enqueueMail(db, { ...order, subject: `m${i}` }, clock));
    worker.start();
    await expect.poll(() => slow.started.length).toBe(1);
    const stopped = worker.stop();
    slow.open();
    await stopped;
    expect(slow.started.map((m) => m.subject)).toEqual(['m0']);
    expect(await row(ids[0]!)).toMatchObject({ status: 'sent' });
    for (const id of ids.slice(1))
      expect(await row(id)).toMatchObject({
        status: 'queued',
        attempts: 0,
        claim_token: null,
        next_attempt_at: clock.now().toISOString(),
      });
  });
});
