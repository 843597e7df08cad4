/**
 * Opens the database through Kysely. By default a SQLite file (WAL, foreign keys on, a busy
 * timeout); a `postgres://` (or `postgresql://`) URL opens a PostgreSQL pool instead, for shops
 * whose servers run on several machines.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type SQLiteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type Pg from 'pg';
import { throttled } from '../logger.ts';
import { DEFAULT_DB_FILE } from '../paths.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database, Db } from './schema.ts';
import { groupCommitOf, registerGroupCommit, withGroupCommit } from './group-commit.ts';
import { withStatementCache } from './statement-cache.ts';
import { backgroundCheckpointer } from './checkpointer.ts';

export type { Db };

// Each driver loads when a database of its kind opens: a SQLite shop never loads pg, nor a PostgreSQL one better-sqlite3.
const requireDriver = createRequire(import.meta.url);

export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

/** The database named by a URL or a SQLite file path (default var/joinery.db). */
export function openDatabase(target: string = DEFAULT_DB_FILE, o: { poolSize?: number } = {}): Db {
  return isPostgresUrl(target) ? openPostgres(target, o.poolSize) : openSqlite(target);
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const SQLite = requireDriver('better-sqlite3') as typeof SQLiteDatabase;
  const sqlite = new SQLite(file);
  // WAL lets readers (health checks, pages) go on while a write transaction runs.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // A second process (a CLI task, a test) waits for the lock instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  // 64 MiB of page cache instead of 2: a growing shop's hot pages (indexes, the newest rows) stay
  // in memory instead of being read again through the WAL index and a read() for every query.
  sqlite.pragma('cache_size = -65536');
  // Statement and savepoint journals in memory. By default they spill to a temp file past 64 KiB,
  // which a group-commit batch soon reaches; from then on every page a statement changed cost two
  // pwrite() calls: about 60 per checkout, two thirds of all the file writes of a checkout.
  sqlite.pragma('temp_store = MEMORY');
  // Group commit (group-commit.ts) unless JOINERY_GROUP_COMMIT=0: then one commit per transaction or statement.
  if (process.env.JOINERY_GROUP_COMMIT === '0')
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // The WAL checkpoints on a second thread once the connection is busy (checkpointer.ts).
  const gc = withGroupCommit(
    sqlite,
    withStatementCache(sqlite),
    backgroundCheckpointer(sqlite, { onError: (m) => console.error(`joinery: ${m}`) }),
  );
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: gc }) });
  registerGroupCommit(db, gc);
  return db;
}

/**
 * The pg driver returns bigint (count(*)) and numeric (money) as strings, to lose nothing; the
 * code reads numbers, as SQLite gives them. Counts stay far below 2^53 and money has two decimals.
 */
const pgTypes = (pg: typeof Pg) => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
});

/** How often a lost PostgreSQL connection is logged: one line per outage, not one per connection. */
const CONNECTION_LOST_LOG_MS = 10_000;

function openPostgres(url: string, poolSize = Number(process.env.DATABASE_POOL_SIZE) || 10): Db {
  const pg = requireDriver('pg') as typeof Pg;
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes(pg) });
  const lost = throttled(CONNECTION_LOST_LOG_MS, (line) => console.error(`joinery: ${line}`));
  // A connection that dies (a database restart) must not crash the server. The pool reports
  // its idle clients' errors here and drops them; requests answer 503 until it is back.
  pool.on('error', (e) => lost(`PostgreSQL connection lost: ${e.message}`));
  // A client lent out (in a transaction, between two queries) reports the error on itself,
  // where nothing else listens: an uncaught exception. The query in progress rejects with the
  // error, later ones with "not queryable", and the pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Opens the database and applies every pending migration: what `joinery start` does. On
 * PostgreSQL Kysely's migrator holds an advisory lock meanwhile, so servers starting together
 * migrate one after the other (the later ones find nothing left to do).
 */
export async function openMigratedDatabase(target: string = DEFAULT_DB_FILE): Promise<Db> {
  const db = openDatabase(target);
  try {
    await migrateToLatest(db);
    // The schema is committed before anything (another process, the first request) relies on it.
    groupCommitOf(db)?.flush();
  } catch (e) {
    await db.destroy();
    throw e;
  }
  return db;
}
