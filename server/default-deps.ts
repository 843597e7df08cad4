/**
 * Production wiring for `joinery start`: the database (migrated), the mail transport chosen
 * by SMTP_URL, the system clock. Environment: DATABASE_URL (postgres://user:password@host:port/db:
 * PostgreSQL, for several servers; unset: the SQLite file), JOINERY_DATA_DIR (folder for the
 * database, mail and uploads; default var/), JOINERY_DB (database file), JOINERY_UPLOAD_DIR (the
 * upload folder; several servers must share it), SMTP_URL, MAIL_FROM, PUBLIC_ORIGIN (the site's
 * public origin, when it differs from site.json), OUTBOX_CONCURRENCY (e-mails sent at once, and
 * SMTP connections kept open; default 8), OUTBOX_INTERVAL_MS (how often each server looks for due
 * mail; default 5000), OUTBOX_LEASE_MS (how long a crashed server's claims hold their rows;
 * default 20000), STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL
 * (server/payments/stripe.ts).
 */
import { join } from 'node:path';
import { systemClock } from './clock.ts';
import type { CreateServerOptions } from './app.ts';
import { positiveInt } from './config.ts';
import { dbKind, type DbKind } from './db/dialect.ts';
import { isPostgresUrl, openMigratedDatabase } from './db/open.ts';
import { databaseTarget, dbFileFromEnv, redactUrl } from './db/target.ts';
import { createMailer } from './mail/transports.ts';
import { DEFAULT_OUTBOX_OPTIONS, type OutboxOptions } from './mail/worker.ts';
import { defaultPaymentProviders } from './payments/registry.ts';
import { DEFAULT_CONTENT_DIR, DEFAULT_DIST_DIR, DEFAULT_MAIL_DIR } from './paths.ts';

export interface DefaultDepsOptions {
  env?: Record<string, string | undefined>;
  dbFile?: string;
  mailDir?: string;
  distDir?: string;
  siteDir?: string;
}

export interface DefaultDeps extends CreateServerOptions {
  dbFile: string;
  dbKind: DbKind;
  /** For the start line: the SQLite file, or the PostgreSQL URL without its password. */
  dbDescription: string;
  /** Closes the mail transport and the database. */
  close(): Promise<void>;
}

/** The outbox knobs of the environment; the heartbeat renews a lease four times before it ends. */
function outboxOptions(env: Record<string, string | undefined>, concurrency: number): Partial<OutboxOptions> {
  const intervalMs = positiveInt(env.OUTBOX_INTERVAL_MS, 0);
  const leaseMs = positiveInt(env.OUTBOX_LEASE_MS, 0);
  return {
    concurrency,
    ...(intervalMs ? { intervalMs } : {}),
    ...(leaseMs
      ? { leaseMs, heartbeatMs: Math.max(1, Math.min(DEFAULT_OUTBOX_OPTIONS.heartbeatMs, Math.floor(leaseMs / 4))) }
      : {}),
  };
}

export async function createDefaultDeps(o: DefaultDepsOptions = {}): Promise<DefaultDeps> {
  const env = o.env ?? process.env;
  const dataDir = env.JOINERY_DATA_DIR;
  const dbFile = o.dbFile ?? dbFileFromEnv(env);
  const target = databaseTarget(env, dbFile);
  const db = await openMigratedDatabase(target);
  const mailDir = o.mailDir ?? (dataDir ? join(dataDir, 'mail') : DEFAULT_MAIL_DIR);
  const concurrency = positiveInt(env.OUTBOX_CONCURRENCY, DEFAULT_OUTBOX_OPTIONS.concurrency);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL || undefined, mailDir, maxConnections: concurrency });
  let payments: ReturnType<typeof defaultPaymentProviders>;
  try {
    payments = defaultPaymentProviders({ db, clock: systemClock, env });
  } catch (e) {
    mailer.close();
    await db.destroy();
    throw e;
  }
  return {
    db,
    dbFile,
    dbKind: dbKind(db),
    dbDescription: isPostgresUrl(target) ? redactUrl(target) : dbFile,
    mailer,
    clock: systemClock,
    payments,
    siteDir: o.siteDir ?? DEFAULT_CONTENT_DIR,
    config: {
      distDir: o.distDir ?? DEFAULT_DIST_DIR,
      outbox: outboxOptions(env, concurrency),
      ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
      ...(env.PUBLIC_ORIGIN ? { origin: env.PUBLIC_ORIGIN } : {}),
      // JOINERY_LOG_REQUESTS=0 silences the per-request log line (the end-to-end tests set it).
      ...(env.JOINERY_LOG_REQUESTS === '0' ? { logRequests: false } : {}),
    },
    async close() {
      mailer.close();
      await db.destroy();
    },
  };
}
