/** Which database the server and the CLI use: DATABASE_URL (PostgreSQL), else the SQLite file. */
import { join } from 'node:path';
import { DEFAULT_DB_FILE } from '../paths.ts';
import { isPostgresUrl } from './open.ts';

/** The SQLite file of JOINERY_DB, else $JOINERY_DATA_DIR/joinery.db, else var/joinery.db (the server and the CLI alike). */
export const dbFileFromEnv = (env: Record<string, string | undefined>) =>
  env.JOINERY_DB || (env.JOINERY_DATA_DIR ? join(env.JOINERY_DATA_DIR, 'joinery.db') : DEFAULT_DB_FILE);

/** DATABASE_URL when it names PostgreSQL, else the SQLite file. */
export function databaseTarget(env: Record<string, string | undefined>, dbFile: string): string {
  const url = env.DATABASE_URL?.trim();
  if (!url) return dbFile;
  if (!isPostgresUrl(url)) throw new Error(`DATABASE_URL must be a postgres:// URL, got "${redactUrl(url)}"`);
  return url;
}

/** The URL with its password replaced, fit for a log line. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}
