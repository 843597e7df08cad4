/**
 * Production wiring for `joinery start`: the SQLite file (migrated), the mail transport chosen
 * by SMTP_URL, the system clock. Environment: JOINERY_DATA_DIR (folder for the database, mail and
 * uploads; default var/), JOINERY_DB (database file), SMTP_URL, MAIL_FROM, PUBLIC_ORIGIN (the
 * site's public origin, when it differs from site.json), OUTBOX_CONCURRENCY (e-mails sent at once,
 * and SMTP connections kept open; default 8), STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY,
 * STRIPE_WEBHOOK_SECRET, STRIPE_API_URL (server/payments/stripe.ts).
 */
import { join } from 'node:path';
import { systemClock } from './clock.ts';
import type { CreateServerOptions } from './app.ts';
import { positiveInt } from './config.ts';
import { openMigratedDatabase } from './db/open.ts';
import { createMailer } from './mail/transports.ts';
import { DEFAULT_OUTBOX_OPTIONS } from './mail/worker.ts';
import { defaultPaymentProviders } from './payments/registry.ts';
import { sandboxGateway } from './sandbox-gateway/gateway.ts';
import { DEFAULT_CONTENT_DIR, DEFAULT_DB_FILE, DEFAULT_DIST_DIR, DEFAULT_MAIL_DIR } from './paths.ts';

export interface DefaultDepsOptions {
  env?: Record<string, string | undefined>;
  dbFile?: string;
  mailDir?: string;
  distDir?: string;
  siteDir?: string;
}

export interface DefaultDeps extends CreateServerOptions {
  dbFile: string;
  /** Closes the mail transport and the database. */
  close(): Promise<void>;
}

/** The SQLite file of JOINERY_DB, else $JOINERY_DATA_DIR/joinery.db, else var/joinery.db (the server and the CLI alike). */
export const dbFileFromEnv = (env: Record<string, string | undefined>) => env.JOINERY_DB || (env.JOINERY_DATA_DIR ? join(env.JOINERY_DATA_DIR, 'joinery.db') : DEFAULT_DB_FILE);

export async function createDefaultDeps(o: DefaultDepsOptions = {}): Promise<DefaultDeps> {
  const env = o.env ?? process.env;
  const dataDir = env.JOINERY_DATA_DIR;
  const dbFile = o.dbFile ?? dbFileFromEnv(env);
  const db = await openMigratedDatabase(dbFile);
  const mailDir = o.mailDir ?? (dataDir ? join(dataDir, 'mail') : DEFAULT_MAIL_DIR);
  const concurrency = positiveInt(env.OUTBOX_CONCURRENCY, DEFAULT_OUTBOX_OPTIONS.concurrency);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL || undefined, mailDir, maxConnections: concurrency });
  const gateway = sandboxGateway(db, systemClock);
  let payments;
  try {
    payments = defaultPaymentProviders({ sandbox: gateway, env });
  } catch (e) {
    mailer.close();
    await db.destroy();
    throw e;
  }
  return {
    db,
    dbFile,
    mailer,
    clock: systemClock,
    sandboxGateway: gateway,
    payments,
    siteDir: o.siteDir ?? DEFAULT_CONTENT_DIR,
    config: {
      distDir: o.distDir ?? DEFAULT_DIST_DIR,
      outbox: { concurrency },
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
