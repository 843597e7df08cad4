/**
 * Applies the in-code migrations (server/db/migrations) with Kysely's Migrator.
 *
 * Servers starting together must not race: on PostgreSQL the migrator holds an advisory lock;
 * SQLite has no such lock, so a migrator that lost the race to another process (its table was
 * just created, the file is busy) rolls back and tries again, and then finds the work done.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { dbKind } from './dialect.ts';
import { migrations } from './migrations/index.ts';

export class MigrationError extends Error {}

function migrator(db: Kysely<any>) {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

const lostSqliteRace = (e: unknown) =>
  /already exists|SQLITE_BUSY|database is locked/i.test(
    `${(e as { code?: string })?.code ?? ''} ${e instanceof Error ? e.message : String(e)}`,
  );

/** Brings the database up to the latest migration; returns the names applied now. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator(db).migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (attempt < 5 && dbKind(db) === 'sqlite' && lostSqliteRace(error)) {
      await sleep(50 * attempt + Math.random() * 100);
      continue;
    }
    const failed = results?.find((r: MigrationResult) => r.status === 'Error');
    const why = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration${failed ? ` ${failed.migrationName}` : ''} failed: ${why}`);
  }
}

/** Names of the migrations already applied, oldest first. */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt).map((m) => m.name);
}

/** Names of the migrations not applied yet, in order. */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const applied = new Set(await appliedMigrations(db));
  return Object.keys(migrations).filter((m) => !applied.has(m));
}
