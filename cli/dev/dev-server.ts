/**
 * `joinery dev`: Vite in middleware mode (HMR for code) with pages rendered on request from the
 * live content. Content edits invalidate the cached site and reload open pages; lint errors are
 * shown in the page instead of the page. /api/* and /sandbox-gateway/* go to the real server app.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import {
  buildPageData,
  buildRouteTable,
  loadSite,
  matchPath,
  siteProductFacts,
  withSchemaDefaults,
  type BlockContracts,
  type BlockRegistry,
  type Finding,
  type RouteEntry,
  type Site,
} from '../../engine/node.ts';
import { escapeHtml } from '../../engine/render/document.ts';
import { joineryPlugin } from '../../engine/vite/plugin.ts';
import { CLIENT_ENTRY, SSR_ENTRY } from '../../engine/vite/config.ts';
import { lintSite } from '../lint/run.ts';
import { islandClientFiles, loadBlockContracts } from '../blocks.ts';
import { findArtifact, siteArtifacts } from '../build/artifacts.ts';
import { BLOCKS_DIR, ROOT } from '../paths.ts';
import { EDITOR_PREFIX, editButton, editorHandler, forgetBlocks } from './editor/index.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

interface ContentState {
  site: Site;
  routes: RouteEntry[];
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

function resolveRoute(routes: RouteEntry[], pathname: string): { route: RouteEntry; status: number } | undefined {
  const path = pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
  const exact = routes.find((r) => !r.dynamic && r.path === path);
  if (exact) return { route: exact, status: 200 };
  const dyn = routes.find((r) => r.dynamic && r.path !== '*' && matchPath(r.path, path));
  if (dyn) return { route: dyn, status: 200 };
  const nf = routes.find((r) => r.path === '*');
  return nf && { route: nf, status: 404 };
}

function errorPage(errors: Finding[]): string {
  const items = errors
    .map(
      (f) =>
        `<li><code>${escapeHtml(`${f.file}:${f.line}:${f.column}`)}</code> ${escapeHtml(f.message)} <small>${escapeHtml(f.ruleId)}</small></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Content errors</title><script type="module" src="/@vite/client"></script>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1f1d1a}h1{color:#8c1d18}li{margin:.5rem 0}code{background:#f6f2ec;padding:.1rem .3rem}</style></head>
<body><h1>joinery lint: ${errors.length} error${errors.length === 1 ? '' : 's'}</h1><p>Fix the content and this page reloads.</p><ul>${items}</ul></body></html>`;
}

export async function startDevServer(opts: { siteDir: string; port: number; api?: Listener }) {
  const vite: ViteDevServer = await createViteServer({
    root: ROOT,
    configFile: false,
    appType: 'custom',
    publicDir: false,
    server: { middlewareMode: true },
    plugins: [
      react(),
      joineryPlugin({ blocksModule: join(BLOCKS_DIR, 'index.ts'), islandClients: islandClientFiles() }),
    ],
    css: { modules: { localsConvention: 'camelCaseOnly' } },
  });
  let state: ContentState | undefined;
  const content = (): ContentState => {
    if (!state) {
      const lint = lintSite(opts.siteDir);
      const site = loadSite(opts.siteDir);
      const errors = lint.findings.filter((f) => f.severity === 'error');
      state = { site, routes: errors.length ? [] : buildRouteTable(site), errors };
    }
    return state;
  };
  // The blocks' schemas (their defaults) are read again once one changes; build.ts at start only.
  let contracts: Promise<BlockContracts> | undefined;
  const blockContracts = () => (contracts ??= loadBlockContracts());
  vite.watcher.add(opts.siteDir);
  vite.watcher.on('all', (_event, file) => {
    const changed = normalize(file);
    if (changed.startsWith(normalize(opts.siteDir))) {
      state = undefined;
      vite.ws.send({ type: 'full-reload' });
    } else if (changed.startsWith(normalize(BLOCKS_DIR)) && changed.endsWith('schema.json')) {
      contracts = undefined;
      forgetBlocks();
      vite.ws.send({ type: 'full-reload' });
    }
  });

  const render: Listener = async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.startsWith('/images/')) {
        const file = join(opts.siteDir, normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, ''));
        if (file.startsWith(join(opts.siteDir, 'images')) && existsSync(file) && statSync(file).isFile()) {
          res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
          createReadStream(file).pipe(res);
          return;
        }
      }
      const c = content();
      // Build artifacts (search index, sample data), computed from the live content.
      const artifact = c.errors.length ? undefined : findArtifact(siteArtifacts, url.pathname);
      if (artifact) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
        res.end(JSON.stringify(artifact.build(c)));
        return;
      }
      const wantsData = url.pathname.endsWith('/page-data.json');
      if (c.errors.length) {
        res.writeHead(500, { 'content-type': wantsData ? 'application/json' : 'text/html; charset=utf-8' });
        res.end(wantsData ? JSON.stringify({ errors: c.errors }) : errorPage(c.errors));
        return;
      }
      const pathname = wantsData ? url.pathname.slice(0, -'/page-data.json'.length) || '/' : url.pathname;
      const found = resolveRoute(c.routes, pathname);
      if (!found) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found (the site has no "*" route)');
        return;
      }
      const blocks = await blockContracts();
      const data = buildPageData(c.site, found.route, {
        path: found.route.dynamic ? found.route.path : pathname,
        status: found.status,
        productFacts: siteProductFacts(c.site),
        blocks,
      });
      if (wantsData) {
        res.writeHead(found.status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
        return;
      }
      const ssr = (await vite.ssrLoadModule(`/${SSR_ENTRY}`)) as typeof import('../../engine/render/server-entry.tsx');
      const registry: BlockRegistry = withSchemaDefaults(await ssr.loadAllBlocks(), blocks);
      const r = ssr.renderPageHtml(data, url.pathname + url.search, registry, true);
      const theme = (c.site.files.get('site.json')?.value as { theme?: Record<string, string> } | undefined)?.theme;
      const doc = ssr.renderDocument({
        data: r.data,
        html: r.html,
        assets: { entry: `/${CLIENT_ENTRY}`, css: [], preload: [] },
        theme,
        islands: r.islands,
      });
      const html = (await vite.transformIndexHtml(url.pathname, doc)).replace(
        '</body>',
        `${editButton(pathname)}</body>`,
      );
      res.writeHead(found.status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } catch (e) {
      vite.ssrFixStacktrace(e as Error);
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Render error</title><script type="module" src="/@vite/client"></script><h1>Render error</h1><pre>${escapeHtml(String((e as Error).stack ?? e))}</pre>`,
      );
    }
  };

  const editor = editorHandler({ siteDir: opts.siteDir, vite, blockContracts });
  const server = createHttpServer((req, res) => {
    if (req.url?.startsWith(EDITOR_PREFIX)) return void editor(req, res);
    // The offline sandbox gateway (a stand-in third party) is served by the same server app.
    if (opts.api && (req.url?.startsWith('/api/') || req.url?.startsWith('/sandbox-gateway/')))
      return opts.api(req, res);
    vite.middlewares(req, res, () => render(req, res));
  });
  await new Promise<void>((r) => server.listen(opts.port, r));
  return {
    server,
    vite,
    close: async () => {
      await vite.close();
      await new Promise((r) => server.close(r));
    },
  };
}
