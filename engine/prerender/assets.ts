/**
 * Reads Vite's manifest to tell, per page, which files to link: the entry, its CSS, and the
 * chunks and CSS of exactly the blocks the page shows.
 */
import type { DocumentAssets } from '../render/document.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function createAssetResolver(
  manifest: Manifest,
  entryKey: string,
  blockKey: (type: string) => string,
  bootKey?: string,
) {
  const closure = (key: string, files: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) closure(i, files, css);
  };
  const entryFiles = new Set<string>();
  const entryCss = new Set<string>();
  closure(entryKey, entryFiles, entryCss);
  // With cssCodeSplit off (engine/vite/config.ts) Vite writes every module's CSS to one file
  // listed under "style.css" and no chunk names it: every page links it.
  const sharedCss = manifest['style.css']?.file;
  if (sharedCss) entryCss.add(sharedCss);
  const entryFile = manifest[entryKey]?.file;
  if (!entryFile) throw new Error(`the client build has no entry "${entryKey}"`);
  const bootFile = bootKey ? manifest[bootKey]?.file : undefined;
  const cache = new Map<string, DocumentAssets>();
  // Per type: the files its chunk imports beyond the entry's (the entry has them already).
  const depsCache = new Map<string, string[]>();
  const depsOf = (type: string): string[] => {
    let deps = depsCache.get(type);
    if (!deps) {
      const files = new Set<string>();
      closure(blockKey(type), files, new Set());
      const own = manifest[blockKey(type)]?.file;
      deps = [...files].filter((f) => f !== own && !entryFiles.has(f)).map((f) => `/${f}`);
      depsCache.set(type, deps);
    }
    return deps;
  };

  return (blockTypes: readonly string[]): DocumentAssets => {
    const sorted = [...blockTypes].sort();
    const cacheKey = sorted.join(',');
    const hit = cache.get(cacheKey);
    if (hit) return hit;
    const files = new Set(entryFiles);
    const css = new Set(entryCss);
    // In sorted order: the same set of blocks gives the same links whichever page (or thread) asks first.
    for (const t of sorted) closure(blockKey(t), files, css);
    files.delete(entryFile);
    const blockChunks: Record<string, string[]> = {};
    for (const t of sorted) if (depsOf(t).length) blockChunks[t] = depsOf(t);
    const assets = {
      entry: `/${entryFile}`,
      css: [...css].map((c) => `/${c}`),
      preload: [...files].map((f) => `/${f}`),
      blockChunks,
      ...(bootFile ? { boot: `/${bootFile}` } : {}),
    };
    cache.set(cacheKey, assets);
    return assets;
  };
}
