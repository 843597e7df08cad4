/**
 * Loads a site folder: every content file parsed once with source positions. A Site is the
 * single in-memory view the linter, the route table and the prerenderer share.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseJsonFile, type JsonFile } from './json-file.ts';

export type ContentKind = 'site' | 'routes' | 'page' | 'template' | 'menu' | 'form' | 'data';

const CONTENT_FOLDERS: Record<string, ContentKind> = {
  pages: 'page',
  templates: 'template',
  menus: 'menu',
  forms: 'form',
  data: 'data',
  catalogs: 'data',
};

export interface Site {
  dir: string;
  files: Map<string, JsonFile>;
}

export class NotASiteError extends Error {
  constructor(dir: string) {
    super(`${dir} is not a Joinery site: no site.json or routes.json found`);
  }
}

export function kindOf(rel: string): ContentKind | undefined {
  if (rel === 'site.json') return 'site';
  if (rel === 'routes.json') return 'routes';
  const folder = rel.split('/')[0]!;
  return rel.includes('/') ? CONTENT_FOLDERS[folder] : undefined;
}

function walk(dir: string, out: string[]) {
  for (const name of readdirSync(dir)) {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) walk(abs, out);
    else if (name.endsWith('.json')) out.push(abs);
  }
}

export function loadSite(dir: string): Site {
  if (!existsSync(join(dir, 'site.json')) || !existsSync(join(dir, 'routes.json'))) throw new NotASiteError(dir);
  const paths = [join(dir, 'site.json'), join(dir, 'routes.json')];
  for (const folder of Object.keys(CONTENT_FOLDERS)) {
    const abs = join(dir, folder);
    if (existsSync(abs)) walk(abs, paths);
  }
  const files = new Map<string, JsonFile>();
  for (const abs of paths) {
    const rel = relative(dir, abs).split(sep).join('/');
    files.set(rel, parseJsonFile(rel, abs, readFileSync(abs, 'utf8')));
  }
  return { dir, files };
}

/** The parsed value of a file, or undefined when it is missing or has syntax errors. */
export function fileValue<T = unknown>(site: Site, rel: string): T | undefined {
  return site.files.get(rel)?.value as T | undefined;
}

export const pageFile = (name: string) => `pages/${name}.json`;
export const templateFile = (name: string) => `templates/${name}.json`;
export const formFile = (name: string) => `forms/${name}.json`;
export const menuFile = (name: string) => `menus/${name}.json`;
