/**
 * Prerenders every route to dist/site/<path>/index.html. Dynamic routes (":param") and the
 * catch-all get shells under _shells/, listed in routes-manifest.json for the server with the
 * site's name and origin.
 */
import { writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Site } from '../content/load-site.ts';
import type { ProductFacts } from '../head/json-ld.ts';
import { buildPageData, type SiteFile } from '../page-data/build-page-data.ts';
import type { DocumentAssets } from '../render/document.ts';
import type { RenderResult } from '../render/render-html.tsx';
import { fileValue } from '../content/load-site.ts';
import type { BlockRegistry, PageData, RouteEntry } from '../types.ts';
import { rewriteAssetUrls, type AssetUrlMap } from './content-images.ts';
import type { PictureMap } from '../images/pipeline.ts';
import { withSchemaDefaults, type BlockContracts } from '../blocks/contract.ts';
import { createResolveState, resolveBlockProps } from './resolve.ts';
import { robotsDisallow, robotsTxt, sitemapPaths, sitemapXml } from './sitemap.ts';

export interface SsrModule {
  renderPageHtml(data: PageData, url: string, registry: BlockRegistry, dev?: boolean): RenderResult;
  renderDocument(opts: {
    data: PageData;
    html: string;
    assets: DocumentAssets;
    theme?: Record<string, string>;
    islands?: RenderResult['islands'];
  }): string;
}

export interface PrerenderOptions {
  site: Site;
  routes: RouteEntry[];
  outDir: string;
  ssr: SsrModule;
  registry: BlockRegistry;
  assets: (blockTypes: readonly string[]) => DocumentAssets;
  productFacts?: (route: RouteEntry) => ProductFacts | undefined;
  onProgress?: (done: number, total: number) => void;
  /** The blocks' schemas and build.ts exports by type: defaults, resolvers, JSON-LD (engine/blocks/contract.ts). */
  blocks?: BlockContracts;
  log?: (line: string) => void;
  /**
   * The CSS of these stylesheets a page's body markup uses, to inline (critical-css.ts); the
   * sheets are then linked without blocking the first paint. None: linked only.
   */
  criticalCss?: (cssUrls: readonly string[], bodyHtml: string) => string;
  /** Original content-image URLs -> fingerprinted ones (content-images.ts); pages use the latter. */
  assetUrls?: AssetUrlMap;
  /** Raster originals' variants: an image whose src is one gets its srcsets and size (content-images.ts). */
  pictures?: PictureMap;
}

export interface RoutesManifest {
  dynamic: { pattern: string; dir: string }[];
  notFound: string | null;
  /** site.json's name and origin, for a server started without the content folder. */
  site: { name: string; origin: string };
}

export interface PrerenderResult {
  pages: number;
  failedBlocks: { path: string; key: string; type: string; message: string }[];
  manifest: RoutesManifest;
}

/** The folder (relative to dist/site) that holds a route's index.html. */
export function routeDir(path: string): string {
  if (path === '*') return '_shells/404';
  if (path.includes(':')) return `_shells${path.replace(/:/g, '_')}`;
  return path === '/' ? '' : path.replace(/^\/+|\/+$/g, '');
}

/** What rendering a set of routes produced (routes by their index in PrerenderOptions.routes). */
export interface RoutesRendered {
  failedBlocks: PrerenderResult['failedBlocks'];
  /** Indexes of dynamic routes rendered, with their shell folder. */
  dynamic: { index: number; pattern: string; dir: string }[];
  notFound: string | null;
}

/**
 * Renders another share of the routes elsewhere (a worker thread holding the same site and
 * bundles): each index.html written, the outcome returned.
 */
export interface RouteRenderer {
  /** Renders the routes; their files may still be being written when it resolves. */
  render(indexes: number[]): Promise<RoutesRendered>;
  /** Resolves when every file rendered so far is written. */
  flush(): Promise<void>;
}

/** A renderer of routes in this thread: the prerender's core, also run by worker threads. */
export function createRouteRenderer(o: PrerenderOptions): RouteRenderer {
  const theme = fileValue<SiteFile>(o.site, 'site.json')?.theme;
  const resolveState = createResolveState(o.log);
  const registry = o.blocks ? withSchemaDefaults(o.registry, o.blocks) : o.registry;
  // Files are written by libuv's threads while the next page renders; a bounded number in flight.
  const writing = new Set<Promise<void>>();
  let writeError: unknown;
  const write = async (abs: string, html: string) => {
    await mkdir(abs, { recursive: true });
    await writeFile(join(abs, 'index.html'), html);
  };
  return {
    async render(indexes) {
      const out: RoutesRendered = { failedBlocks: [], dynamic: [], notFound: null };
      for (const i of indexes) {
        const route = o.routes[i]!;
        const notFound = route.path === '*';
        const opts = { status: notFound ? 404 : 200, productFacts: o.productFacts, blocks: o.blocks };
        let data = buildPageData(o.site, route, opts);
        if (o.blocks) {
          const blockProps = await resolveBlockProps(data, o.blocks, resolveState.contextFor(route));
          if (blockProps.size) data = buildPageData(o.site, route, { ...opts, blockProps });
        }
        if (o.assetUrls) data = rewriteAssetUrls(data, o.assetUrls, o.pictures);
        const r = o.ssr.renderPageHtml(data, notFound ? '/404' : route.path, registry);
        for (const f of r.failed) out.failedBlocks.push({ path: route.path, ...f });
        // Styles of every block (one file); the code of the islands only: those that start at load
        // fetched with the runtime, the others' imports listed for the runtime to fetch with them.
        const islands = Object.values(r.islands);
        const typesOf = (list: typeof islands) => [...new Set(list.flatMap((i) => [i.type, ...(i.embeds ?? [])]))];
        const css = o.assets([...r.data.blockTypes, ...(r.embeddedTypes ?? [])]).css;
        const { blockChunks } = o.assets(typesOf(islands));
        const assets = {
          ...o.assets(typesOf(islands.filter((i) => i.start === 'load'))),
          css,
          blockChunks,
          inlineCss: o.criticalCss?.(css, r.html),
        };
        const html = o.ssr.renderDocument({ data: r.data, html: r.html, assets, theme, islands: r.islands });
        const dir = routeDir(route.path);
        const w: Promise<void> = write(join(o.outDir, dir), html)
          .catch((e: unknown) => {
            writeError ??= e;
          })
          .finally(() => writing.delete(w));
        writing.add(w);
        if (writing.size >= 16) await Promise.race(writing);
        if (writeError) throw writeError;
        if (notFound) out.notFound = dir;
        else if (route.dynamic) out.dynamic.push({ index: i, pattern: route.path, dir });
      }
      return out;
    },
    async flush() {
      await Promise.all(writing);
      if (writeError) throw writeError;
    },
  };
}

/**
 * Every route rendered, in batches taken from one queue by this thread and by the helpers (other
 * threads, when given), so a slow starter or a busy core never holds the others up.
 */
export async function prerender(o: PrerenderOptions, helpers: RouteRenderer[] = []): Promise<PrerenderResult> {
  const total = o.routes.length;
  let next = 0;
  let done = 0;
  let failed = false;
  const take = (n: number) => {
    const batch: number[] = [];
    while (!failed && batch.length < n && next < total) batch.push(next++);
    return batch;
  };
  const results: { first: number; r: RoutesRendered }[] = [];
  const drain = async (renderer: RouteRenderer, batchSize: number) => {
    try {
      for (let batch = take(batchSize); batch.length; batch = take(batchSize)) {
        results.push({ first: batch[0]!, r: await renderer.render(batch) });
        done += batch.length;
        o.onProgress?.(done, total);
      }
    } catch (e) {
      failed = true; // the others stop after their current batch
      throw e;
    }
  };
  // This thread takes small batches: it also answers the helpers between them.
  const local = createRouteRenderer(o);
  await Promise.all([drain(local, helpers.length ? 4 : total), ...helpers.map((h) => drain(h, 16))]);
  await Promise.all([local, ...helpers].map((r) => r.flush()));

  // In route order, whichever thread rendered what.
  const rendered = results.sort((a, b) => a.first - b.first).map((x) => x.r);
  const siteInfo = fileValue<SiteFile>(o.site, 'site.json')!;
  const manifest: RoutesManifest = {
    dynamic: rendered
      .flatMap((r) => r.dynamic)
      .sort((a, b) => a.index - b.index)
      .map(({ pattern, dir }) => ({ pattern, dir })),
    notFound: rendered.find((r) => r.notFound !== null)?.notFound ?? null,
    site: { name: siteInfo.name, origin: siteInfo.origin },
  };
  const failedBlocks = rendered.flatMap((r) => r.failedBlocks);

  const origin = siteInfo.origin.replace(/\/+$/, '');
  writeFileSync(join(o.outDir, 'sitemap.xml'), sitemapXml(origin, sitemapPaths(o.routes)));
  writeFileSync(join(o.outDir, 'robots.txt'), robotsTxt(origin, robotsDisallow(o.routes)));
  const manifestFile = join(dirname(o.outDir), 'routes-manifest.json');
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  return { pages: total, failedBlocks, manifest };
}
