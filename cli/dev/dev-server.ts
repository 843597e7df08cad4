/**
 * `joinery dev`: Vite in middleware mode (HMR for code, on this server's port) with pages
 * rendered on request from the live content. A content edit re-lints the site and pushes the
 * findings to the open pages; a page with findings shows them in an overlay over its render (its
 * last good one when it no longer renders). /api/* and /sandbox-gateway/* go to the real server app.
 * It listens on loopback unless given a host, and answers only requests (and HMR upgrades) whose
 * Host it knows (host-check.ts).
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import {
  buildPageData,
  buildRouteTable,
  loadSite,
  siteProductFacts,
  withSchemaDefaults,
  type BlockContracts,
  type Finding,
  type RouteEntry,
  type Site,
} from '../../engine/node.ts';
import { escapeHtml } from '../../engine/render/document.ts';
import { joineryPlugin } from '../../engine/vite/plugin.ts';
import { SVG_CSP } from '../../server/site/index.ts';
import { CLIENT_BOOT, CLIENT_ENTRY, cssModules, SSR_ENTRY } from '../../engine/vite/config.ts';
import { lintLoadedSite } from '../lint/run.ts';
import { islandClientFiles, loadBlockContracts } from '../blocks.ts';
import { findArtifact, siteArtifacts } from '../build/artifacts.ts';
import { BLOCKS_DIR, IMAGE_CACHE_DIR, ROOT } from '../paths.ts';
import { pageStyles, reloadOnServerOnlyChange } from './hmr.ts';
import { settledChanges } from './settled-changes.ts';
import {
  EMPTY_PAGE,
  OVERLAY_CLIENT,
  overlayFindings,
  pageFilesOf,
  RULE_DOCS,
  ruleDocPage,
  withOverlay,
} from './overlay.ts';
import { LINT_EVENT, type LintEvent, type OverlayState } from './overlay-view.ts';
import { resolveRoute } from './resolve-route.ts';
import { EDITOR_PREFIX, editButton, editorHandler, forgetBlocks } from './editor/index.ts';
import { hostCheck } from './host-check.ts';
import { devImages } from './images.ts';
import { listenDev } from './listen.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Stands for a page's markup while Vite transforms its document (renderRoute). */
const MARKUP_MARK = `<!--joinery-markup-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 12)}-->`;

interface ContentState {
  site: Site;
  /** The route table, or the last one built when it cannot be built now. */
  routes: RouteEntry[];
  /** The lint of this content: run at the first call, kept after. */
  lint(): Linted;
  /** Whether lint() has run. */
  readonly linted: boolean;
}

interface Linted {
  findings: Finding[];
  errors: Finding[];
}

const MIME: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

/**
 * Reads images from the content folder's images/ (the build copies them); variants of raster
 * originals come from images.ts. An SVG opened on its
 * own runs nothing: it is served sandboxed, as `joinery start` serves it.
 */
function serveImage(siteDir: string, pathname: string, res: ServerResponse): boolean {
  if (!pathname.startsWith('/images/')) return false;
  const file = join(siteDir, normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, ''));
  if (!file.startsWith(join(siteDir, 'images')) || !existsSync(file) || !statSync(file).isFile()) return false;
  const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    ...(type === 'image/svg+xml' && { 'content-security-policy': SVG_CSP }),
  });
  createReadStream(file).pipe(res);
  return true;
}

/** Vite for `joinery dev`: middleware mode, HMR upgrades handed over by the given server. */
async function viteServer(server: HttpServer, allowedHosts: string[]): Promise<ViteDevServer> {
  // The framework-free islands' code, from the blocks' declarations as the server loads them.
  const islandClients = async () => islandClientFiles(await (await ssrEntry(vite)).loadAllBlocks());
  const vite: ViteDevServer = await createViteServer({
    root: ROOT,
    configFile: false,
    appType: 'custom',
    publicDir: false,
    // HMR on this server's port: several dev servers (tests, another site) do not compete for one.
    // Vite checks the Host again; the dev server refused the others before.
    server: { middlewareMode: true, ws: { server }, allowedHosts },
    plugins: [
      react(),
      joineryPlugin({ blocksModule: join(BLOCKS_DIR, 'index.ts'), islandClients }),
      reloadOnServerOnlyChange(),
    ],
    css: { modules: cssModules(ROOT) },
    // The browser's dependencies found at start from the entry and every block's code (the entry
    // reaches them through a virtual module the scan does not follow), not one at a time as
    // pages ask for them, each find reloading the open pages.
    optimizeDeps: { entries: [CLIENT_ENTRY, OVERLAY_CLIENT, 'blocks/*/index.tsx', 'blocks/*/client.ts'] },
    // Its own pre-bundled dependencies per checkout: dev servers of checkouts sharing one
    // node_modules rewrote each other's, failing the browser's imports ("Outdated Optimize Dep").
    cacheDir: join(ROOT, 'node_modules', '.vite', `dev-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`),
  });
  return vite;
}

const ssrEntry = async (vite: ViteDevServer) =>
  (await vite.ssrLoadModule(`/${SSR_ENTRY}`)) as typeof import('../../engine/render/server-entry.tsx');

/** The live content, loaded once per edit and linted when first asked; `version` counts the edits. */
function liveContent(siteDir: string) {
  let state: ContentState | undefined;
  let routes: RouteEntry[] = [];
  const live = {
    version: 0,
    get(): ContentState {
      if (!state) {
        const site = loadSite(siteDir);
        try {
          routes = buildRouteTable(site);
        } catch {
          // The findings say why; pages keep the routes they had.
        }
        let linted: Linted | undefined;
        state = {
          site,
          routes,
          lint() {
            if (!linted) {
              const { findings } = lintLoadedSite(site);
              linted = { findings, errors: findings.filter((f) => f.severity === 'error') };
            }
            return linted;
          },
          get linted() {
            return linted !== undefined;
          },
        };
      }
      return state;
    },
    changed() {
      state = undefined;
      live.version++;
    },
    event: (): LintEvent => ({ version: live.version, findings: overlayFindings(live.get().lint().findings, siteDir) }),
  };
  return live;
}

type SsrEntry = Awaited<ReturnType<typeof ssrEntry>>;

/**
 * The page rendered with the code of its own blocks only, and of those they embed: rendered again
 * while a render names embedded types not loaded yet (an embedded type missing renders nothing).
 */
async function renderWithEmbedded(
  ssr: SsrEntry,
  data: Parameters<SsrEntry['renderPageHtml']>[0],
  path: string,
  blocks: BlockContracts,
) {
  const wanted = new Set(data.blockTypes);
  for (;;) {
    const registry = withSchemaDefaults(await ssr.loadBlocksOf([...wanted]), blocks);
    const r = ssr.renderPageHtml(data, path, registry, true);
    const before = wanted.size;
    for (const t of r.embeddedTypes) wanted.add(t);
    if (wanted.size === before || r.embeddedTypes.every((t) => registry[t])) return r;
  }
}

/**
 * Vite's HTML transform (its client, React's refresh preamble, the head's URLs) on the document
 * without the page's markup, put back after: parsing that markup was most of the transform's
 * time, and it holds no module script (document.ts puts those in the head).
 */
async function transformWithoutMarkup(vite: ViteDevServer, path: string, doc: string, markup: string) {
  const at = doc.indexOf(markup);
  const html = await vite.transformIndexHtml(path, doc.slice(0, at) + MARKUP_MARK + doc.slice(at + markup.length));
  return html.replace(MARKUP_MARK, () => markup);
}

/** Pages and page data from the live content, with the lint overlay. */
function pages(vite: ViteDevServer, content: ReturnType<typeof liveContent>, images: ReturnType<typeof devImages>) {
  // The blocks' schemas (their defaults) are read again once one changes; build.ts at start only.
  let contracts: Promise<BlockContracts> | undefined;
  const blockContracts = () => (contracts ??= loadBlockContracts());
  // Per path, the last render made while the page's own files had no errors.
  const lastGood = new Map<string, string>();
  // The pages being answered: the warm-up's lint waits for them (it holds the thread a moment).
  const rendering = new Set<Promise<unknown>>();
  const idle = async () => {
    while (rendering.size) await Promise.allSettled([...rendering]);
  };

  /** A route's page as HTML, styled for dev. */
  async function renderRoute(c: ContentState, found: { route: RouteEntry; status: number }, url: URL) {
    const blocks = await blockContracts();
    // Raster originals as the build shows them: their variants' srcsets, size and colour.
    const data = await images.pageData(
      buildPageData(c.site, found.route, {
        path: found.route.dynamic ? found.route.path : url.pathname,
        status: found.status,
        productFacts: siteProductFacts(c.site),
        blocks,
      }),
    );
    const ssr = await ssrEntry(vite);
    const r = await renderWithEmbedded(ssr, data, url.pathname + url.search, blocks);
    const theme = (c.site.files.get('site.json')?.value as { theme?: Record<string, string> } | undefined)?.theme;
    const doc = ssr.renderDocument({
      data: r.data,
      html: r.html,
      assets: { entry: `/${CLIENT_ENTRY}`, boot: `/${CLIENT_BOOT}`, css: [], preload: [] },
      theme,
      islands: r.islands,
    });
    const styles = await pageStyles(vite, [...r.data.blockTypes, ...r.embeddedTypes]);
    const html = await transformWithoutMarkup(vite, url.pathname, doc, r.html);
    return html.replace('</head>', `${styles}\n</head>`).replace('</body>', `${editButton(url.pathname)}</body>`);
  }

  /**
   * The page with the overlay: its fresh render, else (with errors) its last good one, else
   * none. The first pages of a start do not wait for the lint: their overlay says its findings
   * are pending, and they come with the overlay's first event (it asks for them).
   */
  async function servePage(url: URL, res: ServerResponse) {
    const c = content.get();
    const lint = c.linted || content.version > 0 ? c.lint() : undefined;
    const found = resolveRoute(c.routes, url.pathname);
    if (!found && !(lint ?? c.lint()).errors.length) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found (the site has no "*" route)');
      return;
    }
    const pageFiles = found ? pageFilesOf(c.site, found.route) : [];
    let html: string | undefined;
    let render: OverlayState['render'] = 'fresh';
    try {
      if (!found) throw new Error('no route');
      const fresh = await renderRoute(c, found, url);
      html = fresh;
      // The last good render: one made while the page's own files have no errors.
      const keep = () => {
        if (!c.lint().errors.some((f) => pageFiles.includes(f.file))) lastGood.set(url.pathname, fresh);
      };
      if (lint) keep();
      else setImmediate(keep);
    } catch (e) {
      if (!c.lint().errors.length) throw e;
      html = lastGood.get(url.pathname);
      render = html ? 'last-good' : 'none';
    }
    const state: OverlayState = c.linted
      ? { ...content.event(), pageFiles, render }
      : { version: content.version, findings: [], pending: true, pageFiles, render };
    const page = html ?? (await vite.transformIndexHtml(url.pathname, EMPTY_PAGE));
    res.writeHead(render === 'none' ? 500 : (found?.status ?? 500), { 'content-type': 'text/html; charset=utf-8' });
    res.end(withOverlay(page, state));
  }

  return {
    blockContracts,
    schemaChanged: () => {
      contracts = undefined;
      forgetBlocks();
    },

    /**
     * What pages need, made before one is asked for, the home page's first: the content loaded,
     * the blocks' build.ts, the home page's blocks and styles through Vite; then, once no page is
     * being rendered, the lint and every other block. A failure is left for the page to report.
     */
    async warm() {
      try {
        const c = content.get();
        const blocks = await blockContracts();
        const home = resolveRoute(c.routes, '/');
        const ssr = await ssrEntry(vite);
        if (home) {
          const data = buildPageData(c.site, home.route, { path: '/', status: home.status, blocks });
          await ssr.loadBlocksOf(data.blockTypes);
          await pageStyles(vite, data.blockTypes);
        }
        await idle();
        c.lint();
        await ssr.loadAllBlocks();
      } catch {}
    },

    /** A page, answered (warm's lint waits for the pages being answered). */
    async page(url: URL, res: ServerResponse) {
      const served = servePage(url, res);
      rendering.add(served);
      try {
        await served;
      } finally {
        rendering.delete(served);
      }
    },
  };
}

export interface DevServerOptions {
  siteDir: string;
  port: number;
  api?: Listener;
  /** The address to listen on; loopback (127.0.0.1 and ::1) when none. */
  host?: string;
  /** Host names answered besides localhost, the loopback addresses and `host`. */
  allowedHosts?: readonly string[];
  /** The image pipeline's cache (default the build's). */
  imageCacheDir?: string;
}

export async function startDevServer(opts: DevServerOptions) {
  const hosts = hostCheck(opts);
  const server = createHttpServer((req, res) => {
    if (!hosts.allowed(req)) return hosts.refuse(req, res);
    // The editor's pages and API; the lint overlay's rule pages share the prefix.
    if (req.url?.startsWith(EDITOR_PREFIX) && !req.url.startsWith(RULE_DOCS)) return void editor(req, res);
    // The offline sandbox gateway (a stand-in third party) is served by the same server app.
    if (opts.api && (req.url?.startsWith('/api/') || req.url?.startsWith('/sandbox-gateway/')))
      return opts.api(req, res);
    vite.middlewares(req, res, () => render(req, res));
  });
  // Vite's HMR WebSocket listens on a server of its own that is handed only the upgrades whose Host is allowed.
  const hmr = createHttpServer();
  server.on('upgrade', (req, socket, head) =>
    hosts.allowed(req) ? hmr.emit('upgrade', req, socket, head) : hosts.refuseUpgrade(req, socket),
  );
  const vite = await viteServer(hmr, hosts.names);
  const content = liveContent(opts.siteDir);
  const images = devImages(opts.siteDir, opts.imageCacheDir ?? IMAGE_CACHE_DIR);
  const site = pages(vite, content, images);
  const editor = editorHandler({ siteDir: opts.siteDir, vite, blockContracts: site.blockContracts });
  const hot = vite.environments.client.hot;
  // A page that starts asks for the findings: one edited while it loaded missed their push.
  hot.on(LINT_EVENT, (_data, client) => client.send(LINT_EVENT, content.event()));
  // A content edit: lint again (once for a burst of events) and send the findings to the pages.
  let push: ReturnType<typeof setTimeout> | undefined;
  const edits = settledChanges(() => {
    content.changed();
    clearTimeout(push);
    push = setTimeout(() => hot.send({ type: 'custom', event: LINT_EVENT, data: content.event() }), 30);
  });
  vite.watcher.add(opts.siteDir);
  vite.watcher.on('all', (_event, file) => {
    const changed = normalize(file);
    if (changed.startsWith(normalize(opts.siteDir))) edits.changed(file);
    else if (changed.startsWith(normalize(BLOCKS_DIR)) && changed.endsWith('schema.json')) {
      site.schemaChanged();
      hot.send({ type: 'full-reload' });
    }
  });

  const render: Listener = async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if ((await images.serve(url.pathname, res)) || serveImage(opts.siteDir, url.pathname, res)) return;
      const doc = ruleDocPage(url.pathname);
      const artifact = findArtifact(siteArtifacts, url.pathname);
      if (doc) res.writeHead(doc.status, { 'content-type': 'text/html; charset=utf-8' }).end(doc.html);
      else if (artifact) {
        // Build artifacts (search index, sample data), computed from the live content.
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
        res.end(JSON.stringify(artifact.build(content.get())));
      } else await site.page(url, res);
    } catch (e) {
      vite.ssrFixStacktrace(e as Error);
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Render error</title><script type="module" src="/@vite/client"></script><h1>Render error</h1><pre>${escapeHtml(String((e as Error).stack ?? e))}</pre>`,
      );
    }
  };

  let listening: Awaited<ReturnType<typeof listenDev>>;
  try {
    listening = await listenDev(server, opts.port, opts.host);
  } catch (e) {
    await vite.close();
    throw e;
  }
  // Listening first: the warm-up's lint takes the thread for a moment.
  setImmediate(() => void site.warm());
  return {
    server,
    vite,
    /** Counts the content's edits as the server has seen them. */
    contentVersion: () => content.version,
    close: async () => {
      edits.close();
      clearTimeout(push);
      await vite.close();
      await listening.close();
      await new Promise((r) => server.close(r));
    },
  };
}
