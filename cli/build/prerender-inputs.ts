/**
 * What the prerender needs, built from folders alone (site, bundles, output), so the build and
 * each of its worker threads (prerender-worker.ts) set up the very same renderer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildRouteTable, builtRoutes, loadSite, siteProductFacts, type BlockRegistry } from '../../engine/node.ts';
import { createAssetResolver, type Manifest } from '../../engine/prerender/assets.ts';
import type { AssetUrlMap } from '../../engine/prerender/content-images.ts';
import { createCriticalCss, namesIn } from '../../engine/prerender/critical-css.ts';
import type { PrerenderOptions, SsrModule } from '../../engine/prerender/prerender.ts';
import { CLIENT_BOOT, CLIENT_ENTRY } from '../../engine/vite/config.ts';
import { loadBlockContracts } from '../blocks.ts';

type SsrEntry = SsrModule & { loadAllBlocks(): Promise<BlockRegistry> };

export interface PrerenderFolders {
  siteDir: string;
  /** Folder holding the Vite builds (server/server-entry.js, site/.vite/manifest.json). */
  bundles: string;
  /** dist/site: where pages are written. */
  siteOut: string;
  assetUrls?: AssetUrlMap;
  log?: (line: string) => void;
}

const serverEntry = async (bundles: string) =>
  (await import(pathToFileURL(join(bundles, 'server', 'server-entry.js')).href)) as SsrEntry;

/** Every block's definition, from the server bundle built in `bundles`. */
export const loadServerBlocks = async (bundles: string) => (await serverEntry(bundles)).loadAllBlocks();

export async function prerenderInputs(f: PrerenderFolders): Promise<PrerenderOptions> {
  const ssr = await serverEntry(f.bundles);
  const registry = await ssr.loadAllBlocks();
  const manifest = JSON.parse(readFileSync(join(f.bundles, 'site', '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const site = loadSite(f.siteDir);
  // A framework-free island's code is its client (blocks/<type>/client.ts), not its component.
  const blockKey = (t: string) =>
    registry[t]?.island?.code === 'client' ? `blocks/${t}/client.ts` : `blocks/${t}/index.tsx`;
  return {
    site,
    // A dev-only route (routes.json devOnly) is served by `joinery dev` alone.
    routes: builtRoutes(buildRouteTable(site)),
    outDir: f.siteOut,
    ssr,
    registry,
    assets: createAssetResolver(manifest, CLIENT_ENTRY, blockKey, CLIENT_BOOT),
    blocks: await loadBlockContracts(),
    assetUrls: f.assetUrls,
    criticalCss: criticalCssFrom(join(f.bundles, 'site'), manifest, blockKey),
    productFacts: siteProductFacts(site),
    log: f.log,
  };
}

/**
 * Critical CSS from the built stylesheets (URLs under /assets), each set parsed once: a page's
 * markup's and what its islands' code may add (the names in the runtime's and each island's
 * scripts, its lazy parts included).
 */
function criticalCssFrom(
  siteBundle: string,
  manifest: Manifest,
  blockKey: (type: string) => string,
): NonNullable<PrerenderOptions['criticalCss']> {
  const pruners = new Map<string, ReturnType<typeof createCriticalCss>>();
  const names = new Map<string, Set<string>>();
  const scriptNames = (key: string, dynamic: boolean, out: Map<string, Set<string>>) => {
    const chunk = manifest[key];
    if (!chunk || out.has(chunk.file)) return;
    let n = names.get(chunk.file);
    if (!n) {
      n = namesIn(readFileSync(join(siteBundle, chunk.file), 'utf8'));
      names.set(chunk.file, n);
    }
    out.set(chunk.file, n);
    for (const i of [...(chunk.imports ?? []), ...(dynamic ? (chunk.dynamicImports ?? []) : [])])
      scriptNames(i, dynamic, out);
  };
  // The runtime's own scripts, without the blocks it may import.
  const runtime = new Map<string, Set<string>>();
  scriptNames(CLIENT_ENTRY, false, runtime);
  return (urls, html, islandTypes) => {
    const key = urls.join('\n');
    let prune = pruners.get(key);
    if (!prune) {
      prune = createCriticalCss(urls.map((u) => readFileSync(join(siteBundle, u), 'utf8')).join('\n'));
      pruners.set(key, prune);
    }
    if (!islandTypes.length) return prune(html);
    const scripts = new Map(runtime);
    for (const t of islandTypes) scriptNames(blockKey(t), true, scripts);
    return prune(html, [...scripts.values()]);
  };
}
