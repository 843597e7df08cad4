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
import type { PictureMap } from '../../engine/images/pipeline.ts';
import { createCriticalCss } from '../../engine/prerender/critical-css.ts';
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
  /** Raster originals' variants (engine/images/pipeline.ts). */
  pictures?: PictureMap;
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
    pictures: f.pictures,
    criticalCss: criticalCssFrom(join(f.bundles, 'site')),
    productFacts: siteProductFacts(site),
    log: f.log,
  };
}

/**
 * Critical CSS from the built stylesheets (URLs under /assets), each set parsed once: the rules a
 * page's markup uses. What an island adds once live is styled by the full sheet, which the page
 * links without blocking its first paint (engine/render/document.ts).
 */
function criticalCssFrom(siteBundle: string): NonNullable<PrerenderOptions['criticalCss']> {
  const pruners = new Map<string, ReturnType<typeof createCriticalCss>>();
  return (urls, html) => {
    const key = urls.join('\n');
    let prune = pruners.get(key);
    if (!prune) {
      prune = createCriticalCss(urls.map((u) => readFileSync(join(siteBundle, u), 'utf8')).join('\n'));
      pruners.set(key, prune);
    }
    return prune(html);
  };
}
