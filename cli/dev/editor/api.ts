/**
 * The editor's server side, under /__joinery/api/ (served by `joinery dev` only):
 * - GET  page?route=/path  the route's page file, its layout and routes.json (text, value, hash),
 *                          where the route is declared, the page data and the resolved references;
 * - GET  blocks            every block type's self-contained schema and example;
 * - POST lint              the findings for unsaved documents, linted with the rest of the site;
 * - POST save              writes them with jsonc-parser edits: 409 when a file changed on disk
 *                          since it was opened, 422 (with the findings) while lint has errors;
 * - POST upload?name=N     an image (JPEG, PNG, WebP, AVIF or SVG, checked by its bytes) into the site's
 *                          images/uploads/ under a new name (body: its bytes); answers its URL;
 * - GET  routes, images, usage: the pickers' lists and which routes use each block type;
 * - GET  weights           each block's shipped JavaScript and CSS (gzip) in the last build, {} without one.
 * Every request passes guard.ts first: no other origin, and a write needs the page's token.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import {
  buildPageData,
  buildRouteTable,
  fileValue,
  isDataQuery,
  isDataRef,
  loadSite,
  pageFile,
  parseJsonFile,
  resolveDataRefs,
  siteProductFacts,
  templateFile,
  type BlockContracts,
  type Finding,
  type RouteEntry,
  type Site,
} from '../../../engine/node.ts';
import { blockTypes } from '../../blocks.ts';
import { lintLoadedSite } from '../../lint/run.ts';
import { BLOCKS_DIR, DIST_DIR } from '../../paths.ts';
import { type BlockWeight, blockWeights } from '../../build/block-weights.ts';
import { loadServerBlocks } from '../../build/prerender-inputs.ts';
import { resolveRoute } from '../resolve-route.ts';
import { guardRefusal } from './guard.ts';
import { extensionOf, UPLOAD_LIMIT_MB, UPLOAD_TYPES, WRONG_TYPE } from './client/upload-types.ts';
import { imageRefusal } from './image-check.ts';
import { editJsonText } from './json-edit.ts';
import { bundleSchema } from './schema-bundle.ts';

export const API_PREFIX = '/__joinery/api/';

export interface OpenFile {
  text: string;
  value: unknown;
  hash: string;
}

/** What the browser sends for lint and save: each changed file's new value and the hash it was opened at. */
type Documents = Record<string, { value: unknown; hash?: string }>;

/** A resolved `$data`/`$query`, by the reference's JSON text. */
export type ResolvedRefs = Record<string, { value: unknown } | { error: string }>;

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 20);

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

/** The route the editor opens: as `joinery dev` resolves it, or the "*" page by its own path. */
function findRoute(site: Site, path: string): RouteEntry | undefined {
  const routes = buildRouteTable(site);
  const found = resolveRoute(routes, path);
  return found?.status === 200 ? found.route : routes.find((r) => r.path === path);
}

function openFile(site: Site, rel: string): OpenFile {
  const f = site.files.get(rel);
  if (!f) throw new HttpError(404, { message: `${rel} does not exist` });
  return { text: f.text, value: f.value, hash: hashOf(f.text) };
}

/** Every `$data` and `$query` inside a value, resolved on the site as it is in memory. */
function resolveRefs(site: Site, value: unknown, item?: unknown, out: ResolvedRefs = {}): ResolvedRefs {
  if (Array.isArray(value)) for (const v of value) resolveRefs(site, v, item, out);
  else if (value !== null && typeof value === 'object') {
    if (isDataRef(value) || isDataQuery(value)) {
      const key = JSON.stringify(value);
      try {
        out[key] = { value: resolveDataRefs(value, { site, item }) };
      } catch (e) {
        out[key] = { error: (e as Error).message };
      }
    } else for (const v of Object.values(value)) resolveRefs(site, v, item, out);
  }
  return out;
}

/** The site with the documents' new values written into their files' texts (in memory only). */
function withDocuments(site: Site, docs: Documents): Site {
  const files = new Map(site.files);
  for (const [rel, doc] of Object.entries(docs)) {
    const f = site.files.get(rel);
    if (!f) throw new HttpError(404, { message: `${rel} does not exist` });
    if (f.value === undefined)
      throw new HttpError(422, { message: `${rel} has JSON syntax errors: fix them in the file first` });
    files.set(rel, parseJsonFile(rel, f.abs, editJsonText(f.text, f.value, doc.value)));
  }
  return { dir: site.dir, files };
}

function lintDocuments(site: Site, docs: Documents): Finding[] {
  return lintLoadedSite(site).findings.filter((f) => f.file in docs);
}

async function readBody(req: IncomingMessage): Promise<{ files?: Documents; route?: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 5_000_000) throw new HttpError(413, { message: 'The documents are larger than 5 MB' });
    chunks.push(c as Buffer);
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (!body || typeof body.files !== 'object') throw new Error();
    return body;
  } catch {
    throw new HttpError(400, { message: 'Expected a JSON body { "files": { "<file>": { "value": ... } } }' });
  }
}

function pageInfo(site: Site, path: string, blocks: BlockContracts) {
  const route = findRoute(site, path);
  if (!route) throw new HttpError(404, { message: `No route matches ${path}` });
  const page = pageFile(route.page);
  const template = templateFile(fileValue<{ template?: string }>(site, page)?.template ?? route.template ?? 'default');
  const data = buildPageData(site, route, {
    path: route.dynamic ? route.path : path,
    productFacts: siteProductFacts(site),
    blocks,
  });
  const declared = route.source.file === 'routes.json' && /^\/routes\/\d+$/.test(route.source.pointer);
  const files = Object.fromEntries([page, template, 'routes.json'].map((rel) => [rel, openFile(site, rel)]));
  const refs = resolveRefs(site, [files[page]!.value, files[template]!.value], route.item);
  return {
    route: { path: route.path, item: route.item, pointer: declared ? route.source.pointer : undefined },
    page,
    template,
    files,
    pageData: data,
    refs,
  };
}

let blockInfo: Record<string, { schema: object; example: unknown }> | undefined;
function blocksInfo() {
  blockInfo ??= Object.fromEntries(
    blockTypes()
      .filter((t) => existsSync(join(BLOCKS_DIR, t, 'schema.json')))
      .map((t) => {
        const example = join(BLOCKS_DIR, t, 'example.json');
        return [
          t,
          {
            schema: bundleSchema(join(BLOCKS_DIR, t, 'schema.json')),
            example: existsSync(example) ? JSON.parse(readFileSync(example, 'utf8')) : { type: t, props: {} },
          },
        ];
      }),
  );
  return blockInfo;
}

/** Forgets the blocks' schemas (one changed on disk). */
export function forgetBlocks() {
  blockInfo = undefined;
}

async function save(siteDir: string, body: { files?: Documents; route?: string }) {
  const docs = body.files ?? {};
  const site = loadSite(siteDir);
  const changed = Object.entries(docs)
    .filter(([rel, d]) => site.files.has(rel) && hashOf(site.files.get(rel)!.text) !== d.hash)
    .map(([rel]) => rel);
  if (changed.length)
    throw new HttpError(409, {
      message: `${changed.join(', ')} changed on disk since the editor opened it; nothing was saved. Reload the editor to see the file as it is now.`,
      files: changed,
    });
  const next = withDocuments(site, docs);
  const findings = lintDocuments(next, docs);
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length)
    throw new HttpError(422, {
      message: `Not saved: ${errors.length} lint error${errors.length === 1 ? '' : 's'}`,
      findings,
    });
  const saved: Record<string, OpenFile> = {};
  for (const rel of Object.keys(docs)) {
    const f = next.files.get(rel)!;
    if (f.text !== site.files.get(rel)!.text) writeFileSync(f.abs, f.text);
    saved[rel] = { text: f.text, value: f.value, hash: hashOf(f.text) };
  }
  return { files: saved, findings };
}

/** The site's images, as the URLs a page names them by. */
function siteImages(siteDir: string): string[] {
  const dir = join(siteDir, 'images');
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split(sep).join('/'))
    .filter((f) => /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(f))
    .map((f) => `/images/${f}`)
    .sort();
}

/** block type -> the routes whose page (or layout) uses it, the page's own first. */
function blockUsage(site: Site): Record<string, string[]> {
  const own: Record<string, string[]> = {};
  const layout: Record<string, string[]> = {};
  const add = (into: Record<string, string[]>, type: string, path: string) => {
    into[type] ??= [];
    if (!into[type].includes(path)) into[type].push(path);
  };
  for (const r of buildRouteTable(site)) {
    if (r.dynamic || r.path === '*') continue;
    const page = fileValue<{ template?: string; blocks?: { type: string }[] }>(site, pageFile(r.page));
    for (const b of page?.blocks ?? []) add(own, b.type, r.path);
    const template = fileValue<{ regions?: { blocks?: { type: string }[] }[] }>(
      site,
      templateFile(page?.template ?? r.template ?? 'default'),
    );
    for (const region of template?.regions ?? []) for (const b of region.blocks ?? []) add(layout, b.type, r.path);
  }
  for (const [type, paths] of Object.entries(layout)) for (const p of paths) add(own, type, p);
  return own;
}

/**
 * The file an upload goes into: the client's name reduced to a slug (letters, digits, dashes; no
 * path, no leading dot) with its extension, and a number added until the name is free.
 */
function uploadName(name: string): { stem: string; ext: string } {
  const base = name.split(/[\\/]/).pop()!.toLowerCase();
  const ext = extensionOf(base);
  if (!Object.hasOwn(UPLOAD_TYPES, ext)) throw new HttpError(400, { message: WRONG_TYPE });
  const stem = base
    .slice(0, base.length - ext.length - 1)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return { stem: stem || 'image', ext };
}

async function uploadBytes(req: IncomingMessage): Promise<Buffer> {
  const tooLarge = new HttpError(413, {
    message: `The image is larger than ${UPLOAD_LIMIT_MB} MB: export it smaller (a 4,000-pixel JPEG is enough for any slot).`,
  });
  if (Number(req.headers['content-length']) > UPLOAD_LIMIT_MB * 1e6) {
    req.resume(); // read to the end unkept, so that the client gets the answer rather than a reset
    throw tooLarge;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > UPLOAD_LIMIT_MB * 1e6) throw tooLarge;
    chunks.push(c as Buffer);
  }
  if (!size) throw new HttpError(400, { message: 'The file is empty.' });
  return Buffer.concat(chunks);
}

/** An image uploaded from the editor, kept under images/uploads/ (never over an existing file) when its bytes are what its name says. */
async function upload(siteDir: string, name: string, req: IncomingMessage) {
  const { stem, ext } = uploadName(name);
  const bytes = await uploadBytes(req);
  const refusal = await imageRefusal(ext, bytes);
  if (refusal) throw new HttpError(415, { message: refusal });
  const dir = join(siteDir, 'images', 'uploads');
  mkdirSync(dir, { recursive: true });
  for (let n = 1; ; n++) {
    const file = `${stem}${n === 1 ? '' : `-${n}`}.${ext}`;
    try {
      writeFileSync(join(dir, file), bytes, { flag: 'wx' });
      return { src: `/images/uploads/${file}` };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/** The weights in dist/, by block type; {} before the first build. */
async function lastBuildWeights(): Promise<Record<string, BlockWeight>> {
  if (!existsSync(join(DIST_DIR, 'site', '.vite', 'manifest.json'))) return {};
  const weights = blockWeights(DIST_DIR, await loadServerBlocks(DIST_DIR));
  return Object.fromEntries(weights.map((w) => [w.type, w]));
}

type Handler = (url: URL, req: IncomingMessage) => Promise<unknown> | unknown;

/** `token`: the secret the editor's pages hold, needed for every write. */
export function editorApi(opts: { siteDir: string; token: string; blockContracts: () => Promise<BlockContracts> }) {
  const handlers: Record<string, Handler> = {
    'GET page': async (url) =>
      pageInfo(loadSite(opts.siteDir), url.searchParams.get('route') ?? '/', await opts.blockContracts()),
    'GET blocks': () => blocksInfo(),
    'GET routes': () =>
      buildRouteTable(loadSite(opts.siteDir))
        .filter((r) => !r.dynamic && r.path !== '*')
        .map((r) => ({ path: r.path, page: r.page })),
    'GET images': () => siteImages(opts.siteDir),
    'GET usage': () => blockUsage(loadSite(opts.siteDir)),
    'GET weights': () => lastBuildWeights(),
    'POST lint': async (_url, req) => {
      const body = await readBody(req);
      const docs = body.files ?? {};
      const site = withDocuments(loadSite(opts.siteDir), docs);
      const route = body.route ? findRoute(site, body.route) : undefined;
      return {
        findings: lintDocuments(site, docs),
        refs: resolveRefs(
          site,
          Object.values(docs).map((d) => d.value),
          route?.item,
        ),
      };
    },
    'POST save': async (_url, req) => save(opts.siteDir, await readBody(req)),
    'POST upload': async (url, req) => upload(opts.siteDir, url.searchParams.get('name') ?? '', req),
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const what = url.pathname.slice(API_PREFIX.length);
    const handler = handlers[`${req.method} ${what}`];
    const send = (status: number, body: unknown) =>
      res
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
        .end(JSON.stringify(body));
    const refusal = guardRefusal(req, opts.token, what === 'upload' ? 'image' : 'json');
    if (refusal) return send(403, { success: false, message: refusal });
    if (!handler) return send(404, { success: false, message: `No editor API at ${req.method} ${url.pathname}` });
    try {
      send(200, await handler(url, req));
    } catch (e) {
      if (e instanceof HttpError) send(e.status, { success: false, ...e.body });
      else send(500, { success: false, message: String((e as Error).stack ?? e) });
    }
  };
}
