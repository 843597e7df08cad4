/**
 * The build: missing-file check and lint (stop on errors), Vite browser and SSR builds, then
 * every route prerendered to dist/site with sitemap.xml and robots.txt.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { buildRouteTable, loadSite, siteProductFacts, type BlockRegistry, type Finding, type RouteEntry } from '../../engine/node.ts';
import { createAssetResolver, type Manifest } from '../../engine/prerender/assets.ts';
import { fingerprintImages } from '../../engine/prerender/content-images.ts';
import { prerender, type PrerenderResult, type SsrModule } from '../../engine/prerender/prerender.ts';
import { CLIENT_ENTRY, clientBuildConfig, ssrBuildConfig } from '../../engine/vite/config.ts';
import { lintSite } from '../lint/run.ts';
import { blockResolvers } from '../../blocks/resolvers.ts';
import { siteArtifacts, writeArtifacts, type BuildArtifact } from './artifacts.ts';
import { BLOCKS_DIR, ROOT } from '../paths.ts';

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  log?: (line: string) => void;
  /** Skip the Vite builds and reuse the bundles already built in this folder (benchmarks). */
  reuseBundlesFrom?: string;
  /** Skip lint (the caller ran it). */
  skipLint?: boolean;
  /** Static files generated from the content, e.g. the search index (default: siteArtifacts). */
  artifacts?: BuildArtifact[];
}

export type BuildResult =
  | { ok: false; stage: 'check' | 'lint'; findings: Finding[] }
  | ({ ok: true; seconds: number; prerenderSeconds: number } & PrerenderResult);

type SsrEntry = SsrModule & { loadAllBlocks(): Promise<BlockRegistry> };

export async function buildSite(o: BuildOptions): Promise<BuildResult> {
  const log = o.log ?? (() => {});
  const t0 = performance.now();
  if (!o.skipLint) {
    const check = lintSite(o.siteDir, { fastOnly: true });
    if (check.errors) return { ok: false, stage: 'check', findings: check.findings };
    const lint = lintSite(o.siteDir);
    if (lint.errors) return { ok: false, stage: 'lint', findings: lint.findings };
    log(`lint: ${lint.files} files, ${lint.warnings} warnings`);
  }
  const siteOut = join(o.outDir, 'site');
  const vite = { root: ROOT, blocksModule: join(BLOCKS_DIR, 'index.ts'), outDir: o.outDir };
  const bundles = o.reuseBundlesFrom ?? o.outDir;
  if (!o.reuseBundlesFrom) {
    rmSync(siteOut, { recursive: true, force: true });
    log('vite: browser bundle');
    await build(clientBuildConfig(vite));
    log('vite: server bundle');
    await build(ssrBuildConfig(vite));
  }
  mkdirSync(siteOut, { recursive: true });
  const images = join(o.siteDir, 'images');
  if (existsSync(images)) cpSync(images, join(siteOut, 'images'), { recursive: true });
  const assetUrls = existsSync(images) ? fingerprintImages(images, siteOut) : undefined;

  const ssr = (await import(pathToFileURL(join(bundles, 'server', 'server-entry.js')).href)) as SsrEntry;
  const registry = await ssr.loadAllBlocks();
  const manifest = JSON.parse(readFileSync(join(bundles, 'site', '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const assets = createAssetResolver(manifest, CLIENT_ENTRY, (t) => `blocks/${t}/index.tsx`);
  const site = loadSite(o.siteDir);
  const routes: RouteEntry[] = buildRouteTable(site);
  const tty = process.stdout.isTTY;
  const t1 = performance.now();
  const result = await prerender({
    site,
    routes,
    outDir: siteOut,
    ssr,
    registry,
    assets,
    resolvers: blockResolvers,
    assetUrls,
    productFacts: siteProductFacts(site),
    log,
    onProgress: (done, total) => {
      if (tty && (done % 25 === 0 || done === total)) process.stdout.write(`\rjoinery build: prerender ${done}/${total} pages`);
    },
  });
  if (tty) process.stdout.write('\n');
  const prerenderSeconds = (performance.now() - t1) / 1000;
  log(`prerender: ${result.pages} pages in ${prerenderSeconds.toFixed(2)} s`);
  const written = writeArtifacts(o.artifacts ?? siteArtifacts, { site, routes }, siteOut);
  log(`artifacts: ${written.join(', ')}`);
  return { ok: true, seconds: (performance.now() - t0) / 1000, prerenderSeconds, ...result };
}
