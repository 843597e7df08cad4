/**
 * Sends queued e-mail with retries. Due rows are claimed by pushing their next_attempt_at
 * ahead (a lease) in one statement (claim.ts), so two workers, on one server or several, never
 * send the same row at once and a crash mid-send only delays the message. A failed attempt waits base * 2^(attempts-1)
 * (capped) on the injected clock; after maxAttempts the row is marked failed. Errors are
 * logged and stored on the row, never thrown at a request.
 */
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../clock.ts';
import type { Database, OutboxRow } from '../db/schema.ts';
import { claimDue, releaseClaims, renewClaim } from './claim.ts';
import { silentLogger, type Logger } from '../logger.ts';
import type { MailMessage, Mailer } from './message.ts';

export interface OutboxOptions {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  batchSize: number;
  /** How often start() looks for due messages. */
  intervalMs: number;
  /** How long a claimed row is held before another worker may take it (longer than any send). */
  leaseMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  batchSize: 25,
  intervalMs: 5_000,
  leaseMs: 5 * 60_000,
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
  #stopping = false;

  constructor(deps: OutboxWorkerDeps, options: Partial<OutboxOptions> = {}) {
    this.#db = deps.db;
    this.#mailer = deps.mailer;
    this.#clock = deps.clock ?? systemClock;
    this.#log = deps.log ?? silentLogger;
    this.#from = deps.from;
    this.#domain = deps.messageIdDomain ?? /@([^>\s]+)>?\s*$/.exec(deps.from ?? '')?.[1] ?? 'joinery.local';
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
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

  /** Sends everything due now, batch after batch, until nothing is due. Retries wait for the clock. */
  drain(): Promise<DrainResult> {
    return this.#serial(async () => {
      const total: DrainResult = { sent: 0, retried: 0, failed: 0 };
      for (;;) {
        const { claimed, ...r } = await this.#batch();
        total.sent += r.sent;
        total.retried += r.retried;
        total.failed += r.failed;
        if (claimed === 0) return total;
      }
    });
  }

  /** Polls every intervalMs until stop(). The timer does not keep the process alive by itself. */
  start(): void {
    if (this.#timer) return;
    this.#stopping = false;
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

  /** Stops polling, waits for a send in progress and hands back the rest of its claimed batch. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#stopping = true;
    await this.#chain.catch(() => undefined);
  }

  #serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.#chain.catch(() => undefined).then(run);
    this.#chain = next;
    return next;
  }

  async #batch(): Promise<DrainResult & { claimed: number }> {
    const result = { sent: 0, retried: 0, failed: 0, claimed: 0 };
    if (this.#stopping) return result;
    const now = this.#clock.now();
    // One statement claims the batch, whichever server runs it (claim.ts).
    const rows = await claimDue(this.#db, { now, leaseUntil: new Date(now.getTime() + this.options.leaseMs), limit: this.options.batchSize });
    for (const [i, claimed] of rows.entries()) {
      if (this.#stopping) {
        // Stopping (SIGTERM): what was claimed but not tried goes back to the queue for another server now.
        await releaseClaims(this.#db, rows.slice(i), this.#clock.now());
        break;
      }
      const row = await renewClaim(this.#db, claimed, new Date(this.#clock.now().getTime() + this.options.leaseMs));
      if (!row) continue;
      result.claimed++;
      result[await this.#deliver(row)]++;
    }
    return result;
  }

  async #deliver(row: OutboxRow): Promise<'sent' | 'retried' | 'failed'> {
    const attempts = row.attempts + 1;
    try {
      await this.#mailer.send(this.#message(row));
    } catch (e) {
      const last_error = errorText(e);
      const at = this.#clock.now();
      if (attempts >= this.options.maxAttempts) {
        const failed = await this.#db
          .updateTable('email_outbox')
          .set({ status: 'failed', attempts, last_error, next_attempt_at: at.toISOString() })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        this.#log.error(`outbox: gave up on message ${row.id} (${row.kind} to ${row.to}) after ${attempts} attempts: ${last_error}`);
        await this.#runHooks(this.#failedHooks, failed);
        return 'failed';
      }
      const next = new Date(at.getTime() + backoffMs(attempts, this.options)).toISOString();
      await this.#db.updateTable('email_outbox').set({ attempts, last_error, next_attempt_at: next }).where('id', '=', row.id).execute();
      this.#log.warn(`outbox: message ${row.id} attempt ${attempts} failed, next try at ${next}: ${last_error}`);
      return 'retried';
    }
    const sent = await this.#db
      .updateTable('email_outbox')
      .set({ status: 'sent', attempts, last_error: null, sent_at: this.#clock.now().toISOString() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
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
