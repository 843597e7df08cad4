/**
 * A block's props with what their `{ "$data": "file#/pointer" }` references pull in (a menu's
 * items from menus/main.json), so a migration sees the props the block gets. After it, each
 * reference stays where it was in the page and its file takes the migrated value; a reference
 * whose place the migration moved goes where its unchanged value went. One the migration both
 * moved and changed cannot be written back: it is named, and that block left as it is.
 */
import { isDeepStrictEqual } from 'node:util';
import { getAtPointer, isDataRef, parseDataRef } from '../../engine/lint.ts';
import { hasMigrations, migrateProps, type Props } from './migrations.ts';

type Path = (string | number)[];
/** A site file's parsed value (undefined when there is none). */
export type ReadValue = (rel: string) => unknown;

interface PulledIn {
  /** Where the reference sits in the props. */
  at: Path;
  ref: string;
  file: string;
  /** Where its value sits in that file (array indexes as numbers, as jsonc-parser takes them). */
  path: Path;
  value: unknown;
}

/** A change a migration makes to a file a reference pulls in. */
export interface DataEdit {
  file: string;
  path: Path;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Props => !!v && typeof v === 'object' && !Array.isArray(v);

function valueAt(root: unknown, path: Path): { found: boolean; value?: unknown } {
  let cur = root;
  for (const s of path) {
    if (Array.isArray(cur) ? typeof s === 'number' && s < cur.length : isObject(cur) && Object.hasOwn(cur, s))
      cur = (cur as Record<string | number, unknown>)[s];
    else return { found: false };
  }
  return { found: true, value: cur };
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const parent = valueAt(root, path.slice(0, -1)).value as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
  return root;
}

/** The first place in `value` whose content equals `wanted`. */
function findValue(value: unknown, wanted: unknown, at: Path = []): Path | undefined {
  if (isDeepStrictEqual(value, wanted)) return at;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [i, v] as const)
    : isObject(value)
      ? Object.entries(value)
      : [];
  for (const [k, v] of entries) {
    const found = findValue(v, wanted, [...at, k]);
    if (found) return found;
  }
  return undefined;
}

/** The file path of a pointer's segments in `root`: indexes of arrays as numbers. */
function filePath(root: unknown, segments: string[]): Path {
  let cur = root;
  return segments.map((s) => {
    const seg = Array.isArray(cur) ? Number(s) : s;
    cur = (cur as Record<string | number, unknown>)?.[seg];
    return seg;
  });
}

/** The props with each file reference in them replaced by a copy of its value. */
function pullIn(props: Props, read: ReadValue): { props: Props; refs: PulledIn[] } {
  const refs: PulledIn[] = [];
  const walk = (v: unknown, at: Path): unknown => {
    if (isDataRef(v)) {
      const { file, segments } = parseDataRef(v.$data);
      const root = file ? read(file) : undefined;
      const value = root === undefined ? undefined : getAtPointer(root, segments);
      if (!file || value === undefined) return v; // a collection item's or a broken one: data-ref's
      refs.push({ at, ref: v.$data, file, path: filePath(root, segments), value });
      return structuredClone(value);
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...at, i]));
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, [...at, k])]));
    return v;
  };
  return { props: walk(props, []) as Props, refs };
}

export interface BlockMigrated {
  /** The block's props as its file keeps them: references where they were. */
  props: Props;
  applied: string[];
  data: DataEdit[];
  /** References the migration moved and changed: nothing written for this block. */
  stuck: string[];
}

/** A block's props migrated with what they pull in, and the edits to the files they pull it from. */
export function migrateBlock(type: string, props: Props, read: ReadValue, blocksDir?: string): BlockMigrated {
  if (!hasMigrations(type, blocksDir)) return { props, applied: [], data: [], stuck: [] };
  const pulled = pullIn(props, read);
  const { props: next, applied } = migrateProps(type, pulled.props, blocksDir);
  if (!applied.length || !pulled.refs.length) return { props: next, applied, data: [], stuck: [] };
  let kept: unknown = structuredClone(next);
  const data: DataEdit[] = [];
  const stuck: string[] = [];
  for (const r of pulled.refs) {
    const now = valueAt(next, r.at);
    const moved = now.found ? undefined : findValue(next, r.value);
    if (now.found) {
      if (!isDeepStrictEqual(now.value, r.value))
        data.push({ file: r.file, path: r.path, before: r.value, after: now.value });
      kept = setAt(kept, r.at, { $data: r.ref });
    } else if (moved) kept = setAt(kept, moved, { $data: r.ref });
    else stuck.push(r.ref);
  }
  if (stuck.length) return { props, applied, data: [], stuck };
  return { props: kept as Props, applied, data, stuck };
}
