/**
 * The database of one integration test. SQLite by default: a migrated file in the test's temp
 * folder. Under the vitest project "postgres" (JOINERY_TEST_DB=postgres, see vitest.config.ts) a
 * fresh database on the PostgreSQL server that postgres-setup.ts started, copied from the migrated
 * template, emptied at close for the next test of the same process (dropped when something still
 * holds it). The same tests then prove the same behaviour on both.
 */
import pg from 'pg';
import { afterEach, beforeEach, inject } from 'vitest';
import type { DbKind } from '../db/dialect.ts';
import { openDatabase, openMigratedDatabase, type Db } from '../db/open.ts';
import { MIGRATED_TEMPLATE } from './postgres.ts';
import { tempDir, type TempDir } from './temp-dir.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database URL of the test PostgreSQL server. */
    postgresAdminUrl: string;
  }
}

export const testDbKind = (): DbKind => (process.env.JOINERY_TEST_DB === 'postgres' ? 'postgres' : 'sqlite');

export interface TestDatabase {
  db: Db;
  kind: DbKind;
  /** What openDatabase takes to reach the same database (a file or a URL), e.g. for a second server. */
  target: string;
  /** Closes the connection(s) and removes the database. */
  close(): Promise<void>;
}

let counter = 0;

async function admin(sql: string): Promise<void> {
  await withClient(inject('postgresAdminUrl'), (c) => c.query(sql));
}

/** A new empty PostgreSQL database (not migrated), for tests of the migrations themselves. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${process.pid}_${counter++}_${Date.now().toString(36)}`;
  await admin(`create database "${name}"`);
  const url = inject('postgresAdminUrl').replace(/\/[^/]*$/, `/${name}`);
  return { url, drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/**
 * Databases of this test process whose test ended, emptied and ready for the next one: creating
 * a database from the template and dropping it cost a checkpoint each, truncating costs little.
 */
const idle: string[] = [];

async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Empties a test's database for the next test: every table but the migrations' (ids restart at
 * 1). False when something still holds it (a connection left open, a lock): then it is dropped.
 */
async function emptyForReuse(url: string, name: string): Promise<boolean> {
  try {
    return await withClient(url, async (c) => {
      const others = await c.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      if (others.rows[0].n > 0) return false;
      const tables = await c.query<{ t: string }>(
        "select quote_ident(tablename) as t from pg_tables where schemaname = 'public' and tablename not like 'kysely\\_%'",
      );
      await c.query("set lock_timeout = '2s'");
      if (tables.rows.length)
        await c.query(`truncate ${tables.rows.map((r) => r.t).join(', ')} restart identity cascade`);
      return true;
    });
  } catch {
    return false;
  }
}

export async function openTestDatabase(dir: TempDir): Promise<TestDatabase> {
  if (testDbKind() === 'sqlite') {
    const target = dir.join('joinery.db');
    const db = await openMigratedDatabase(target);
    return { db, kind: 'sqlite', target, close: () => db.destroy() };
  }
  let name = idle.pop();
  if (!name) {
    name = `t_${process.pid}_${counter++}_${Date.now().toString(36)}`;
    await admin(`create database "${name}" template "${MIGRATED_TEMPLATE}"`);
  }
  const target = inject('postgresAdminUrl').replace(/\/[^/]*$/, `/${name}`);
  const db = openDatabase(target);
  return {
    db,
    kind: 'postgres',
    target,
    async close() {
      await db.destroy();
      if (await emptyForReuse(target, name)) idle.push(name);
      else await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * An empty (not migrated) database of the test's kind, for the tests of the migrations
 * themselves: a new SQLite file, or a new PostgreSQL database dropped at close.
 */
export async function openEmptyTestDatabase(dir: TempDir): Promise<TestDatabase> {
  if (testDbKind() === 'sqlite') {
    const target = dir.join('empty.db');
    const db = openDatabase(target);
    return { db, kind: 'sqlite', target, close: () => db.destroy() };
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  const db = openDatabase(url);
  return {
    db,
    kind: 'postgres',
    target: url,
    async close() {
      await db.destroy();
      await drop();
    },
  };
}

/**
 * A fresh test database for every test of the calling file (opened before each, closed and
 * removed after each): call once at the file's top level, then `current()` inside a test.
 */
export function databasePerTest(): () => TestDatabase {
  let dir: TempDir | undefined;
  let t: TestDatabase | undefined;
  beforeEach(async () => {
    dir = tempDir();
    t = await openTestDatabase(dir);
  });
  afterEach(async () => {
    await t?.close();
    dir?.cleanup();
    t = dir = undefined;
  });
  return () => {
    if (!t) throw new Error('databasePerTest: used outside a test');
    return t;
  };
}
