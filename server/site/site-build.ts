/**
 * What `joinery build` left in dist/: the files under dist/site (indexed once at start, so only
 * files that were there can ever be served) and routes-manifest.json (dynamic route shells,
 * the 404 page, the site's name and origin). Rebuilding needs a restart, as for any deploy.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { RoutesManifest } from '../../engine/node.ts';

export class SiteNotBuiltError extends Error {}

export interface SiteFile {
  abs: string;
  size: number;
  mtimeMs: number;
}

export interface SiteBuild {
  root: string;
  /** Relative paths with '/' separators -> file facts. */
  files: Map<string, SiteFile>;
  /** Dynamic patterns, most specific first (fewer parameters win). */
  dynamic: { pattern: string; dir: string }[];
  notFound: string | null;
  /** name and origin from routes-manifest.json, when present. */
  site: { name?: string; origin?: string };
}

function indexFiles(root: string): Map<string, SiteFile> {
  const files = new Map<string, SiteFile>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue; // .vite/manifest.json and the like are build internals
      const abs = join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile()) {
        const st = statSync(abs);
        files.set(relative(root, abs).split(sep).join('/'), { abs, size: st.size, mtimeMs: st.mtimeMs });
      }
      // Symlinks are skipped: nothing outside the build folder is reachable.
    }
  };
  walk(root);
  return files;
}

const cleanDir = (dir: string) => dir.replace(/^\/+|\/+$/g, '');
const params = (pattern: string) => pattern.split('/').filter((s) => s.startsWith(':')).length;

/** site.json's name and origin as the build recorded them; the server's defaults otherwise. */
function siteInfo(manifest: Partial<RoutesManifest>): SiteBuild['site'] {
  const site = manifest.site;
  if (!site || typeof site !== 'object') return {};
  return {
    ...(typeof site.name === 'string' && { name: site.name }),
    ...(typeof site.origin === 'string' && { origin: site.origin }),
  };
}

export function loadSiteBuild(distDir: string): SiteBuild {
  const root = join(distDir, 'site');
  const manifestFile = join(distDir, 'routes-manifest.json');
  if (!existsSync(root) || !existsSync(manifestFile))
    throw new SiteNotBuiltError(`no built site in ${distDir}: run joinery build first`);
  let manifest: RoutesManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch (e) {
    throw new SiteNotBuiltError(`${manifestFile} is not valid JSON (${(e as Error).message}): run joinery build again`);
  }
  const files = indexFiles(root);
  const dynamic = (Array.isArray(manifest.dynamic) ? manifest.dynamic : [])
    .filter((d) => typeof d?.pattern === 'string' && typeof d.dir === 'string' && d.pattern !== '*')
    .map((d) => ({ pattern: d.pattern, dir: cleanDir(d.dir) }))
    .filter((d) => files.has(`${d.dir}/index.html`))
    .sort((a, b) => params(a.pattern) - params(b.pattern));
  const notFound =
    typeof manifest.notFound === 'string' && files.has(`${cleanDir(manifest.notFound)}/index.html`)
      ? cleanDir(manifest.notFound)
      : null;
  return { root, files, dynamic, notFound, site: siteInfo(manifest) };
}
