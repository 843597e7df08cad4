/**
 * Sends queued e-mail with retries, up to `concurrency` messages at once.
 *
 * Claims: one conditional UPDATE takes up to batchSize due rows, writing a fresh claim token and a
 * short lease (next_attempt_at = now + leaseMs); while the worker holds them a heartbeat renews
 * the lease every heartbeatMs, so a slow send keeps its row, and a row left by a dead process is
 * due again leaseMs after its last heartbeat (20 s, plus at most one poll interval: within 30 s).
 * A row is finished (sent, retried, failed) only by an update that matches its claim token, so a
 * worker whose lease passed to another cannot mark it twice. A sent row keeps the token of the
 * claim that sent it, so a retried mark whose first try committed unseen recognises its own row.
 *
 * The database going away (a restart, a failover) costs no duplicate while this process lives:
 * - a message the mail server accepted is marked sent again and again, with back-off
 *   (retryMinMs doubling to retryMaxMs), until the mark sticks; it stays held meanwhile, and the
 *   heartbeat keeps renewing its lease (a failed renewal is tried again after the same back-off,
 *   so the lease is renewed as soon as the database answers);
 * - while anything fails nothing new is claimed or sent; once everything answers again the worker
 *   claims nothing for resumeGraceMs, time for every other server's unconfirmed messages to be
 *   renewed or marked, even those whose leases ran out during a long outage;
 * - no loop throws: one error line when the outage begins, one line when it ends, and retries
 *   with back-off in between (the poll loop probes the database with a cheap select).
 *
 * What no worker can prevent: a process killed (kill -9, a crash, the machine lost), or stopped
 * while the database stays away for leaseMs, after the mail server accepted a message but before
 * the row is marked sent. Its lease then runs out and another server sends the message again.
 * Every attempt carries the same Message-ID, derived from the row (outboxMessageId), so a receiver
 * can drop the repeat.
 *
 * A failed attempt waits base * 2^(attempts-1) (capped) on the injected clock; after maxAttempts
 * the row is marked failed. Errors are logged and stored on the row, never thrown at a request.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../clock.ts';
import type { Database, OutboxRow } from '../db/schema.ts';
import { silentLogger, type Logger } from '../logger.ts';
import { claimDue } from './claim.ts';
import type { MailMessage, Mailer } from './message.ts';
import { rowAttachments } from './outbox.ts';

export interface OutboxOptions {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Rows taken per claim; while claims come back full the worker claims again at once. */
  batchSize: number;
  /** Messages in flight at once (OUTBOX_CONCURRENCY). */
  concurrency: number;
  /** How often start() looks for due messages. */
  intervalMs: number;
  /** How long a claim holds a row without a heartbeat; then another worker may take it. */
  leaseMs: number;
  /** How often a live worker renews the leases of the rows it holds (well under leaseMs). */
  heartbeatMs: number;
  /** While the database fails, retries wait retryMinMs, doubling up to retryMaxMs. */
  retryMinMs: number;
  retryMaxMs: number;
  /** After an outage, how long the worker claims nothing new (well over retryMaxMs). */
  resumeGraceMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  batchSize: 32,
  concurrency: 8,
  intervalMs: 5_000,
  leaseMs: 20_000,
  heartbeatMs: 5_000,
  retryMinMs: 100,
  retryMaxMs: 2_000,
  resumeGraceMs: 5_000,
};

export interface DrainResult {
  sent: number;
  /** Failed attempts that will be tried again. */
  retried: number;
  /** Messages given up on (status failed). */
  failed: number;
}

export type OutboxHook = (row: OutboxRow) => void | Promise<void>;

export interface OutboxWorkerDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  clock?: Clock;
  log?: Logger;
  /** The From of every message (else the mailer's default). */
  from?: string;
  /** Domain of the stable Message-IDs (default: the From address's domain). */
  messageIdDomain?: string;
}

/** Delay before the next attempt after `attempts` failed ones. */
export function backoffMs(attempts: number, o: Pick<OutboxOptions, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The Message-ID of an outbox row: its id and creation time, so every attempt, on every server
 * of the shop, sends the message under the same Message-ID and a receiver can drop a repeat.
 */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'created_at'>, domain: string): string {
  return `<outbox-${row.id}.${Date.parse(row.created_at) || 0}@${domain}>`;
}

/**
 * Every message the outbox sends is made by the shop's code, not typed by a person (RFC 3834
 * "auto-generated"): out-of-office and other automatic replies are not sent back to it, which
 * matters most for the shop's copies, whose Reply-To is the customer.
 */
const AUTO_GENERATED: Readonly<Record<string, string>> = { 'Auto-Submitted': 'auto-generated' };

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 1000);

/** A row this worker holds: its claim token, and whether a heartbeat found it taken by another. */
interface Claim {
  row: OutboxRow;
  token: string;
  lost: boolean;
}

type Outcome = keyof DrainResult;

/** What is failing and retried: claims and other queue statements, the heartbeat, or one message's mark (`sent:<id>`). */
const QUEUE = 'queue';
const HEARTBEAT = 'heartbeat';

export class OutboxWorker {
  readonly options: OutboxOptions;
  readonly #db: Kysely<Database>;
  readonly #mailer: Mailer;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #from: string | undefined;
  readonly #domain: string;
  readonly #sentHooks = new Set<OutboxHook>();
  readonly #failedHooks = new Set<OutboxHook>();
  /** Runs are chained so drain(), the timer and notify() never overlap in one process. */
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #ticking = false;
  #again = false;
  /** Set by stop(): the run in progress claims nothing more and hands back what it has not started. */
  #halting = false;
  /** While stopping, marks that do not stick by then are given up (Date.now()). */
  #haltDeadline = Infinity;
  /** Rows claimed and not yet finished (waiting for a slot, in flight or being marked sent), by id. */
  readonly #held = new Map<number, Claim>();
  /** What is failing against the database now and being retried: an outage while not empty. */
  readonly #failing = new Set<string>();
  #outageSince = 0;
  /** Rows whose hand-back failed: handed back again once the database answers. */
  #unreleased: Claim[] = [];
  /** No claim before this (Date.now()): the grace after an outage. */
  #claimAfter = 0;
  /** The last of the statements that lock several held rows (#rowsStatement): the next waits for it. */
  #rowsBusy: Promise<void> = Promise.resolve();
  /** Database errors already logged (as the start of an outage). */
  readonly #reported = new WeakSet<object>();

  constructor(deps: OutboxWorkerDeps, options: Partial<OutboxOptions> = {}) {
    this.#db = deps.db;
    this.#mailer = deps.mailer;
    this.#clock = deps.clock ?? systemClock;
    this.#log = deps.log ?? silentLogger;
    this.#from = deps.from;
    this.#domain = deps.messageIdDomain ?? /@([^>\s]+)>?\s*$/.exec(deps.from ?? '')?.[1] ?? 'joinery.local';
    const o = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
    this.options = {
      ...o,
      concurrency: Math.max(1, Math.floor(o.concurrency)),
      batchSize: Math.max(1, Math.floor(o.batchSize)),
    };
  }

  /** Called after a message is marked sent (e.g. set an order's emailSent); returns an unsubscribe. */
  onSent(hook: OutboxHook): () => void {
    this.#sentHooks.add(hook);
    return () => this.#sentHooks.delete(hook);
  }

  /** Called when a message is given up on. */
  onFailed(hook: OutboxHook): () => void {
    this.#failedHooks.add(hook);
    return () => this.#failedHooks.delete(hook);
  }

  /**
   * Sends everything due now, claim after claim, until nothing is due. Retries wait for the clock.
   * Rejects when the database fails to answer a claim; resolves only once every message the mail
   * server accepted is marked sent.
   */
  drain(): Promise<DrainResult> {
    return this.#serial(() => this.#run());
  }

  /** Polls every intervalMs until stop(). The timer does not keep the process alive by itself. */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.notify(), this.options.intervalMs);
    this.#timer.unref();
    this.notify();
  }

  /** Asks a started worker to look now (call after enqueueing, so mail goes out without waiting). */
  notify(): void {
    if (!this.#timer) return;
    if (this.#ticking) {
      this.#again = true; // enqueued while a pass runs: look once more when it ends
      return;
    }
    this.#ticking = true;
    void this.#poll();
  }

  /**
   * Stops polling, hands back claimed rows not yet started and waits for the sends in flight. A
   * message the mail server accepted is still marked sent, for up to leaseMs if the database is away.
   */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#halting = true;
    this.#haltDeadline = Date.now() + this.options.leaseMs;
    try {
      await this.#chain.catch(() => undefined);
    } finally {
      this.#halting = false;
      this.#haltDeadline = Infinity;
    }
  }

  #serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.#chain.catch(() => undefined).then(run);
    this.#chain = next;
    return next;
  }

  /** The poll loop: drains; while the database fails, again after the back-off; after an outage, once the grace is over. Never throws. */
  async #poll(): Promise<void> {
    let failures = 0;
    try {
      do {
        this.#again = false;
        try {
          await this.drain();
        } catch (e) {
          if (!this.#isReported(e)) this.#log.error(`outbox: ${errorText(e)}`);
        }
        if (!this.#timer) break;
        failures = this.#failing.size ? failures + 1 : 0;
        const pause = failures ? this.#retryDelay(failures) : this.#claimAfter - Date.now();
        if (pause > 0) {
          await sleep(pause, undefined, { ref: false });
          this.#again = true;
        }
      } while (this.#again && this.#timer);
    } finally {
      this.#ticking = false;
    }
  }

  #retryDelay(failures: number): number {
    const { retryMinMs, retryMaxMs } = this.options;
    return Math.min(retryMaxMs, retryMinMs * 2 ** Math.min(30, Math.max(0, failures - 1)));
  }

  #isReported(e: unknown): boolean {
    return typeof e === 'object' && e !== null && this.#reported.has(e);
  }

  /** Runs one statement as part of `key`: a failure starts an outage (logged once), the last success of an outage ends it. */
  async #attempt<T>(key: string, what: string, statement: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await statement();
    } catch (e) {
      if (typeof e === 'object' && e !== null) this.#reported.add(e);
      if (this.#failing.size === 0) {
        this.#outageSince = Date.now();
        this.#log.error(
          `outbox: the database is not answering (${what}: ${errorText(e)}); retrying with back-off until it does`,
        );
      }
      this.#failing.add(key);
      throw e;
    }
    if (this.#failing.delete(key) && this.#failing.size === 0) {
      const { resumeGraceMs } = this.options;
      this.#claimAfter = Date.now() + resumeGraceMs;
      const secs = ((Date.now() - this.#outageSince) / 1000).toFixed(1);
      this.#log.info(
        `outbox: the database answers again after ${secs} s; new messages are claimed in ${resumeGraceMs / 1000} s`,
      );
    }
    return result;
  }

  /** `key`'s loop ended without a success: until the database is probed, the outage goes on. */
  #forget(key: string): void {
    if (this.#failing.delete(key) && this.#failing.size === 0) this.#failing.add(QUEUE);
  }

  /** Keeps up to `concurrency` sends in flight, claiming the next batch before the slots run dry. */
  async #run(): Promise<DrainResult> {
    const { batchSize, concurrency } = this.options;
    const total: DrainResult = { sent: 0, retried: 0, failed: 0 };
    const waiting: Claim[] = [];
    const inFlight = new Set<Promise<void>>();
    const stopHeartbeat = this.#heartbeat();
    let more = true; // the last claim came back full: more may be due
    try {
      for (;;) {
        // Stopping, or the database failing: start nothing more and hand back what waits.
        if ((this.#halting || this.#failing.size) && waiting.length) await this.#release(waiting.splice(0));
        const idle = inFlight.size === 0 && waiting.length === 0;
        if (this.#halting) {
          if (idle) return total;
        } else if (waiting.length < concurrency && (more || idle)) {
          const claimed = await this.#claim(batchSize);
          if (claimed.length === 0 && idle) return total;
          more = claimed.length === batchSize;
          waiting.push(...claimed);
        }
        while (waiting.length && inFlight.size < concurrency && !this.#halting && this.#failing.size === 0) {
          const claim = waiting.shift()!;
          const sending: Promise<void> = this.#deliver(claim)
            .then((outcome) => {
              if (outcome) total[outcome]++;
            })
            .catch((e) => {
              if (!this.#isReported(e))
                this.#log.error(`outbox: message ${claim.row.id}: ${errorText(e)} (retried when its lease ends)`);
            })
            .finally(() => {
              inFlight.delete(sending);
              this.#held.delete(claim.row.id);
            });
          inFlight.add(sending);
        }
        if (inFlight.size) await Promise.race(inFlight);
      }
    } finally {
      // A failed claim ends the run: what waits for a slot is handed back, not left to its lease.
      if (waiting.length) await this.#release(waiting.splice(0));
      await Promise.allSettled(inFlight);
      await stopHeartbeat();
    }
  }

  /**
   * Takes up to `limit` due rows with a fresh token and lease (claim.ts: one statement, either
   * database). Nothing while the database fails (after an outage of the queue's statements it is
   * probed first) or in the grace after an outage.
   */
  async #claim(limit: number): Promise<Claim[]> {
    if (this.#failing.has(QUEUE))
      await this.#attempt(QUEUE, 'looking for due messages', () =>
        this.#db.selectFrom('email_outbox').select('id').limit(1).execute(),
      );
    if (!this.#failing.size && this.#unreleased.length) await this.#release(this.#unreleased.splice(0));
    if (this.#failing.size || Date.now() < this.#claimAfter) return [];
    const now = this.#clock.now();
    const token = randomUUID();
    const rows = await this.#attempt(QUEUE, 'claiming due messages', () =>
      claimDue(this.#db, { now, leaseUntil: new Date(now.getTime() + this.options.leaseMs), limit, token }),
    );
    return rows.map((row) => {
      const claim = { row, token, lost: false };
      this.#held.set(row.id, claim);
      return claim;
    });
  }

  /**
   * The heartbeat of a run: renews the held leases heartbeatMs after the last renewal answered;
   * after a failed one again after the retry back-off (sooner). One renewal at a time: on a slow
   * database a renewal that takes longer than heartbeatMs is waited for, not joined by more of them
   * (renewals of the same rows queue on their row locks, deadlock with each other and fill the
   * pool ahead of the marks and claims). Returns its stop, which waits for the renewal in flight.
   */
  #heartbeat(): () => Promise<void> {
    const { heartbeatMs } = this.options;
    let stopped = false;
    let failures = 0;
    let timer: NodeJS.Timeout | undefined;
    let beating: Promise<void> = Promise.resolve();
    const schedule = (ms: number) => {
      timer = setTimeout(() => {
        beating = beat();
      }, ms);
      timer.unref();
    };
    const beat = async () => {
      const renewed = await this.#renew();
      if (stopped) return;
      failures = renewed ? 0 : failures + 1;
      schedule(renewed ? heartbeatMs : Math.min(heartbeatMs, this.#retryDelay(failures)));
    };
    schedule(heartbeatMs);
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await beating;
      this.#forget(HEARTBEAT);
    };
  }

  /**
   * Runs the statements that lock several rows this worker holds (the renewal, the hand-back) one
   * at a time: run together they can lock the same rows in different orders and deadlock, and the
   * database aborts one of them (an aborted hand-back leaves its rows until their leases run out).
   */
  #rowsStatement<T>(statement: () => Promise<T>): Promise<T> {
    const next = this.#rowsBusy.then(statement);
    this.#rowsBusy = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  /** Pushes the lease of every held row ahead; a row not renewed was taken by another. False when the database failed. */
  async #renew(): Promise<boolean> {
    if (this.#held.size === 0) return true;
    const held = [...this.#held.values()];
    const tokens = [...new Set(held.map((c) => c.token))];
    const lease = new Date(this.#clock.now().getTime() + this.options.leaseMs).toISOString();
    let renewed: { id: number }[];
    try {
      renewed = await this.#attempt(HEARTBEAT, 'renewing leases', () =>
        this.#rowsStatement(() =>
          this.#db
            .updateTable('email_outbox')
            .set({ next_attempt_at: lease })
            .where('status', '=', 'queued')
            // By id too: a claim's other rows, handed back without an answer, are not held any more.
            .where(
              'id',
              'in',
              held.map((c) => c.row.id),
            )
            .where('claim_token', 'in', tokens)
            .returning('id')
            .execute(),
        ),
      );
    } catch {
      return false;
    }
    const kept = new Set(renewed.map((r) => r.id));
    // Rows finished meanwhile are no longer queued either; only those still held were lost.
    for (const c of held) if (!kept.has(c.row.id) && this.#held.get(c.row.id) === c) c.lost = true;
    return true;
  }

  /**
   * Hands rows back (due now), so another worker or the next run sends them at once. If the
   * database fails, they are handed back again before the next claim; meanwhile their leases run out.
   */
  async #release(claims: Claim[]): Promise<void> {
    for (const c of claims) this.#held.delete(c.row.id);
    await this.#attempt(QUEUE, 'handing back claimed messages', () =>
      this.#rowsStatement(() =>
        this.#db
          .updateTable('email_outbox')
          .set({ claim_token: null, next_attempt_at: this.#clock.now().toISOString() })
          .where(
            'id',
            'in',
            claims.map((c) => c.row.id),
          )
          .where('claim_token', 'in', [...new Set(claims.map((c) => c.token))])
          .where('status', '=', 'queued')
          .execute(),
      ),
    ).catch(() => void this.#unreleased.push(...claims));
  }

  #lostLease(row: OutboxRow, what: string): undefined {
    this.#log.warn(
      `outbox: message ${row.id} ${what}, but its claim had passed to another worker; left to that worker`,
    );
    return undefined;
  }

  async #deliver(claim: Claim): Promise<Outcome | undefined> {
    const { row, token } = claim;
    if (claim.lost) return this.#lostLease(row, 'was not sent');
    const attempts = row.attempts + 1;
    // Every finishing update matches the claim, so only the holder of the row can finish it.
    const mine = () =>
      this.#db
        .updateTable('email_outbox')
        .where('id', '=', row.id)
        .where('claim_token', '=', token)
        .where('status', '=', 'queued');
    try {
      await this.#mailer.send(this.#message(row));
    } catch (e) {
      const last_error = errorText(e);
      const at = this.#clock.now();
      if (attempts >= this.options.maxAttempts) {
        const failed = await this.#attempt(QUEUE, `marking message ${row.id} failed`, () =>
          mine()
            .set({ status: 'failed', attempts, last_error, next_attempt_at: at.toISOString(), claim_token: null })
            .returningAll()
            .executeTakeFirst(),
        );
        if (!failed) return this.#lostLease(row, 'failed');
        this.#log.error(
          `outbox: gave up on message ${row.id} (${row.kind} to ${row.to}) after ${attempts} attempts: ${last_error}`,
        );
        await this.#runHooks(this.#failedHooks, failed);
        return 'failed';
      }
      const next = new Date(at.getTime() + backoffMs(attempts, this.options)).toISOString();
      const retried = await this.#attempt(QUEUE, `scheduling message ${row.id} again`, () =>
        mine().set({ attempts, last_error, next_attempt_at: next, claim_token: null }).executeTakeFirst(),
      );
      if (Number(retried.numUpdatedRows) !== 1) return this.#lostLease(row, 'failed');
      this.#log.warn(`outbox: message ${row.id} attempt ${attempts} failed, next try at ${next}: ${last_error}`);
      return 'retried';
    }
    return this.#markSent(claim, attempts);
  }

  /**
   * The mail server accepted the message: marks the row sent, retrying with back-off until the
   * mark sticks (the row stays held, so the heartbeat keeps its lease). The update also matches
   * the row already sent under this claim: a try that committed but whose answer was lost.
   */
  async #markSent(claim: Claim, attempts: number): Promise<Outcome | undefined> {
    const { row, token } = claim;
    const key = `sent:${row.id}`;
    const sentAt = this.#clock.now().toISOString();
    const mark = () =>
      this.#db
        .updateTable('email_outbox')
        .set({ status: 'sent', attempts, last_error: null, sent_at: sentAt })
        .where('id', '=', row.id)
        .where('claim_token', '=', token)
        .where('status', 'in', ['queued', 'sent'])
        .returningAll()
        .executeTakeFirst();
    try {
      for (let failures = 1; ; failures++) {
        let sent: OutboxRow | undefined;
        try {
          sent = await this.#attempt(key, `marking message ${row.id} sent`, mark);
        } catch (e) {
          if (this.#halting && Date.now() >= this.#haltDeadline) {
            this.#log.error(
              `outbox: message ${row.id} was accepted by the mail server but could not be marked sent before stopping (${errorText(e)}); another server will send it again after its lease, with the same Message-ID`,
            );
            return undefined;
          }
          await sleep(this.#retryDelay(failures));
          continue;
        }
        if (!sent) return this.#lostLease(row, 'was sent (a receiver may see it twice, with the same Message-ID)');
        await this.#runHooks(this.#sentHooks, sent);
        return 'sent';
      }
    } finally {
      this.#forget(key);
    }
  }

  #message(row: OutboxRow): MailMessage {
    let cc: string[] = [];
    try {
      const parsed: unknown = JSON.parse(row.cc);
      if (Array.isArray(parsed)) cc = parsed.filter((a): a is string => typeof a === 'string');
    } catch {
      // A hand-edited cc that is not JSON: send without it rather than never.
    }
    return {
      from: this.#from,
      to: row.to,
      cc,
      replyTo: row.reply_to ?? undefined,
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: outboxMessageId(row, this.#domain),
      headers: { ...AUTO_GENERATED },
      attachments: rowAttachments(row),
    };
  }

  async #runHooks(hooks: Set<OutboxHook>, row: OutboxRow): Promise<void> {
    for (const hook of hooks) {
      try {
        await hook(row);
      } catch (e) {
        this.#log.error(`outbox: hook for message ${row.id} failed: ${errorText(e)}`);
      }
    }
  }
}
