/**
 * The build: missing-file check and lint (stop on errors), Vite browser and SSR builds, then
 * every route prerendered to dist/site with sitemap.xml and robots.txt.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import type { Finding } from '../../engine/node.ts';
import { fingerprintImages } from '../../engine/prerender/content-images.ts';
import { buildImages, imageSummary, type ImageBuildStats } from '../../engine/images/pipeline.ts';
import { RASTER_IMAGE } from '../../engine/images/sizes.ts';
import { prerender, type PrerenderResult } from '../../engine/prerender/prerender.ts';
import { clientBuildConfig, ssrBuildConfig } from '../../engine/vite/config.ts';
import { cacheFileAt, lintWithCache } from '../lint/cache.ts';
import { rules } from '../lint/rules/index.ts';
import { precompressAssets } from './precompress.ts';
import { loadServerBlocks, prerenderInputs } from './prerender-inputs.ts';
import { helperThreadCount, startHelperThreads } from './prerender-threads.ts';
import { siteArtifacts, writeArtifacts, type BuildArtifact } from './artifacts.ts';
import { budgetWarnings } from './block-weights.ts';
import { islandClientFiles } from '../blocks.ts';
import { BLOCKS_DIR, IMAGE_CACHE_DIR, ROOT } from '../paths.ts';

/** The rules of the missing-file check (`joinery check`). */
const FAST_RULES = new Set(rules.filter((r) => r.fast).map((r) => r.meta.code));

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  log?: (line: string) => void;
  /** Where warnings go (default: log): a block over its budget. */
  warn?: (line: string) => void;
  /** Skip the Vite builds and reuse the bundles already built in this folder (benchmarks). */
  reuseBundlesFrom?: string;
  /** Skip lint (the caller ran it). */
  skipLint?: boolean;
  /** Extra threads rendering pages beside this one (default: one per spare core on large sites; see prerender-threads.ts). */
  threads?: number;
  /** Static files generated from the content, e.g. the search index (default: siteArtifacts). */
  artifacts?: BuildArtifact[];
  /** Where encoded image variants are kept between builds (default: node_modules/.cache/joinery/images). */
  imageCacheDir?: string;
}

export type BuildResult =
  | { ok: false; stage: 'check' | 'lint'; findings: Finding[] }
  | ({ ok: true; seconds: number; prerenderSeconds: number; images: ImageBuildStats } & PrerenderResult);

export async function buildSite(o: BuildOptions): Promise<BuildResult> {
  const log = o.log ?? (() => {});
  const t0 = performance.now();
  if (!o.skipLint) {
    // One lint, through the cache `joinery lint --cache` keeps: a build of unchanged content reads
    // the findings back, after an edit only what the edit touches runs again. The missing-file
    // check is the fast rules' part of it (their errors stop the build first).
    const { result: lint } = await lintWithCache(o.siteDir, { cacheFile: cacheFileAt(undefined, o.siteDir) });
    const check = lint.findings.filter((f) => FAST_RULES.has(f.ruleId));
    if (check.some((f) => f.severity === 'error')) return { ok: false, stage: 'check', findings: check };
    if (lint.errors) return { ok: false, stage: 'lint', findings: lint.findings };
    log(`lint: ${lint.files} files, ${lint.warnings} warnings`);
  }
  const siteOut = join(o.outDir, 'site');
  const vite = { root: ROOT, blocksModule: join(BLOCKS_DIR, 'index.ts'), outDir: o.outDir };
  const bundles = o.reuseBundlesFrom ?? o.outDir;
  let compressing: Promise<number | Error> | undefined;
  if (!o.reuseBundlesFrom) rmSync(siteOut, { recursive: true, force: true });
  const images = join(o.siteDir, 'images');
  const tty = process.stdout.isTTY;
  // Encoded on sharp's threads while Vite builds (a warm build only links cached files).
  const imagesDone = buildImages({
    imagesDir: images,
    siteOut,
    cacheDir: o.imageCacheDir ?? IMAGE_CACHE_DIR,
    onProgress: (done, total) => {
      if (tty) process.stdout.write(`\rjoinery build: images ${done}/${total}${done === total ? '\n' : ''}`);
    },
  });
  // Awaited below; a failure is reported there, not as an unhandled rejection meanwhile.
  imagesDone.catch(() => {});
  if (!o.reuseBundlesFrom) {
    // The server bundle first: its blocks' island declarations name the browser's client code.
    log('vite: server bundle');
    await build(ssrBuildConfig(vite));
    const registry = await loadServerBlocks(bundles);
    const islandClients = islandClientFiles(registry);
    log('vite: browser bundle');
    await build(clientBuildConfig({ ...vite, islandClients }));
    for (const over of budgetWarnings(o.outDir, registry)) (o.warn ?? log)(`warning: block ${over}`);
    // On libuv's thread pool while the rest of the build runs; awaited at the end.
    compressing = precompressAssets(join(siteOut, 'assets')).catch((e: Error) => e);
  }
  mkdirSync(siteOut, { recursive: true });
  if (existsSync(images)) cpSync(images, join(siteOut, 'images'), { recursive: true });
  const assetUrls = existsSync(images) ? fingerprintImages(images, siteOut, '/images/', RASTER_IMAGE) : undefined;
  const { pictures, stats: imageStats } = await imagesDone;
  if (imageStats.originals) log(imageSummary(imageStats));
  // A raster original named alone (not as an image's src) stands for its fallback.
  for (const [url, p] of pictures) assetUrls?.set(url, p.src);

  const folders = { siteDir: o.siteDir, bundles, siteOut, assetUrls, pictures, log };
  const inputs = await prerenderInputs(folders);
  const { site, routes } = inputs;
  const t1 = performance.now();
  const threads = startHelperThreads(helperThreadCount(routes.length, o.threads), folders, routes.length);
  let result: PrerenderResult;
  try {
    result = await prerender(
      {
        ...inputs,
        onProgress: (done, total) => {
          if (tty && (done % 25 === 0 || done === total))
            process.stdout.write(`\rjoinery build: prerender ${done}/${total} pages`);
        },
      },
      threads.helpers,
    );
  } finally {
    await threads.stop();
  }
  if (tty) process.stdout.write('\n');
  const prerenderSeconds = (performance.now() - t1) / 1000;
  log(
    `prerender: ${result.pages} pages in ${prerenderSeconds.toFixed(2)} s${threads.helpers.length ? ` (${threads.helpers.length + 1} threads)` : ''}`,
  );
  const written = writeArtifacts(o.artifacts ?? siteArtifacts, { site, routes }, siteOut);
  log(`artifacts: ${written.join(', ')}`);
  if (compressing) {
    const compressed = await compressing;
    if (compressed instanceof Error) throw compressed;
    log(`brotli: ${compressed} scripts and styles`);
  }
  return { ok: true, seconds: (performance.now() - t0) / 1000, prerenderSeconds, images: imageStats, ...result };
}
