/**
 * The route table for the linter. The engine's builder stops at the first broken collection and
 * trusts routes.json's shape; the linter must keep going on broken content (the schema and
 * data-ref rules say what is wrong), so it builds from a sanitised copy, drops each collection
 * that fails (recording why), and maps pointers back to the author's routes.json.
 */
import {
  buildRouteTable,
  parseJsonFile,
  RouteTableError,
  type JsonFile,
  type RouteEntry,
  type Site,
} from '../../engine/lint.ts';
import { isObj, type Obj } from './values.ts';

export interface RouteProblem {
  message: string;
  /** Pointer into routes.json, e.g. "/collections/2/path". */
  pointer: string;
}

const EMPTY_FILE = '\0empty.json';
const EMPTY_SOURCE = `${EMPTY_FILE}#`;

const strings = (o: Obj, keys: string[]) => keys.every((k) => typeof o[k] === 'string');

/** Keeps only the fields the engine reads, in the shapes it expects. */
function clean(o: Obj): Obj {
  const out: Obj = { ...o };
  for (const k of ['title', 'description', 'template']) if (typeof out[k] !== 'string') delete out[k];
  const pairs = (v: unknown, a: string, b: string) =>
    Array.isArray(v) ? v.filter((x) => isObj(x) && strings(x, [a, b])) : undefined;
  out.breadcrumbs = pairs(o.breadcrumbs, 'text', 'url');
  out.metaList = pairs(o.metaList, 'name', 'content');
  if (!isObj(o.schemas)) delete out.schemas;
  return out;
}

export function buildRoutesLeniently(site: Site): { routes: RouteEntry[]; problems: RouteProblem[] } {
  const file = site.files.get('routes.json');
  const raw = file?.value;
  if (!file || !isObj(raw) || !Array.isArray(raw.routes)) return { routes: [], problems: [] };
  const routeIdx: number[] = [];
  const collIdx: number[] = [];
  const routes = raw.routes.flatMap((r, i) => {
    if (!isObj(r) || !strings(r, ['path', 'page'])) return [];
    routeIdx.push(i);
    return [clean(r)];
  });
  const collections = (Array.isArray(raw.collections) ? raw.collections : []).flatMap((c, i) => {
    if (!isObj(c) || !strings(c, ['path', 'page', 'source'])) return [];
    collIdx.push(i);
    return [clean(c)];
  });
  const defaults = isObj(raw.defaults)
    ? { ...raw.defaults, schemas: isObj(raw.defaults.schemas) ? raw.defaults.schemas : undefined }
    : undefined;
  const files = new Map(site.files);
  files.set(EMPTY_FILE, parseJsonFile(EMPTY_FILE, EMPTY_FILE, '[]'));
  const patched = { ...raw, defaults, routes, collections };
  files.set('routes.json', { ...file, value: patched } satisfies JsonFile);
  const copy: Site = { dir: site.dir, files };

  const problems: RouteProblem[] = [];
  const remap = (pointer: string) =>
    pointer.replace(
      /^\/(routes|collections)\/(\d+)/,
      (_m, kind: string, i: string) => `/${kind}/${(kind === 'routes' ? routeIdx : collIdx)[Number(i)]}`,
    );
  for (let attempt = 0; attempt <= collections.length; attempt++) {
    try {
      const table = buildRouteTable(copy);
      for (const r of table) r.source = { ...r.source, pointer: remap(r.source.pointer) };
      return { routes: table, problems };
    } catch (e) {
      const m = e instanceof RouteTableError ? /^\/collections\/(\d+)/.exec(e.pointer) : null;
      if (!m) return { routes: [], problems };
      problems.push({ message: (e as Error).message, pointer: remap((e as RouteTableError).pointer) });
      collections[Number(m[1])]!.source = EMPTY_SOURCE;
    }
  }
  return { routes: [], problems };
}
