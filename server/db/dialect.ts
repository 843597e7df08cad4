/**
 * Every difference between SQLite and PostgreSQL that the code meets, in one place: migrations
 * ask for their id and float columns here, services ask here whether an error is a unique
 * violation, the HTTP layer whether one means the database cannot be reached, the outbox asks
 * how to claim rows. Everything else (text timestamps in ISO-8601 UTC, 0/1 integer flags, JSON
 * as text, `returning`, `on conflict`) is written once and runs on both.
 */
import {
  PostgresAdapter,
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type Kysely,
  type SelectQueryBuilder,
} from 'kysely';

type DataTypeExpression = ColumnDataType;

export type DbKind = 'sqlite' | 'postgres';

/** Which database a Kysely instance (or a transaction of it) talks to. */
export function dbKind(db: Kysely<any>): DbKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

type ColumnSpec = [DataTypeExpression, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder];

/**
 * An auto-numbered primary key: `integer primary key autoincrement` in SQLite (ids never
 * reused), `serial primary key` in PostgreSQL. Use as `.addColumn('id', ...autoId(db))`.
 */
export function autoId(db: Kysely<any>): ColumnSpec {
  return dbKind(db) === 'postgres'
    ? ['serial', (c) => c.primaryKey()]
    : ['integer', (c) => c.primaryKey().autoIncrement()];
}

/** A floating-point column: SQLite's `real` is 8 bytes, PostgreSQL's only 4, so there `double precision`. */
export function floatType(db: Kysely<any>): DataTypeExpression {
  return dbKind(db) === 'postgres' ? 'double precision' : 'real';
}

/**
 * After rows were copied into a table with their ids (a table rebuild), PostgreSQL's sequence
 * must move past them or the next insert reuses an id. SQLite keeps autoincrement in step itself.
 */
export async function resyncAutoId(db: Kysely<any>, table: string): Promise<void> {
  if (dbKind(db) !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
    db,
  );
}

/**
 * True when `e` is a unique-constraint violation on `column`: SQLite's SQLITE_CONSTRAINT_UNIQUE
 * ("UNIQUE constraint failed: orders.idempotency_key") or PostgreSQL's 23505 (whose detail
 * reads "Key (idempotency_key)=(...) already exists").
 */
export function isUniqueViolation(e: unknown, column: string): boolean {
  const err = e as { code?: string; message?: string; detail?: string; constraint?: string } | null;
  if (!err || typeof err !== 'object') return false;
  if (err.code === 'SQLITE_CONSTRAINT_UNIQUE') return String(err.message).includes(column);
  if (err.code === '23505') return `${err.detail ?? ''} ${err.constraint ?? ''}`.includes(column);
  return false;
}

/**
 * PostgreSQL's SQLSTATEs of a connection that is gone or refused: class 08 (connection
 * exception), 57P01-57P03 (terminated by a shutdown, a crash, or not accepting connections
 * while it starts or stops), 57P05 (idle session timeout), 53300 (too many connections).
 */
const PG_UNAVAILABLE = /^(08...|57P0[1235]|53300)$/;
/** Node's socket and name-lookup errors on the way to the database server. */
const NET_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's own errors for a connection that ended, could not be made in time, or died under a client. */
const PG_CONNECTION_LOST =
  /^(Connection terminated\b|timeout exceeded when trying to connect$|Client has encountered a connection error and is not queryable$)/;

/**
 * True when `e` (as the driver threw it) says the database cannot be reached right now, so the
 * same request may succeed in a few seconds: PostgreSQL restarting, down, refusing or dropping
 * connections; SQLite's file still locked by another process after the busy timeout
 * (SQLITE_BUSY and its extended codes). A query's own failure (a constraint, bad SQL) is not.
 * An AggregateError (a host name with several addresses, each refused) counts when all of its
 * errors do.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  if (e instanceof AggregateError && e.errors.length > 0) return e.errors.every(isDatabaseUnavailable);
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (PG_UNAVAILABLE.test(code) || NET_UNAVAILABLE.has(code)) return true;
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) return true;
  }
  return typeof message === 'string' && PG_CONNECTION_LOST.test(message);
}

/**
 * A claim's inner select, locked `for update skip locked` on PostgreSQL: servers claiming at once
 * each take different rows without waiting on each other. SQLite runs one write at a time, so
 * the select stays as it is there.
 */
export function skipLocked<Q extends SelectQueryBuilder<any, any, any>>(db: Kysely<any>, query: Q): Q {
  return dbKind(db) === 'postgres' ? (query.forUpdate().skipLocked() as Q) : query;
}
