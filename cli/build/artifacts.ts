/**
 * Build artifacts: static files generated from the content, written by `joinery build` under
 * dist/site/<path> and served at /<path> by `joinery dev` (computed from the live content), so
 * the browser fetches a compact file when a block needs it instead of every page embedding it.
 * To add one, append to siteArtifacts: a path and a function of the loaded site and its routes
 * that returns JSON-serialisable data.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  buildSampleData,
  catalogueUrls,
  styleSearchDocs,
  type ProductStylesFile,
  type Style,
} from '../../engine/catalog/index.ts';
import { buildSearchIndex, mergeSearchDocs, routeSearchDocs } from '../../engine/search/index.ts';
import { fileValue, type RouteEntry, type Site } from '../../engine/node.ts';
import { SAMPLE_DATA_URL } from '../../engine/catalog/sample-data.ts';
import { SEARCH_INDEX_URL } from '../../engine/search/files.ts';

export interface ArtifactContext {
  site: Site;
  routes: RouteEntry[];
}

export interface BuildArtifact {
  /** URL path of the file ("/data/samples.json"); the build writes it to dist/site + path. */
  path: string;
  build(ctx: ArtifactContext): unknown;
}

/** The catalogue file of a site (absent on sites without a catalogue). */
const CATALOGUE_FILE = 'catalogs/product-styles.json';

function styles(site: Site): Style[] {
  const file = fileValue<ProductStylesFile>(site, CATALOGUE_FILE);
  return Array.isArray(file?.styles) ? file.styles : [];
}

export const siteArtifacts: BuildArtifact[] = [
  { path: SAMPLE_DATA_URL, build: ({ site }) => buildSampleData(styles(site), catalogueUrls(site)) },
  // Styles first: a style's own document wins over its page's route document (same URL).
  {
    path: SEARCH_INDEX_URL,
    build: ({ site, routes }) =>
      buildSearchIndex(mergeSearchDocs(styleSearchDocs(styles(site), catalogueUrls(site)), routeSearchDocs(routes))),
  },
];

/** The artifact served at a URL path, if any. */
export const findArtifact = (artifacts: readonly BuildArtifact[], pathname: string) =>
  artifacts.find((a) => a.path === pathname);

/** Writes every artifact under `siteOut` (dist/site); returns the paths written. */
export function writeArtifacts(artifacts: readonly BuildArtifact[], ctx: ArtifactContext, siteOut: string): string[] {
  return artifacts.map((a) => {
    const file = join(siteOut, ...a.path.split('/').filter(Boolean));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(a.build(ctx)));
    return a.path;
  });
}
