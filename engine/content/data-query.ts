/**
 * `{ "$query": { "from": [...], "where": {...}, "select": {...}, "limit": n } }`: a filtered,
 * projected view of a list, evaluated at build time once the `$data` references inside it are
 * resolved. It lets a page hand a block only what it shows (a category page: the cards of its
 * own styles, not the whole catalogue), so page data stays small.
 *
 * - `where`: `{ "dotted.path": value }`; an item matches when every path equals its value, or
 *   holds an array containing it. A value may be an array: any of its values matches.
 * - `select`: `{ "outKey": "dotted.path" }`; each item becomes an object of those keys (paths
 *   that hold nothing are left out). Dotted paths, not JSON Pointers, so no prop looks like a link.
 */

export interface DataQuery {
  from: unknown;
  where?: Record<string, unknown>;
  select?: Record<string, string>;
  limit?: number;
}

export function isDataQuery(v: unknown): v is { $query: DataQuery } {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && '$query' in v && Object.keys(v).length === 1;
}

/** The value at a dotted path ("images.0.src"), or undefined. */
function pickPath(item: unknown, path: string): unknown {
  let cur = item;
  for (const k of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function matches(item: unknown, where: Record<string, unknown>): boolean {
  return Object.entries(where).every(([path, expected]) => {
    const actual = pickPath(item, path);
    const wanted = Array.isArray(expected) ? expected : [expected];
    return wanted.some((w) => (Array.isArray(actual) ? actual.includes(w) : actual === w));
  });
}

/** Problems with the shape of a (resolved) query, as sentences; empty when it is usable. */
export function queryProblems(q: unknown): string[] {
  if (!isPlainObject(q)) return ['"$query" must be an object with "from"'];
  const out: string[] = [];
  for (const k of Object.keys(q))
    if (!['from', 'where', 'select', 'limit'].includes(k))
      out.push(`"$query" has an unknown key "${k}" (allowed: from, where, select, limit)`);
  if (!Array.isArray(q.from))
    out.push(
      `"$query.from" must be a list, found ${q.from === undefined ? 'nothing' : q.from === null ? 'null' : typeof q.from}`,
    );
  if (q.where !== undefined) {
    if (!isPlainObject(q.where)) out.push('"$query.where" must be an object of path: value');
    else
      for (const [path, v] of Object.entries(q.where))
        if (!(isScalar(v) || (Array.isArray(v) && v.every(isScalar))))
          out.push(`"$query.where.${path}" must be a string, number, boolean or a list of them`);
  }
  if (q.select !== undefined) {
    if (!isPlainObject(q.select)) out.push('"$query.select" must be an object of key: "dotted.path"');
    else
      for (const [key, v] of Object.entries(q.select))
        if (typeof v !== 'string' || !v) out.push(`"$query.select.${key}" must be a dotted path such as "images.0"`);
  }
  if (q.limit !== undefined && !(Number.isInteger(q.limit) && (q.limit as number) >= 0))
    out.push('"$query.limit" must be a whole number');
  return out;
}

export type QueryResult = { ok: true; value: unknown[] } | { ok: false; reason: string };

export function runDataQuery(q: unknown): QueryResult {
  const problems = queryProblems(q);
  if (problems.length) return { ok: false, reason: problems.join('; ') };
  const { from, where, select, limit } = q as DataQuery & { from: unknown[] };
  let items = where ? from.filter((item) => matches(item, where)) : from;
  if (limit !== undefined) items = items.slice(0, limit);
  if (select)
    items = items.map((item) => {
      const out: Record<string, unknown> = {};
      for (const [key, path] of Object.entries(select)) {
        const v = pickPath(item, path);
        if (v !== undefined) out[key] = v;
      }
      return out;
    });
  return { ok: true, value: items };
}
