/**
 * The route table: static routes from routes.json and collection routes expanded from data.
 * {field} placeholders in a collection's path, title, description and breadcrumbs are filled
 * from each item (dotted paths allowed: {category.title}).
 */
import { lookupDataRef } from '../content/data-ref.ts';
import { fileValue, type Site } from '../content/load-site.ts';
import type { Breadcrumb, MetaPair, RouteEntry, SchemaFlags } from '../types.ts';

type Flag = { addSchema: boolean };
interface RawMeta {
  template?: string;
  title?: string;
  description?: string;
  metaList?: MetaPair[];
  breadcrumbs?: Breadcrumb[];
  schemas?: Partial<Record<keyof SchemaFlags, Flag>>;
}
interface RawRoute extends RawMeta {
  path: string;
  canonical?: string;
  page: string;
  sitemap?: boolean;
  robots?: 'disallow';
  devOnly?: boolean;
}
interface RawCollection extends RawMeta {
  path: string;
  page: string;
  source: string;
}
export interface RoutesFile {
  defaults?: { template?: string; schemas?: RawMeta['schemas'] };
  routes: RawRoute[];
  collections?: RawCollection[];
}

export class RouteTableError extends Error {
  constructor(
    message: string,
    readonly pointer: string,
  ) {
    super(message);
  }
}

function flagsOf(defaults: RawMeta['schemas'], own: RawMeta['schemas']): SchemaFlags {
  const flags: SchemaFlags = {};
  for (const [k, v] of Object.entries({ ...defaults, ...own })) flags[k as keyof SchemaFlags] = !!v?.addSchema;
  return flags;
}

function pick(item: unknown, path: string): unknown {
  let cur = item;
  for (const k of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

export function fillTemplate(text: string, item: unknown): string {
  return text.replace(/\{([A-Za-z0-9_.]+)\}/g, (m, key: string) => {
    const v = pick(item, key);
    return v === undefined || v === null ? m : String(v);
  });
}

/** The routes a build prerenders for `joinery start`: all but the dev-only ones (`joinery dev` serves those too). */
export const builtRoutes = (routes: readonly RouteEntry[]): RouteEntry[] => routes.filter((r) => !r.devOnly);

const isDynamicPath = (path: string) => path === '*' || path.split('/').some((s) => s.startsWith(':'));

export function buildRouteTable(site: Site): RouteEntry[] {
  const file = fileValue<RoutesFile>(site, 'routes.json');
  if (!file || !Array.isArray(file.routes)) return [];
  const defaults = file.defaults ?? {};
  const out: RouteEntry[] = [];
  file.routes.forEach((r, i) => {
    const dynamic = isDynamicPath(r.path);
    out.push({
      path: r.path,
      page: r.page,
      template: r.template ?? defaults.template,
      title: r.title ?? '',
      description: r.description ?? '',
      ...(r.canonical && { canonical: r.canonical }),
      metaList: r.metaList ?? [],
      breadcrumbs: r.breadcrumbs ?? [],
      flags: flagsOf(defaults.schemas, r.schemas),
      dynamic,
      sitemap: r.sitemap ?? !dynamic,
      ...(r.robots === 'disallow' && { robotsDisallow: true }),
      ...(r.devOnly === true && { devOnly: true }),
      source: { file: 'routes.json', pointer: `/routes/${i}` },
    });
  });
  (file.collections ?? []).forEach((c, i) => {
    const pointer = `/collections/${i}`;
    const found = lookupDataRef(c.source, { site });
    if (!found.ok) throw new RouteTableError(`collection source "${c.source}": ${found.reason}`, `${pointer}/source`);
    const items = Array.isArray(found.value) ? found.value : Object.values(found.value as object);
    items.forEach((item, j) => {
      const path = fillTemplate(c.path, item);
      if (/\{[^}]*\}/.test(path))
        throw new RouteTableError(
          `item ${j} of "${c.source}" has no value for a placeholder in "${c.path}"`,
          `${pointer}/path`,
        );
      out.push({
        path,
        page: c.page,
        template: c.template ?? defaults.template,
        title: fillTemplate(c.title ?? '', item),
        description: fillTemplate(c.description ?? '', item),
        metaList: (c.metaList ?? []).map((m) => ({ name: m.name, content: fillTemplate(m.content, item) })),
        breadcrumbs: (c.breadcrumbs ?? []).map((b) => ({
          text: fillTemplate(b.text, item),
          url: fillTemplate(b.url, item),
        })),
        flags: flagsOf(defaults.schemas, c.schemas),
        dynamic: false,
        sitemap: true,
        item,
        source: { file: 'routes.json', pointer },
      });
    });
  });
  return out;
}

/** Matches a concrete path against a route pattern (":name" segments); returns the params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const ps = pattern.split('/');
  const xs = path.replace(/\/+$/, '').split('/');
  if (pattern !== '/' && ps.length !== xs.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    if (p.startsWith(':')) {
      if (!xs[i]) return null;
      params[p.slice(1)] = decodeURIComponent(xs[i]!);
    } else if (p !== xs[i]) return null;
  }
  return params;
}
