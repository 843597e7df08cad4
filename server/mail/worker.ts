/**
 * Sends queued e-mail with retries, up to `concurrency` messages at once.
 *
 * Claims: one conditional UPDATE takes up to batchSize due rows, writing a fresh claim token and a
 * short lease (next_attempt_at = now + leaseMs); while the worker holds them a heartbeat renews
 * the lease every heartbeatMs, so a slow send keeps its row, and a row left by a dead process is
 * due again leaseMs after its last heartbeat (20 s, plus at most one poll interval: within 30 s).
 * A row is finished (sent, retried, failed) only by an update that matches its claim token, so a
 * worker whose lease passed to another cannot mark it twice.
 *
 * Exactly once, as far as SMTP allows: the one window left is a crash (or a lease lost in a
 * stall longer than leaseMs) after the server accepted a message but before the row is marked
 * sent; the message is then sent again, with the same Message-ID so a receiver can drop it.
 *
 * A failed attempt waits base * 2^(attempts-1) (capped) on the injected clock; after maxAttempts
 * the row is marked failed. Errors are logged and stored on the row, never thrown at a request.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../clock.ts';
import type { Database, OutboxRow } from '../db/schema.ts';
import { silentLogger, type Logger } from '../logger.ts';
import { claimDue } from './claim.ts';
import type { MailMessage, Mailer } from './message.ts';

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

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 1000);

/** A row this worker holds: its claim token, and whether a heartbeat found it taken by another. */
interface Claim {
  row: OutboxRow;
  token: string;
  lost: boolean;
}

type Outcome = keyof DrainResult;

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
  /** Rows claimed and not yet finished (waiting for a slot or in flight), by id. */
  readonly #held = new Map<number, Claim>();
  #renewing = false;

  constructor(deps: OutboxWorkerDeps, options: Partial<OutboxOptions> = {}) {
    this.#db = deps.db;
    this.#mailer = deps.mailer;
    this.#clock = deps.clock ?? systemClock;
    this.#log = deps.log ?? silentLogger;
    this.#from = deps.from;
    this.#domain = deps.messageIdDomain ?? /@([^>\s]+)>?\s*$/.exec(deps.from ?? '')?.[1] ?? 'joinery.local';
    const o = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
    this.options = { ...o, concurrency: Math.max(1, Math.floor(o.concurrency)), batchSize: Math.max(1, Math.floor(o.batchSize)) };
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

  /** Sends everything due now, claim after claim, until nothing is due. Retries wait for the clock. */
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
    void (async () => {
      do {
        this.#again = false;
        await this.drain().catch((e) => this.#log.error(`outbox: ${errorText(e)}`));
      } while (this.#again && this.#timer);
      this.#ticking = false;
    })();
  }

  /** Stops polling, hands back claimed rows not yet started and waits for the sends in flight. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#halting = true;
    try {
      await this.#chain.catch(() => undefined);
    } finally {
      this.#halting = false;
    }
  }

  #serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.#chain.catch(() => undefined).then(run);
    this.#chain = next;
    return next;
  }

  /** Keeps up to `concurrency` sends in flight, claiming the next batch before the slots run dry. */
  async #run(): Promise<DrainResult> {
    const { batchSize, concurrency, heartbeatMs } = this.options;
    const total: DrainResult = { sent: 0, retried: 0, failed: 0 };
    const waiting: Claim[] = [];
    const inFlight = new Set<Promise<void>>();
    const heartbeat = setInterval(() => void this.#renew(), heartbeatMs);
    heartbeat.unref();
    let more = true; // the last claim came back full: more may be due
    try {
      for (;;) {
        const idle = inFlight.size === 0 && waiting.length === 0;
        if (this.#halting) {
          if (waiting.length) await this.#release(waiting.splice(0));
          if (inFlight.size === 0) return total;
        } else if (waiting.length < concurrency && (more || idle)) {
          const claimed = await this.#claim(batchSize);
          if (claimed.length === 0 && idle) return total;
          more = claimed.length === batchSize;
          waiting.push(...claimed);
        }
        while (waiting.length && inFlight.size < concurrency && !this.#halting) {
          const claim = waiting.shift()!;
          const sending: Promise<void> = this.#deliver(claim)
            .then((outcome) => {
              if (outcome) total[outcome]++;
            })
            .catch((e) => this.#log.error(`outbox: message ${claim.row.id}: ${errorText(e)} (retried when its lease ends)`))
            .finally(() => {
              inFlight.delete(sending);
              this.#held.delete(claim.row.id);
            });
          inFlight.add(sending);
        }
        if (inFlight.size) await Promise.race(inFlight);
      }
    } finally {
      await Promise.allSettled(inFlight);
      clearInterval(heartbeat);
      for (const c of waiting) this.#held.delete(c.row.id);
    }
  }

  /** Takes up to `limit` due rows with a fresh token and lease (claim.ts: one statement, either database). */
  async #claim(limit: number): Promise<Claim[]> {
    const now = this.#clock.now();
    const token = randomUUID();
    const rows = await claimDue(this.#db, { now, leaseUntil: new Date(now.getTime() + this.options.leaseMs), limit, token });
    return rows.map((row) => {
      const claim = { row, token, lost: false };
      this.#held.set(row.id, claim);
      return claim;
    });
  }

  /** The heartbeat: pushes the lease of every held row ahead; a row not renewed was taken by another. */
  async #renew(): Promise<void> {
    if (this.#renewing || this.#held.size === 0) return;
    this.#renewing = true;
    try {
      const held = [...this.#held.values()];
      const tokens = [...new Set(held.map((c) => c.token))];
      const lease = new Date(this.#clock.now().getTime() + this.options.leaseMs).toISOString();
      const renewed = await this.#db
        .updateTable('email_outbox')
        .set({ next_attempt_at: lease })
        .where('status', '=', 'queued')
        .where('claim_token', 'in', tokens)
        .returning('id')
        .execute();
      const kept = new Set(renewed.map((r) => r.id));
      // Rows finished meanwhile are no longer queued either; only those still held were lost.
      for (const c of held) if (!kept.has(c.row.id) && this.#held.get(c.row.id) === c) c.lost = true;
    } catch (e) {
      this.#log.error(`outbox: lease renewal failed: ${errorText(e)}`);
    } finally {
      this.#renewing = false;
    }
  }

  /** Hands rows back (due now) on stop, so another worker or the next start sends them at once. */
  async #release(claims: Claim[]): Promise<void> {
    for (const c of claims) this.#held.delete(c.row.id);
    await this.#db
      .updateTable('email_outbox')
      .set({ claim_token: null, next_attempt_at: this.#clock.now().toISOString() })
      .where('id', 'in', claims.map((c) => c.row.id))
      .where('claim_token', 'in', [...new Set(claims.map((c) => c.token))])
      .where('status', '=', 'queued')
      .execute();
  }

  #lostLease(row: OutboxRow, what: string): undefined {
    this.#log.warn(`outbox: message ${row.id} ${what}, but its claim had passed to another worker; left to that worker`);
    return undefined;
  }

  async #deliver(claim: Claim): Promise<Outcome | undefined> {
    const { row, token } = claim;
    if (claim.lost) return this.#lostLease(row, 'was not sent');
    const attempts = row.attempts + 1;
    // Every finishing update matches the claim, so only the holder of the row can finish it.
    const mine = () => this.#db.updateTable('email_outbox').where('id', '=', row.id).where('claim_token', '=', token).where('status', '=', 'queued');
    try {
      await this.#mailer.send(this.#message(row));
    } catch (e) {
      const last_error = errorText(e);
      const at = this.#clock.now();
      if (attempts >= this.options.maxAttempts) {
        const failed = await mine()
          .set({ status: 'failed', attempts, last_error, next_attempt_at: at.toISOString(), claim_token: null })
          .returningAll()
          .executeTakeFirst();
        if (!failed) return this.#lostLease(row, 'failed');
        this.#log.error(`outbox: gave up on message ${row.id} (${row.kind} to ${row.to}) after ${attempts} attempts: ${last_error}`);
        await this.#runHooks(this.#failedHooks, failed);
        return 'failed';
      }
      const next = new Date(at.getTime() + backoffMs(attempts, this.options)).toISOString();
      const retried = await mine().set({ attempts, last_error, next_attempt_at: next, claim_token: null }).executeTakeFirst();
      if (Number(retried.numUpdatedRows) !== 1) return this.#lostLease(row, 'failed');
      this.#log.warn(`outbox: message ${row.id} attempt ${attempts} failed, next try at ${next}: ${last_error}`);
      return 'retried';
    }
    const sent = await mine()
      .set({ status: 'sent', attempts, last_error: null, sent_at: this.#clock.now().toISOString(), claim_token: null })
      .returningAll()
      .executeTakeFirst();
    if (!sent) return this.#lostLease(row, 'was sent (a receiver may see it twice, with the same Message-ID)');
    await this.#runHooks(this.#sentHooks, sent);
    return 'sent';
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
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: `<outbox-${row.id}.${Date.parse(row.created_at) || 0}@${this.#domain}>`,
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
