/**
 * Outbox throughput: sends run `concurrency` at once and never more, a full claim is followed by
 * the next at once (no waiting for the poll interval), and two workers on one database deliver
 * 1,000 messages to a real SMTP server each exactly once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../clock.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { testBedPerTest } from '../testing/test-bed.ts';
import type { MailMessage, Mailer } from './message.ts';
import { claimDue } from './claim.ts';
import { enqueueMail, outboxCounts, type OutgoingMail } from './outbox.ts';
import { smtpMailer } from './transports.ts';
import { OutboxWorker } from './worker.ts';

const FROM = 'Hearthline Cabinetry <no-reply@hearthlinecabinetry.com>';
const order: OutgoingMail = {
  kind: 'order-confirmation',
  to: 'jane@example.com',
  subject: 'Order Confirmation',
  text: 'Thank you.',
  html: '<p>Thank you.</p>',
};

const bed = testBedPerTest();
let db: Db;
let clock: ManualClock;
beforeEach(() => ({ db, clock } = bed));

async function enqueue(n: number) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < n; i++) await enqueueMail(trx, { ...order, subject: `m${i}` }, clock);
  });
}

/** A slow mailer stand-in that records how many sends are in flight at once. */
function slowMailer() {
  const sent: MailMessage[] = [];
  const stats = { inFlight: 0, max: 0 };
  const mailer: Mailer = {
    description: 'slow',
    async send(m) {
      stats.max = Math.max(stats.max, ++stats.inFlight);
      await new Promise((r) => setImmediate(r)); // answers on a later turn, as a network send does
      stats.inFlight--;
      sent.push(m);
      return { messageId: m.messageId ?? '' };
    },
    close() {},
  };
  return { mailer, sent, stats };
}

describe('OutboxWorker concurrency', () => {
  it('sends up to `concurrency` messages at once and never more', async () => {
    await enqueue(60);
    const slow = slowMailer();
    const worker = new OutboxWorker({ db, mailer: slow.mailer, clock }, { concurrency: 4, batchSize: 7 });
    expect(await worker.drain()).toEqual({ sent: 60, retried: 0, failed: 0 });
    expect(slow.stats.max).toBe(4);
    expect(slow.sent.map((m) => m.subject).sort()).toEqual([...Array(60).keys()].map((i) => `m${i}`).sort());
  });

  it('claims the next batch at once after a full one, without waiting for the poll interval', async () => {
    await enqueue(40);
    const slow = slowMailer();
    const worker = new OutboxWorker(
      { db, mailer: slow.mailer, clock },
      { concurrency: 3, batchSize: 5, intervalMs: 3_600_000 },
    );
    bed.defer(() => worker.stop());
    worker.start();
    await expect.poll(() => slow.sent.length).toBe(40);
    expect(slow.stats.max).toBe(3);
    // The last mark commits just after its send returned.
    await expect.poll(() => outboxCounts(db)).toEqual({ queued: 0, sent: 40, failed: 0 });
  });

  it('a claim takes at most its limit of due rows, and two claims at the same instant take different rows', async () => {
    await enqueue(10);
    const claim = (token: string) =>
      claimDue(db, { now: clock.now(), leaseUntil: new Date(clock.now().getTime() + 20_000), limit: 4, token });
    const [a, b] = await Promise.all([claim('a'), claim('b')]);
    expect([a.length, b.length]).toEqual([4, 4]);
    expect(new Set([...a, ...b].map((r) => r.id)).size).toBe(8);
    const rows = await db.selectFrom('email_outbox').select('claim_token').execute();
    expect(rows.map((r) => r.claim_token ?? 'none').sort()).toEqual([
      ...Array(4).fill('a'),
      ...Array(4).fill('b'),
      'none',
      'none',
    ]);
  });

  it('two workers on one database deliver 1,000 queued messages to a real SMTP server, each exactly once', async () => {
    await enqueue(1000);
    const sink = await startSmtpSink();
    bed.defer(() => sink.close());
    const workers = [db, openDatabase(bed.testDb.target)].map((handle, i) => {
      if (i > 0) bed.defer(() => handle.destroy());
      const mailer = smtpMailer(sink.url, FROM, { maxConnections: 8 });
      bed.defer(() => mailer.close());
      return new OutboxWorker({ db: handle, mailer, clock }, { concurrency: 8 });
    });
    const results = await Promise.all(workers.map((w) => w.drain()));

    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1000);
    expect(results.every((r) => r.sent > 0 && r.retried === 0 && r.failed === 0)).toBe(true);
    await sink.waitFor(1000);
    expect(sink.messages).toHaveLength(1000);
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(1000);
    expect(new Set(sink.messages.map((m) => m.subject)).size).toBe(1000);
    const rows = await db.selectFrom('email_outbox').select(['status', 'attempts', 'claim_token']).execute();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.claim_token !== null)).toBe(true);
  }, 60_000);
});
