/** Where things are: the project root and its conventional folders. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMAS_DIR = join(ROOT, 'schemas');
export const BLOCKS_DIR = join(ROOT, 'blocks');
export const DEFAULT_SITE_DIR = join(ROOT, 'site-config');
export const DIST_DIR = join(ROOT, 'dist');
/** Compiled schema validators, reused across runs (see engine/validate/validator.ts). */
export const VALIDATOR_CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'joinery');
/** Encoded image variants by original and options (engine/images/pipeline.ts), reused across builds. */
export const IMAGE_CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'joinery', 'images');
