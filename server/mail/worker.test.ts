import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ManualClock } from '../clock.ts';
import type { Db } from '../db/index.ts';
import { memoryLogger } from '../logger.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { testBedPerTest } from '../testing/test-bed.ts';
import { memoryMailer } from './memory-mailer.ts';
import type { MailMessage, Mailer } from './message.ts';
import { enqueueMail, outboxCounts, type OutgoingMail } from './outbox.ts';
import { smtpMailer } from './transports.ts';
import { backoffMs, OutboxWorker, outboxMessageId } from './worker.ts';

const FROM = 'Hearthline Cabinetry <no-reply@hearthlinecabinetry.com>';
const order: OutgoingMail = {
  kind: 'order-confirmation',
  to: 'jane@example.com',
  cc: ['sales@hearthlinecabinetry.com'],
  subject: 'Order Confirmation #100042',
  text: 'Thank you for your order.',
  html: '<p>Thank you for your order.</p>',
  ref: { type: 'order', id: 42 },
};

const bed = testBedPerTest();
let db: Db;
let clock: ManualClock;
beforeEach(() => ({ db, clock } = bed));

const row = (id: number) => db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('enqueueMail', () => {
  it('writes inside the caller transaction: a rollback leaves no message', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, order, clock);
        throw new Error('payment step failed');
      }),
    ).rejects.toThrow('payment step failed');
    expect((await outboxCounts(db)).queued).toBe(0);

    const id = await db.transaction().execute((trx) => enqueueMail(trx, order, clock));
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      to: 'jane@example.com',
      cc: '["sales@hearthlinecabinetry.com"]',
      created_at: '2025-03-01T10:00:00.000Z',
      next_attempt_at: '2025-03-01T10:00:00.000Z',
      ref_type: 'order',
      ref_id: '42',
    });
  });
});

describe('OutboxWorker with a real SMTP server', () => {
  it('sends a queued message and marks it sent', async () => {
    const sink = await startSmtpSink();
    bed.defer(() => sink.close());
    const mailer = smtpMailer(sink.url, FROM);
    bed.defer(() => mailer.close());
    const worker = new OutboxWorker({ db, mailer, clock, messageIdDomain: 'hearthlinecabinetry.com' });
    const sent: number[] = [];
    worker.onSent((r) => void sent.push(r.id));
    const id = await enqueueMail(db, order, clock);

    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [got] = await sink.waitFor(1);
    expect(got).toMatchObject({
      to: 'jane@example.com',
      cc: 'sales@hearthlinecabinetry.com',
      subject: 'Order Confirmation #100042',
      text: order.text,
      html: order.html,
    });
    expect(got!.messageId).toMatch(/^<outbox-\d+\.\d+@hearthlinecabinetry\.com>$/);
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: '2025-03-01T10:00:00.000Z',
    });
    expect(sent).toEqual([id]);
    expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sink.messages).toHaveLength(1);
  });

  it("marks every message auto-generated (RFC 3834), the shop's copy with the customer as Reply-To too", async () => {
    const sink = await startSmtpSink();
    bed.defer(() => sink.close());
    const mailer = smtpMailer(sink.url, FROM);
    bed.defer(() => mailer.close());
    const worker = new OutboxWorker({ db, mailer, clock });
    const admin: OutgoingMail = {
      ...order,
      kind: 'order-confirmation-admin',
      to: 'orders@hearthlinecabinetry.com',
      cc: [],
      replyTo: 'jane@example.com',
      subject: 'New Order #100042',
    };
    await enqueueMail(db, order, clock);
    await enqueueMail(db, admin, clock);

    expect(await worker.drain()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const got = await sink.waitFor(2);
    expect(got.map((m) => [m.subject, m.headers['reply-to'] ?? null, m.headers['auto-submitted']]).sort()).toEqual([
      ['New Order #100042', 'jane@example.com', 'auto-generated'],
      ['Order Confirmation #100042', null, 'auto-generated'],
    ]);
  });

  it('retries after the server rejects once, waiting the backoff on the clock', async () => {
    const sink = await startSmtpSink();
    bed.defer(() => sink.close());
    sink.rejectNext(1, 451, 'Greylisted, try again');
    const mailer = smtpMailer(sink.url, FROM);
    bed.defer(() => mailer.close());
    const log = memoryLogger();
    const worker = new OutboxWorker({ db, mailer, clock, log });
    const id = await enqueueMail(db, order, clock);

    expect(await worker.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const after1 = await row(id);
    expect(after1).toMatchObject({ status: 'queued', attempts: 1 });
    expect(after1.last_error).toMatch(/Greylisted/);
    expect(after1.next_attempt_at).toBe('2025-03-01T10:00:30.000Z');
    expect(log.lines.some((l) => l.level === 'warn' && l.message.includes('attempt 1 failed'))).toBe(true);

    clock.advance(29_000);
    expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.advance(1_000);
    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    const [got] = await sink.waitFor(1);
    expect(got!.subject).toBe('Order Confirmation #100042');
    expect(sink.messages).toHaveLength(1);
  });
});

describe('Message-ID', () => {
  it('comes from the row: the same on every attempt, from any worker of the shop', async () => {
    const attempts: MailMessage[] = [];
    let failures = 1;
    const recording: Mailer = {
      description: 'recording',
      async send(m) {
        attempts.push(m);
        if (failures-- > 0) throw new Error('451 try again later');
        return { messageId: m.messageId! };
      },
      close() {},
    };
    const id = await enqueueMail(db, order, clock);
    const first = new OutboxWorker({ db, mailer: recording, clock, from: FROM });
    expect(await first.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    clock.advance(60_000);
    const second = new OutboxWorker({ db, mailer: recording, clock, from: FROM });
    expect(await second.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });

    const expected = `<outbox-${id}.${Date.parse('2025-03-01T10:00:00.000Z')}@hearthlinecabinetry.com>`;
    expect(attempts.map((m) => m.messageId)).toEqual([expected, expected]);
    expect(outboxMessageId(await row(id), 'hearthlinecabinetry.com')).toBe(expected);
  });
});

describe('OutboxWorker retries and failure', () => {
  it('backs off exponentially up to the cap', () => {
    const o = { baseDelayMs: 30_000, maxDelayMs: 3_600_000 };
    expect([1, 2, 3, 4, 8, 20].map((n) => backoffMs(n, o))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });

  it('gives up after maxAttempts, marks the message failed and calls onFailed; a throwing hook is only logged', async () => {
    const mem = memoryMailer();
    mem.failNext(100, new Error('connect ECONNREFUSED 127.0.0.1:25'));
    const log = memoryLogger();
    const worker = new OutboxWorker({ db, mailer: mem, clock, log }, { maxAttempts: 3 });
    const failed: string[] = [];
    worker.onFailed((r) => void failed.push(`${r.ref_type}:${r.ref_id}`));
    worker.onFailed(() => {
      throw new Error('hook bug');
    });
    const id = await enqueueMail(db, order, clock);
    const results = [];
    for (let i = 0; i < 3; i++) {
      results.push(await worker.drain());
      clock.advance(3_600_000);
    }
    expect(results.map((r) => [r.retried, r.failed])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    expect(failed).toEqual(['order:42']);
    expect(log.lines.filter((l) => l.level === 'error').map((l) => l.message)).toEqual([
      expect.stringContaining('gave up on message'),
      expect.stringContaining('hook for message'),
    ]);
    clock.advance(86_400_000);
    expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('sends each message once when two workers drain together', async () => {
    const mem = memoryMailer();
    for (let i = 0; i < 10; i++) await enqueueMail(db, { ...order, subject: `m${i}` }, clock);
    const a = new OutboxWorker({ db, mailer: mem, clock }, { batchSize: 3 });
    const b = new OutboxWorker({ db, mailer: mem, clock }, { batchSize: 3 });
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect(ra.sent + rb.sent).toBe(10);
    expect(mem.sent.map((m) => m.subject).sort()).toEqual([...Array(10).keys()].map((i) => `m${i}`).sort());
  });

  it('sends each of 100 messages once when four workers drain together', async () => {
    const mem = memoryMailer();
    for (let i = 0; i < 100; i++) await enqueueMail(db, { ...order, subject: `m${i}` }, clock);
    const workers = Array.from({ length: 4 }, () => new OutboxWorker({ db, mailer: mem, clock }, { batchSize: 7 }));
    const results = await Promise.all(workers.map((w) => w.drain()));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(100);
    expect(mem.sent.map((m) => m.subject).sort()).toEqual([...Array(100).keys()].map((i) => `m${i}`).sort());
    expect(await outboxCounts(db)).toEqual({ queued: 0, sent: 100, failed: 0 });
  });

  it('start() sends on notify and on its interval; stop() waits for the send in progress', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }); // its interval is the subject
    onTestFinished(() => void vi.useRealTimers());
    const mem = memoryMailer();
    const worker = new OutboxWorker({ db, mailer: mem, clock }, { intervalMs: 20 });
    worker.notify(); // not started: does nothing
    await enqueueMail(db, order, clock);
    worker.start();
    await expect.poll(() => mem.sent.length).toBe(1);
    await enqueueMail(db, { ...order, subject: 'second' }, clock);
    vi.advanceTimersByTime(20);
    await expect.poll(() => mem.sent.length).toBe(2);
    await worker.stop();
    await enqueueMail(db, { ...order, subject: 'after stop' }, clock);
    expect(vi.getTimerCount()).toBe(0); // no interval left
    vi.advanceTimersByTime(60);
    expect(mem.sent).toHaveLength(2);
  });
});
