/**
 * Prerender speed on the generated 1,000-page site, reusing the bundles in dist/ (run a build
 * first). Run as `joinery build` runs it, with React's production build:
 * NODE_ENV=production node --import tsx bench/prerender.ts (npm run bench does). Add --cpu-prof
 * after `node` to profile. Printed, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../cli/build/build-site.ts';
import { DIST_DIR, ROOT } from '../cli/paths.ts';
import { generateSite } from './generate-site.ts';
import { fmt } from './lib.ts';

const big = generateSite(join(ROOT, 'site-config'), 1000);
const out = mkdtempSync(join(tmpdir(), 'joinery-bench-out-'));
try {
  const cpu0 = process.cpuUsage();
  const built = await buildSite({ siteDir: big, outDir: out, reuseBundlesFrom: DIST_DIR, skipLint: true });
  const cpu = process.cpuUsage(cpu0);
  if (!built.ok) throw new Error(`the generated site did not build (${built.stage})`);
  const label = `prerender, 1,000-page site${process.env.NODE_ENV === 'production' ? '' : ' (React development build!)'}`;
  console.log(
    `${label.padEnd(58)} ${fmt(built.pages / built.prerenderSeconds)} pages/s (${built.pages} pages in ${fmt(built.prerenderSeconds, 2)} s; whole build step ${fmt((cpu.user + cpu.system) / 1e6, 2)} s CPU)`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
  rmSync(big, { recursive: true, force: true });
}
