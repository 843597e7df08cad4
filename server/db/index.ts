/** The database and its migrations: which one (DATABASE_URL or the SQLite file), open, migrate, read, typed tables. */
export { openDatabase, openMigratedDatabase, isPostgresUrl, type Db } from './open.ts';
export { migrateToLatest, appliedMigrations, MigrationError } from './migrate.ts';
export { migrations } from './migrations/index.ts';
export { dbKind } from './dialect.ts';
export { groupCommitOf } from './group-commit.ts';
export { databaseTarget, dbFileFromEnv, redactUrl } from './target.ts';
export { DatabaseUnreadable, openForReading } from './read-only.ts';
export type * from './schema.ts';
