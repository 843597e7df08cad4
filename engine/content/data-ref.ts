/**
 * `{ "$data": "catalogs/x.json#/pointer" }` references, resolved at build time. A reference
 * with no file part (`"#/title"`) points into the item a collection route was expanded from.
 * A `{ "$query": { from, where, select } }` (data-query.ts) is a filtered view of a list.
 */
import { formatPointer, getAtPointer, parsePointer } from './json-pointer.ts';
import { fileValue, type Site } from './load-site.ts';
import { isDataQuery, runDataQuery } from './data-query.ts';

export interface DataRefContext {
  site: Site;
  item?: unknown;
}

export interface ParsedRef {
  file?: string;
  segments: string[];
}

export function isDataRef(v: unknown): v is { $data: string } {
  return (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    typeof (v as { $data?: unknown }).$data === 'string' &&
    Object.keys(v).length === 1
  );
}

export function parseDataRef(ref: string): ParsedRef {
  const hash = ref.indexOf('#');
  const file = hash === -1 ? ref : ref.slice(0, hash);
  const pointer = hash === -1 ? '' : ref.slice(hash);
  return { file: file || undefined, segments: parsePointer(pointer) };
}

export type Lookup = { ok: true; value: unknown } | { ok: false; reason: string };

export function lookupDataRef(ref: string, ctx: DataRefContext): Lookup {
  let parsed: ParsedRef;
  try {
    parsed = parseDataRef(ref);
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
  let root: unknown;
  if (parsed.file) {
    if (!ctx.site.files.has(parsed.file)) return { ok: false, reason: `file "${parsed.file}" does not exist` };
    root = fileValue(ctx.site, parsed.file);
    if (root === undefined) return { ok: false, reason: `file "${parsed.file}" could not be parsed` };
  } else {
    if (ctx.item === undefined)
      return { ok: false, reason: 'a reference without a file is only allowed on collection pages' };
    root = ctx.item;
  }
  const value = getAtPointer(root, parsed.segments);
  if (value === undefined)
    return {
      ok: false,
      reason: `nothing at "${formatPointer(parsed.segments) || '#'}" in ${parsed.file ?? 'the collection item'}`,
    };
  return { ok: true, value };
}

export class DataRefError extends Error {}

/** Deeply replaces every reference with its target (targets may hold references too). */
export function resolveDataRefs<T>(value: T, ctx: DataRefContext, depth = 0): T {
  return resolve(value, ctx, depth, false);
}

/**
 * As resolveDataRefs, but an object or list holding no reference is returned itself, not a copy
 * (a catalogue a query reads is not copied): for reading only, as the linter does.
 */
export function resolveDataRefsToRead<T>(value: T, ctx: DataRefContext): T {
  return resolve(value, ctx, 0, true);
}

/** What resolveDataRefsToRead found to hold no reference or query (content changes by a new parse: new objects). */
const holdsNone = new WeakSet<object>();

function resolve<T>(value: T, ctx: DataRefContext, depth: number, share: boolean): T {
  if (depth > 16) throw new DataRefError('data references nest more than 16 levels (a cycle?)');
  if (value === null || typeof value !== 'object' || (share && holdsNone.has(value))) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined = share ? undefined : [];
    for (let i = 0; i < value.length; i++) {
      const r = resolve(value[i], ctx, depth, share);
      if (!out && r !== value[i]) out = value.slice(0, i);
      out?.push(r);
    }
    if (!out) holdsNone.add(value);
    return (out ?? value) as T;
  }
  if (isDataRef(value)) {
    const r = lookupDataRef(value.$data, ctx);
    if (!r.ok) throw new DataRefError(`cannot resolve "${value.$data}": ${r.reason}`);
    return resolve(r.value, ctx, depth + 1, share) as T;
  }
  if (isDataQuery(value)) {
    const q = runDataQuery(resolve(value.$query, ctx, depth, share));
    if (!q.ok) throw new DataRefError(q.reason);
    return q.value as T;
  }
  const entries = Object.entries(value);
  // A copy assigns each key, which drops a "__proto__" key: an object with one is always copied.
  let out: Record<string, unknown> | undefined = share && !Object.hasOwn(value, '__proto__') ? undefined : {};
  for (let i = 0; i < entries.length; i++) {
    const [k, v] = entries[i]!;
    const r = resolve(v, ctx, depth, share);
    if (!out && r !== v) {
      out = {};
      for (const [pk, pv] of entries.slice(0, i)) out[pk] = pv;
    }
    if (out) out[k] = r;
  }
  if (!out) holdsNone.add(value);
  return (out ?? value) as T;
}

/** Every reference inside a value, with its JSON Pointer relative to `base`. */
export function findDataRefs(value: unknown, base: string, out: { ref: string; pointer: string }[] = []) {
  if (Array.isArray(value))
    value.forEach((v, i) => {
      findDataRefs(v, `${base}/${i}`, out);
    });
  else if (value !== null && typeof value === 'object') {
    if (isDataRef(value)) out.push({ ref: value.$data, pointer: base });
    else
      for (const [k, v] of Object.entries(value))
        findDataRefs(v, `${base}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  }
  return out;
}
