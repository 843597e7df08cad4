/**
 * Content migrations: `blocks/<type>/migrations/NNN-name.ts`, each a pure function from a
 * block's props in an older shape to the newer one (its default export), returning props that
 * already have the newer shape unchanged. Applied in number order; content records no version:
 * a migration is pending on a block when it would change its props.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createRequire } from 'node:module';
import { BLOCKS_DIR } from '../paths.ts';

export type Props = Record<string, unknown>;

export interface BlockMigration {
  /** The file's name without its extension: "002-rename-title". */
  name: string;
  file: string;
  migrate: (props: Props) => Props;
}

const FILE = /^(\d+)-[a-z0-9-]+\.ts$/;

/** The folder the blocks (and their migrations) are read from; JOINERY_BLOCKS_DIR for tests. */
const migrationBlocksDir = (): string => process.env.JOINERY_BLOCKS_DIR || BLOCKS_DIR;

const cache = new Map<string, BlockMigration[]>();

/** A migration file is TypeScript: tsx loads it, and only when a block has migrations. */
function loadTypeScript(file: string): unknown {
  const { require: tsxRequire } = createRequire(import.meta.url)('tsx/cjs/api') as typeof import('tsx/cjs/api');
  return tsxRequire(file, import.meta.url);
}

/** A block type's migrations, in number order (loaded once per process). */
function blockMigrations(type: string, blocksDir = migrationBlocksDir()): BlockMigration[] {
  const dir = join(blocksDir, type, 'migrations');
  let list = cache.get(dir);
  if (list) return list;
  list = !existsSync(dir)
    ? []
    : readdirSync(dir)
        .filter((f) => FILE.test(f) && !f.endsWith('.test.ts'))
        .sort((a, b) => Number(FILE.exec(a)![1]) - Number(FILE.exec(b)![1]) || a.localeCompare(b))
        .map((f) => {
          const file = join(dir, f);
          const migrate = (loadTypeScript(file) as { default?: unknown }).default;
          if (typeof migrate !== 'function')
            throw new Error(`${file}: its default export must be a function from the old props to the new`);
          return { name: f.slice(0, -'.ts'.length), file, migrate: migrate as BlockMigration['migrate'] };
        });
  cache.set(dir, list);
  return list;
}

/** Whether `type` has any migration (a block without one needs none of its props read). */
export const hasMigrations = (type: string, blocksDir = migrationBlocksDir()): boolean =>
  blockMigrations(type, blocksDir).length > 0;

/** The props after every migration of `type`, and the names of those that changed them. */
export function migrateProps(
  type: string,
  props: Props,
  blocksDir = migrationBlocksDir(),
): { props: Props; applied: string[] } {
  const applied: string[] = [];
  let current = props;
  for (const m of blockMigrations(type, blocksDir)) {
    const next = m.migrate(structuredClone(current));
    if (isDeepStrictEqual(next, current)) continue;
    applied.push(m.name);
    current = next;
  }
  return { props: current, applied };
}

const isObject = (v: unknown): v is Props => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every block in a content file's value, wherever it sits: [its path, type, props]. */
export function blocksIn(
  value: unknown,
  path: (string | number)[] = [],
  out: [(string | number)[], string, Props][] = [],
): [(string | number)[], string, Props][] {
  if (Array.isArray(value))
    value.forEach((v, i) => {
      blocksIn(v, [...path, i], out);
    });
  else if (isObject(value)) {
    if (typeof value.type === 'string' && isObject(value.props)) out.push([path, value.type, value.props]);
    for (const [k, v] of Object.entries(value)) blocksIn(v, [...path, k], out);
  }
  return out;
}

export const pointerOf = (path: (string | number)[]) =>
  path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The content files whose blocks migrations rewrite. */
export const MIGRATED_FOLDERS = ['pages/', 'templates/', 'menus/'];
