/**
 * `joinery new page NAME`: pages/NAME.json with a heading, and its routes.json entry inserted
 * with jsonc-parser edits, so the rest of routes.json keeps its formatting.
 */
import { applyEdits, modify, parse, type Edit, type FormattingOptions, type ParseError } from 'jsonc-parser';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotASiteError } from '../../engine/content/load-site.ts';
import { UsageError } from '../exit-codes.ts';
import { SCHEMAS_DIR } from '../paths.ts';
import { jsonText, refuseExisting, schemaRef, writeNew, type ScaffoldResult } from './files.ts';
import { assertKebabCase, titleOf } from './names.ts';

export interface RawRoute {
  path?: unknown;
  page?: unknown;
}
interface RawRoutes {
  defaults?: { template?: unknown };
  routes?: RawRoute[];
  collections?: RawRoute[];
}

function readJson<T>(path: string, rel: string): T {
  const errors: ParseError[] = [];
  const value = parse(readFileSync(path, 'utf8'), errors, { disallowComments: true });
  if (errors.length) throw new UsageError(`${rel} has JSON syntax errors; fix them first (joinery check shows where)`);
  return value as T;
}

/** Indentation and line ends as routes.json already uses them. */
function formattingOf(text: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

const PLACEHOLDER = '\u0000joinery-new-route';

/** A route entry as text at depth 2 (inside "routes": [ ... ]), each breadcrumb on one line. */
function routeText(route: Record<string, unknown>, f: FormattingOptions): string {
  const unit = f.insertSpaces ? ' '.repeat(f.tabSize ?? 2) : '\t';
  const at = (depth: number) => unit.repeat(depth);
  const inline = (v: unknown) =>
    JSON.stringify(v).replace(/^\{/, '{ ').replace(/\}$/, ' }').replace(/,"/g, ', "').replace(/":/g, '": ');
  const props = Object.entries(route).map(([k, v]) =>
    Array.isArray(v)
      ? `${at(3)}"${k}": [${f.eol}${v.map((x) => `${at(4)}${inline(x)}`).join(`,${f.eol}`)}${f.eol}${at(3)}]`
      : `${at(3)}"${k}": ${JSON.stringify(v)}`,
  );
  return `{${f.eol}${props.join(`,${f.eol}`)}${f.eol}${at(2)}}`;
}

export function scaffoldPage(siteDir: string, name: string, schemasDir = SCHEMAS_DIR): ScaffoldResult {
  assertKebabCase('page', name);
  const routesPath = join(siteDir, 'routes.json');
  if (!existsSync(join(siteDir, 'site.json')) || !existsSync(routesPath)) throw new NotASiteError(siteDir);
  const pagePath = join(siteDir, 'pages', `${name}.json`);
  refuseExisting([pagePath]);

  const routes = readJson<RawRoutes>(routesPath, 'routes.json');
  if (!routes || !Array.isArray(routes.routes)) throw new UsageError('routes.json has no "routes" list');
  const path = `/${name}`;
  // A route may already name this page (its file was deleted, or `joinery check` suggested this).
  const routed = [...routes.routes, ...(routes.collections ?? [])].some((r) => r?.page === name);
  const taken = routes.routes.find((r) => r?.path === path && r.page !== name);
  if (!routed && taken)
    throw new UsageError(`route "${path}" already exists for page "${String(taken.page)}"; pick another name`);

  const siteName = readJson<{ name?: unknown }>(join(siteDir, 'site.json'), 'site.json').name;
  const template = typeof routes.defaults?.template === 'string' ? routes.defaults.template : 'default';
  const page = {
    $schema: schemaRef(join(siteDir, 'pages'), join(schemasDir, 'page.schema.json')),
    template,
    blocks: [{ type: 'heading', props: { title: titleOf(name) } }],
  };
  writeNew(pagePath, jsonText(page));
  if (routed) return { created: [pagePath], updated: [] };

  const text = readFileSync(routesPath, 'utf8');
  writeFileSync(routesPath, applyEdits(text, newRouteEdits(text, routes.routes, name, siteName)));
  return { created: [pagePath], updated: [routesPath] };
}

/**
 * The edits to routes.json's text that add a route "/NAME" for page NAME (title and description
 * from the name and the site's name, breadcrumbs from the home page), before the catch-all "*",
 * in the file's own indentation.
 */
export function newRouteEdits(text: string, routes: RawRoute[], name: string, siteName: unknown): Edit[] {
  const path = `/${name}`;
  const title = titleOf(name);
  const suffix = typeof siteName === 'string' && siteName ? siteName : undefined;
  const hasHome = routes.some((r) => r?.path === '/');
  const route = {
    path,
    page: name,
    title: suffix ? `${title} | ${suffix}` : title,
    description: suffix ? `${title} at ${suffix}.` : `${title}.`,
    breadcrumbs: [...(hasHome ? [{ text: 'Home', url: '/' }] : []), { text: title, url: path }],
  };
  // Before the catch-all "*", which conventionally stays last.
  const catchAll = routes.findIndex((r) => r?.path === '*');
  const formatting = formattingOf(text);
  // jsonc-parser places a placeholder (with the right commas and indentation); the route's own
  // text then replaces it, written the way routes.json writes breadcrumbs: one per line.
  const edits = modify(text, ['routes', catchAll === -1 ? routes.length : catchAll], PLACEHOLDER, {
    isArrayInsertion: true,
    formattingOptions: formatting,
  });
  for (const e of edits) e.content = e.content.replace(JSON.stringify(PLACEHOLDER), routeText(route, formatting));
  return edits;
}
