/** The storage layer: open, migrate, typed tables. */
export { openDatabase, openMigratedDatabase, type Db } from './open.ts';
export { migrateToLatest, appliedMigrations } from './migrate.ts';
export type * from './schema.ts';
