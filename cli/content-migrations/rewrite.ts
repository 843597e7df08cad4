/**
 * Rewrites the blocks of one content file (page, template, menu) in place: every object with a
 * block `type` and `props` anywhere in it gets the props its migrations give, written with
 * jsonc-parser edits, so comments, formatting and the order of the keys that stay are kept. A
 * key a migration adds goes where the migration's result puts it among the kept keys. What the
 * props pull in through `$data` is migrated with them and returned as edits to its files
 * (pulled-in.ts), written with the same edits (rewriteValue).
 */
import { applyEdits, findNodeAtLocation, type JSONPath, modify, parse, type ParseError, parseTree } from 'jsonc-parser';
import { isDeepStrictEqual } from 'node:util';
import { blocksIn, pointerOf, type Props } from './migrations.ts';
import { type DataEdit, migrateBlock, type ReadValue } from './pulled-in.ts';

export interface Migrated {
  /** JSON Pointer of the block in the file. */
  pointer: string;
  type: string;
  applied: string[];
  /** The `$data` references the migration moved and changed: the block is left as it is. */
  stuck: string[];
}

const isObject = (v: unknown): v is Props => !!v && typeof v === 'object' && !Array.isArray(v);

/** The indentation the file uses (two spaces when it has none). */
function indentOf(text: string): { insertSpaces: boolean; tabSize: number } {
  const m = /\n([ \t]+)\S/.exec(text);
  if (m?.[1]?.startsWith('\t')) return { insertSpaces: false, tabSize: 1 };
  return { insertSpaces: true, tabSize: m ? m[1]!.length : 2 };
}

/** Edits that turn the value at `path` from `before` into `to`, key by key and item by item where it can. */
export function rewriteValue(text: string, path: JSONPath, before: unknown, to: unknown): string {
  if (isDeepStrictEqual(before, to)) return text;
  const fmt = { formattingOptions: { ...indentOf(text), eol: '\n' } };
  // A list of the same length: item by item (a menu's items each keep their own formatting).
  if (Array.isArray(before) && Array.isArray(to) && before.length === to.length)
    return to.reduce<string>((t, item, i) => rewriteValue(t, [...path, i], before[i], item), text);
  if (!isObject(before) || !isObject(to)) return applyEdits(text, modify(text, path, to, fmt));
  let from = before;
  // A key renamed in place (same position, same value): only its name is rewritten.
  const fromKeys = Object.keys(from);
  const toKeys = Object.keys(to);
  if (fromKeys.length === toKeys.length)
    fromKeys.forEach((k, i) => {
      const n = toKeys[i]!;
      if (k === n || n in from || k in to || !isDeepStrictEqual(from[k], to[n])) return;
      const key = findNodeAtLocation(parseTree(text)!, [...path, k])?.parent?.children?.[0];
      if (!key) return;
      text = `${text.slice(0, key.offset)}${JSON.stringify(n)}${text.slice(key.offset + key.length)}`;
      from = Object.fromEntries(Object.entries(from).map(([x, v]) => [x === k ? n : x, v]));
    });
  for (const k of Object.keys(from))
    if (!(k in to)) text = applyEdits(text, modify(text, [...path, k], undefined, fmt));
  const order = Object.keys(to);
  for (const k of order) {
    if (k in from) {
      text = rewriteValue(text, [...path, k], from[k], to[k]);
      continue;
    }
    // Among the keys the object has now, after those the result puts before this one.
    const before = new Set(order.slice(0, order.indexOf(k)));
    text = applyEdits(
      text,
      modify(text, [...path, k], to[k], {
        ...fmt,
        getInsertionIndex: (keys) => keys.filter((x) => before.has(x)).length,
      }),
    );
  }
  return text;
}

/**
 * The file's text with its blocks migrated, what changed (none: the same text), and the edits
 * to the files their `$data` references pull in (`read` gives a site file's value).
 */
export function migrateText(
  text: string,
  blocksDir?: string,
  read: ReadValue = () => undefined,
): { text: string; migrated: Migrated[]; data: DataEdit[] } {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true });
  // A file that does not parse is json-syntax's to report; it is left as it is.
  if (errors.length) return { text, migrated: [], data: [] };
  const migrated: Migrated[] = [];
  const data: DataEdit[] = [];
  let out = text;
  for (const [path, type, props] of blocksIn(value)) {
    const m = migrateBlock(type, props, read, blocksDir);
    if (!m.applied.length) continue;
    migrated.push({ pointer: pointerOf(path), type, applied: m.applied, stuck: m.stuck });
    if (m.stuck.length) continue;
    out = rewriteValue(out, [...path, 'props'], props, m.props);
    data.push(...m.data);
  }
  return { text: out, migrated, data };
}
