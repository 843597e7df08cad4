/**
 * The server's database opened for reading by an operator's tool: never created, never migrated.
 * A missing SQLite file, pending migrations or a database that cannot be reached throw
 * DatabaseUnreadable, whose message names the database and what to do.
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { pendingMigrations } from './migrate.ts';
import { isPostgresUrl, openDatabase, type Db } from './open.ts';
import { databaseTarget, dbFileFromEnv, redactUrl } from './target.ts';

export class DatabaseUnreadable extends Error {}

/** The database of `env` (as `joinery start` picks it), checked to be present and migrated. */
export async function openForReading(env: Record<string, string | undefined>, cwd: string): Promise<Db> {
  let target: string;
  try {
    target = databaseTarget(env, dbFileFromEnv(env));
  } catch (e) {
    throw new DatabaseUnreadable((e as Error).message);
  }
  const rel = relative(cwd, target);
  const where = isPostgresUrl(target) ? redactUrl(target) : rel && !rel.startsWith('..') ? rel : target;
  if (!isPostgresUrl(target) && !existsSync(target))
    throw new DatabaseUnreadable(
      `no database at ${where}: set DATABASE_URL, JOINERY_DB or JOINERY_DATA_DIR to the server's`,
    );
  const db = openDatabase(target, { poolSize: 1 });
  try {
    const pending = await pendingMigrations(db);
    if (pending.length)
      throw new DatabaseUnreadable(
        `the database ${where} is not up to date (${pending.length} migration${pending.length === 1 ? '' : 's'} pending): run joinery migrate`,
      );
    return db;
  } catch (e) {
    await db.destroy();
    throw e instanceof DatabaseUnreadable
      ? e
      : new DatabaseUnreadable(`cannot read the database ${where}: ${(e as Error).message}`);
  }
}
