/**
 * The database of one integration test. SQLite by default: a migrated file in the test's temp
 * folder. Under the vitest project "postgres" (JOINERY_TEST_DB=postgres, see vitest.config.ts) a
 * fresh database on the PostgreSQL server that postgres-setup.ts started, copied from the migrated
 * template, dropped at close. The same tests then prove the same behaviour on both.
 */
import pg from 'pg';
import { inject } from 'vitest';
import type { DbKind } from '../db/dialect.ts';
import { openDatabase, openMigratedDatabase, type Db } from '../db/open.ts';
import { MIGRATED_TEMPLATE } from './postgres.ts';
import type { TempDir } from './temp-dir.ts';

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
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new empty PostgreSQL database (not migrated), for tests of the migrations themselves. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${process.pid}_${counter++}_${Date.now().toString(36)}`;
  await admin(`create database "${name}"`);
  const url = inject('postgresAdminUrl').replace(/\/[^/]*$/, `/${name}`);
  return { url, drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

export async function openTestDatabase(dir: TempDir): Promise<TestDatabase> {
  if (testDbKind() === 'sqlite') {
    const target = dir.join('joinery.db');
    const db = await openMigratedDatabase(target);
    return { db, kind: 'sqlite', target, close: () => db.destroy() };
  }
  const name = `t_${process.pid}_${counter++}_${Date.now().toString(36)}`;
  await admin(`create database "${name}" template "${MIGRATED_TEMPLATE}"`);
  const target = inject('postgresAdminUrl').replace(/\/[^/]*$/, `/${name}`);
  const db = openDatabase(target);
  return {
    db,
    kind: 'postgres',
    target,
    async close() {
      await db.destroy();
      await admin(`drop database if exists "${name}" with (force)`);
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
