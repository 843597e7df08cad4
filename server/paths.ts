/** Where the server keeps its files by default: all under the project root, whatever the cwd. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DIST_DIR = join(PROJECT_ROOT, 'dist');
export const DEFAULT_CONTENT_DIR = join(PROJECT_ROOT, 'site-config');
export const VAR_DIR = join(PROJECT_ROOT, 'var');
export const DEFAULT_DB_FILE = join(VAR_DIR, 'joinery.db');
export const DEFAULT_MAIL_DIR = join(VAR_DIR, 'mail');
/** What the server derives once and reuses across starts (compiled validators, the ZIP table). */
export const CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'joinery');
