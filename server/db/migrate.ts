/** Applies the in-code migrations (server/db/migrations) with Kysely's Migrator. */
import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { migrations } from './migrations/index.ts';

export class MigrationError extends Error {}

function migrator(db: Kysely<any>) {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Brings the database up to the latest migration; returns the names applied now. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((r: MigrationResult) => r.status === 'Error');
  if (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration${failed ? ` ${failed.migrationName}` : ''} failed: ${why}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the migrations already applied, oldest first. */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt).map((m) => m.name);
}
