import SQLite from 'better-sqlite3';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderBody, send } from '../commerce/testing.ts';
import { groupCommitOf } from '../db/group-commit.ts';
import { openMigratedDatabase, type Db } from '../db/open.ts';
import { silentLogger } from '../logger.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import type { AppEnv } from './env.ts';
import { errorHandler } from './on-error.ts';
import { waitForCommit } from './wait-for-commit.ts';

/**
 * A table whose foreign key SQLite checks only at COMMIT: an orphan row makes the COMMIT of the
 * batch holding it fail, as a full disk or an I/O error would.
 */
const deferredFk = (db: Db) =>
  sql`create table if not exists test_child (id integer primary key, parent integer references orders(id) deferrable initially deferred)`.execute(
    db,
  );

describe('answers wait for the group commit (SQLite)', () => {
  let t: TestServer;
  let other: SQLite.Database;
  beforeEach(async () => {
    t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
    other = new SQLite(t.dbTarget, { readonly: true });
  });
  afterEach(async () => {
    other.close();
    await t.close();
  });

  it('an order is readable by another connection when its answer arrives', async () => {
    const [a, b] = await Promise.all([
      send(t.app, 'POST', '/api/order', orderBody()),
      send(t.app, 'POST', '/api/order', orderBody()),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const ids = other.prepare('select id from orders order by id').pluck().all();
    expect(ids).toEqual([a.json.order.id, b.json.order.id].sort());
  });

  it('an order whose batch fails to commit answers 503, is not stored, and the next one is', async () => {
    await deferredFk(t.db);
    // Every order row brings an orphan along: its batch's COMMIT fails.
    await sql`create trigger test_orphan after insert on orders when new.email = 'fail@example.com' begin insert into test_child (parent) values (-1); end`.execute(
      t.db,
    );
    groupCommitOf(t.db)!.flush();
    const failed = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({ billing: { ...orderBody().billing, email: 'fail@example.com' } }),
    );
    expect(failed.status).toBe(503);
    expect(failed.json).toEqual({ success: false, message: 'Service unavailable' });
    expect(failed.headers.get('retry-after')).toBe('5');
    expect(other.prepare('select count(*) from orders').pluck().get()).toBe(0);

    const ok = await send(t.app, 'POST', '/api/order', orderBody());
    expect(ok.status).toBe(201);
    expect(other.prepare('select id from orders').pluck().all()).toEqual([ok.json.order.id]);
  });
});

describe('a failed batch', () => {
  let dir: TempDir;
  let db: Db;
  beforeEach(async () => {
    dir = tempDir();
    db = await openMigratedDatabase(dir.join('joinery.db'));
    await deferredFk(db);
    groupCommitOf(db)!.flush();
  });
  afterEach(async () => {
    await db.destroy();
    dir.cleanup();
  });

  it('answers 503 to every request whose writes it held, then the next batch starts clean', async () => {
    const app = new Hono<AppEnv>();
    const logged: unknown[][] = [];
    app.use('/api/*', waitForCommit(db, { ...silentLogger, error: (...a: unknown[]) => void logged.push(a) }));
    app.post('/api/good/:key', async (c) => {
      await db.transaction().execute((trx) =>
        trx
          .insertInto('rate_limit_hits')
          .values({ key: c.req.param('key'), hits: 1, reset_at: '2030-01-01' })
          .execute(),
      );
      return c.json({ success: true });
    });
    app.post('/api/orphan', async (c) => {
      await sql`insert into test_child (parent) values (-1)`.execute(db);
      return c.json({ success: true });
    });
    app.onError(errorHandler(silentLogger));

    const answers = await Promise.all([
      app.request('/api/good/a', { method: 'POST' }),
      app.request('/api/orphan', { method: 'POST' }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([503, 503]);
    expect(await Promise.all(answers.map((r) => r.json()))).toEqual([
      { success: false, message: 'Service unavailable' },
      { success: false, message: 'Service unavailable' },
    ]);

    // The operator learns why.
    expect(logged.map(([m, e]) => [String(m).replace(/^request \S+ /, ''), String(e)])).toEqual([
      ['POST /api/good/a: its writes were not committed:', 'SqliteError: FOREIGN KEY constraint failed'],
      ['POST /api/orphan: its writes were not committed:', 'SqliteError: FOREIGN KEY constraint failed'],
    ]);

    const next = await app.request('/api/good/b', { method: 'POST' });
    expect(next.status).toBe(200);
    expect(await db.selectFrom('rate_limit_hits').select('key').execute()).toEqual([{ key: 'b' }]);
    expect((await sql`select count(*) as n from test_child`.execute(db)).rows).toEqual([{ n: 0 }]);
  });
});
