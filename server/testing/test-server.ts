/**
 * The real app for integration tests: a migrated database (a SQLite file in a temp folder, or a
 * fresh PostgreSQL database under the "postgres" vitest project: test-db.ts), a manual clock,
 * a silent logger, a fake dist (or none), and a memory mailer unless one is given.
 *
 *   const t = await createTestServer();
 *   const res = await t.app.request('/api/health');
 *   ...
 *   await t.close();
 */
import { createServer, type CreateServerOptions, type JoineryServer } from '../app.ts';
import { manualClock, type ManualClock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { DbKind } from '../db/dialect.ts';
import type { Db } from '../db/open.ts';
import { silentLogger, type Logger } from '../logger.ts';
import { memoryMailer, type MemoryMailer } from '../mail/memory-mailer.ts';
import type { Mailer } from '../mail/message.ts';
import { defaultPaymentProviders } from '../payments/registry.ts';
import { sandboxGateway } from '../sandbox-gateway/gateway.ts';
import { writeFakeDist } from './fake-dist.ts';
import { tempDir, type TempDir } from './temp-dir.ts';
import { openTestDatabase } from './test-db.ts';

export interface TestServer<M extends Mailer = MemoryMailer> extends JoineryServer {
  db: Db;
  dbKind: DbKind;
  /** The database's file or URL (openDatabase reaches it again). */
  dbTarget: string;
  clock: ManualClock;
  /** A MemoryMailer (its `sent` list) unless the test gave its own mailer. */
  mailer: M;
  dir: TempDir;
  /** Stops the worker, closes the db, removes the temp folder. */
  close(): Promise<void>;
}

export interface TestServerOptions<M extends Mailer = MemoryMailer> {
  /** false: API only; a string: that dist folder; default: a fake dist in the temp folder. */
  dist?: false | string;
  /** e.g. smtpMailer(sink.url, from) to deliver to a loopback SMTP server. */
  mailer?: M;
  log?: Logger;
  config?: Partial<ServerConfig>;
  siteDir?: CreateServerOptions['siteDir'];
  /** Payment configuration as the environment gives it (STRIPE_SECRET_KEY ...): providers as `joinery start` would make them. */
  paymentEnv?: Record<string, string | undefined>;
}

export async function createTestServer<M extends Mailer = MemoryMailer>(
  o: TestServerOptions<M> = {},
): Promise<TestServer<M>> {
  const dir = tempDir('joinery-server-');
  const testDb = await openTestDatabase(dir);
  const { db } = testDb;
  const clock = manualClock();
  const mailer = o.mailer ?? (memoryMailer() as Mailer as M);
  const distDir = o.dist === false ? null : (o.dist ?? writeFakeDist(dir.join('dist')));
  try {
    const gateway = sandboxGateway(db, clock);
    const payments = defaultPaymentProviders({ db, sandbox: gateway, clock, env: o.paymentEnv ?? {} });
    const server = createServer({
      db,
      mailer,
      clock,
      log: o.log ?? silentLogger,
      siteDir: o.siteDir ?? dir.join('no-content'),
      config: { distDir, uploadDir: dir.join('uploads'), ...o.config },
      payments,
    });
    return {
      ...server,
      db,
      dbKind: testDb.kind,
      dbTarget: testDb.target,
      clock,
      mailer,
      dir,
      async close() {
        await server.close();
        await testDb.close();
        dir.cleanup();
      },
    };
  } catch (e) {
    await testDb.close();
    dir.cleanup();
    throw e;
  }
}
