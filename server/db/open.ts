/** Opens the SQLite database through Kysely: WAL, foreign keys on, a busy timeout. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { DEFAULT_DB_FILE } from '../paths.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';

export type Db = Kysely<Database>;

export function openDatabase(file: string = DEFAULT_DB_FILE): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers (health checks, pages) go on while a write transaction runs.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // A second process (a CLI task, a test) waits for the lock instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Opens the database and applies every pending migration: what `joinery start` does. */
export async function openMigratedDatabase(file: string = DEFAULT_DB_FILE): Promise<Db> {
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
  } catch (e) {
    await db.destroy();
    throw e;
  }
  return db;
}
