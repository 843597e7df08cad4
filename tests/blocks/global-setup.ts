/**
 * The block examples' run: their site (example-site.ts) built with the bundles of dist/ into a
 * folder of its own, then served by `joinery start` as the end-to-end tests serve the shop
 * (tests/e2e/support/global-setup.ts, with E2E_SITE_SOURCE and JOINERY_DIST_DIR pointing here).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../../cli/build/build-site.ts';
import { DEFAULT_SITE_DIR, DIST_DIR } from '../../cli/paths.ts';
import startShop from '../e2e/support/global-setup.ts';
import { writeExampleSite } from './example-site.ts';

export default async function globalSetup() {
  if (!existsSync(join(DIST_DIR, 'site', '.vite', 'manifest.json')))
    throw new Error('dist/ is missing: run `node cli/bin.js build` first (npm test does)');
  const dir = mkdtempSync(join(tmpdir(), 'joinery-blocks-'));
  const siteDir = join(dir, 'site-config');
  const outDir = join(dir, 'dist');
  writeExampleSite(DEFAULT_SITE_DIR, siteDir);
  const built = await buildSite({ siteDir, outDir, reuseBundlesFrom: DIST_DIR });
  if (!built.ok)
    throw new Error(
      `the block examples' site did not build (${built.stage}):\n${built.findings
        .filter((f) => f.severity === 'error')
        .map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`)
        .join('\n')}`,
    );
  // The browser bundle the pages name, as dist/ has it.
  for (const f of ['assets', '.vite']) cpSync(join(DIST_DIR, 'site', f), join(outDir, 'site', f), { recursive: true });
  process.env.E2E_SITE_SOURCE = siteDir;
  process.env.JOINERY_DIST_DIR = outDir;
  const stop = await startShop();
  return async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
