/**
 * `joinery migrate --content [--dry-run]`: the blocks' content migrations over the site's
 * pages, templates and menus (cli/content-migrations/run.ts); the database is not touched.
 *
 * `joinery migrate`: applies the pending migrations to the database `joinery start` would use
 * (DATABASE_URL, else the SQLite file) and exits. Run it once before starting new servers; they
 * also migrate at start, one at a time (on PostgreSQL the migrator holds an advisory lock), so
 * running it is optional.
 */
import { relative } from 'node:path';
import {
  databaseTarget,
  dbFileFromEnv,
  dbKind,
  isPostgresUrl,
  MigrationError,
  migrateToLatest,
  openDatabase,
  redactUrl,
} from '../../server/db/index.ts';
import { getSiteDir } from '../context.ts';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';

export async function runMigrate(
  env: Record<string, string | undefined>,
  out: { log(line: string): void; error(line: string): void } = console,
): Promise<number> {
  let target: string;
  try {
    target = databaseTarget(env, dbFileFromEnv(env));
  } catch (e) {
    out.error(`joinery migrate: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  const where = isPostgresUrl(target) ? redactUrl(target) : relative(process.cwd(), target) || target;
  const db = openDatabase(target, { poolSize: 1 });
  try {
    const applied = await migrateToLatest(db);
    const kind = dbKind(db);
    if (applied.length === 0) out.log(`joinery migrate: ${kind} database ${where} is up to date`);
    else out.log(`joinery migrate: applied ${applied.join(', ')} to the ${kind} database ${where}`);
    return EXIT_OK;
  } catch (e) {
    const why = e instanceof MigrationError ? e.message : `cannot reach the database: ${(e as Error).message}`;
    out.error(`joinery migrate: ${why}`);
    return EXIT_USAGE;
  } finally {
    await db.destroy();
  }
}

export async function migrateCommand(opts: { content?: boolean; dryRun?: boolean } = {}): Promise<number> {
  if (opts.dryRun && !opts.content) {
    console.error('joinery migrate: --dry-run goes with --content (the database migrations have no dry run)');
    return EXIT_USAGE;
  }
  if (!opts.content) return runMigrate(process.env);
  const { runContentMigrate } = await import('../content-migrations/run.ts');
  return runContentMigrate(getSiteDir(), { dryRun: opts.dryRun }, { log: (l) => process.stdout.write(`${l}\n`) });
}
