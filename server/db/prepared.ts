/**
 * Queries built and compiled once, run many times with new values: the hot path's "prepared
 * statements". Building a Kysely query (its frozen operation nodes) and compiling it to SQL costs
 * more CPU than SQLite takes to run a small one; the SQL of a given code path never changes, only
 * its values. So the query is built once per dialect with placeholders (`$.id` stands for the
 * `id` value of each call), compiled by Kysely itself (the same SQL text as building it every
 * time, `?` on SQLite and `$1` on PostgreSQL), and each call only fills in the parameters and
 * runs the CompiledQuery. With better-sqlite3 the statement cache (statement-cache.ts) then
 * reuses the prepared statement of that text.
 *
 *   const byId = prepared((db, $: { id: number }) => db.selectFrom('orders').selectAll().where('id', '=', $.id));
 *   const row = await byId.first(db, { id: 7 });
 *
 * A placeholder is only a value: use it where the query takes a value (a comparison's right
 * side, an inserted or set value, a `then`), not where the value changes the SQL (`is null`,
 * `in (...)`). `build` also gets the first call's parameters (`like`) for the query's structure
 * only, e.g. an insert's columns (`fields($, Object.keys(like))`). A query whose structure
 * depends on the values (a multi-row insert, an optional column) passes a `shape` key; each
 * shape is compiled once. Kysely instances with plugins are built the ordinary way every time
 * (a plugin may transform each query).
 */
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './schema.ts';

const PATH = Symbol('placeholder path');

type Path = readonly (string | number)[];

/** A placeholder for the value at `path` of the call's parameters; any property of it is one too. */
function placeholder(path: Path): unknown {
  return new Proxy(Object.create(null) as object, {
    get: (_t, key) => (key === PATH ? path : typeof key === 'symbol' ? undefined : placeholder([...path, key])),
    has: () => false,
  });
}

const pathOf = (v: unknown): Path | undefined =>
  v !== null && typeof v === 'object' ? ((v as Record<symbol, Path | undefined>)[PATH] ?? undefined) : undefined;

/** `{ [k]: $[k] }` for each key: an insert's or update's values from placeholders. */
export function fields<T, K extends keyof T>($: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = $[k];
  return out;
}

type Getter = (params: any) => unknown;

/** Reads the value at `path` of a call's parameters (the usual one to three keys without a loop). */
function getter(path: Path): Getter {
  const [a, b, c] = path;
  if (path.length === 1) return (p) => p[a!];
  if (path.length === 2) return (p) => p[a!]?.[b!];
  if (path.length === 3) return (p) => p[a!]?.[b!]?.[c!];
  return (p) => path.reduce((v: any, k) => v?.[k], p);
}

interface Plan {
  compiled: CompiledQuery;
  /** Per parameter: how to read it from a call's parameters, or undefined for a constant kept as compiled. */
  getters: (Getter | undefined)[];
  paths: (Path | undefined)[];
}

export interface Prepared<P, R> {
  /** Every row (a select, or a write with `returning`). */
  all(db: Db, params: P): Promise<R[]>;
  /** The first row, or undefined. */
  first(db: Db, params: P): Promise<R | undefined>;
  /** The rows the statement changed (an update or delete without `returning`). */
  run(db: Db, params: P): Promise<number>;
  /** The CompiledQuery a call would run (tests compare it with the query built the ordinary way). */
  compile(db: Db, params: P): CompiledQuery<R>;
}

/**
 * A query compiled once per dialect (and per shape). `build` receives the database (or
 * transaction) and a placeholder object typed as the parameters, and returns the query.
 */
export function prepared<P, R>(
  build: (db: Db, $: P, like: P) => Compilable<R>,
  shape?: (params: P) => string | number,
): Prepared<P, R> {
  // Keyed by the dialect's adapter: one SQL text per dialect, shared by its transactions.
  const plans = new WeakMap<object, Map<string | number, Plan>>();

  function plan(db: Db, key: string | number, like: P): Plan | undefined {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) return undefined;
    let byShape = plans.get(executor.adapter);
    if (!byShape) {
      byShape = new Map();
      plans.set(executor.adapter, byShape);
    }
    let p = byShape.get(key);
    if (!p) {
      const compiled = build(db, placeholder([]) as P, like).compile() as CompiledQuery;
      const paths = compiled.parameters.map(pathOf);
      p = { compiled, paths, getters: paths.map((path) => path && getter(path)) };
      byShape.set(key, p);
    }
    return p;
  }

  function compile(db: Db, params: P): CompiledQuery<R> {
    const key = shape ? shape(params) : 0;
    const p = plan(db, key, params);
    if (!p) return build(db, params, params).compile();
    const { getters } = p;
    const parameters = new Array<unknown>(getters.length);
    for (let i = 0; i < getters.length; i++) {
      const get = getters[i];
      if (!get) {
        parameters[i] = p.compiled.parameters[i];
        continue;
      }
      const v = get(params);
      // A missing value would silently bind as NULL (or fail in the driver): a bug in the caller.
      if (v === undefined) throw new TypeError(`prepared query: no value for ${p.paths[i]!.join('.')}`);
      parameters[i] = v;
    }
    return {
      query: p.compiled.query,
      queryId: p.compiled.queryId,
      sql: p.compiled.sql,
      parameters,
    } as CompiledQuery<R>;
  }

  const execute = (db: Db, params: P): Promise<QueryResult<R>> => db.executeQuery(compile(db, params));

  return {
    compile,
    all: async (db, params) => (await execute(db, params)).rows,
    first: async (db, params) => (await execute(db, params)).rows[0],
    run: async (db, params) => Number((await execute(db, params)).numAffectedRows ?? 0n),
  };
}
