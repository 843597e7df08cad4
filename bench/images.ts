/**
 * The image pipeline on the photo copy of the shop (tests/photo-shop): a cold build (an empty
 * variant cache) encodes every photograph (images and megapixels per second, on every core),
 * a warm build encodes none (its added time beside the drawings-only shop), the image bytes a
 * 412 px phone (pixel ratio 2, no scrolling) loads on the first screen of home, category, style
 * and gallery, and, with IMAGES_LIGHTHOUSE=1, Lighthouse on those pages of the photo copy
 * (LIGHTHOUSE_AS_INDEX applies). Run alone: node --import tsx bench/images.ts. Printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { buildSite } from '../cli/build/build-site.ts';
import { ROOT } from '../cli/paths.ts';
import { makePhotoShop } from '../tests/photo-shop/make-photo-shop.ts';
import { fmt } from './lib.ts';
import { freePort, lighthouseTable, runLighthouse } from './lighthouse.ts';

const PAGES: [string, string][] = [
  ['home', '/'],
  ['category', '/products/kitchen-cabinets'],
  ['style', '/products/kitchen-cabinets/rta-kitchen-cabinets/aw'],
  ['gallery', '/inspiration-gallery/shaker-green'],
];
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);
const load = () => loadavg()[0]!.toFixed(1);

const work = mkdtempSync(join(tmpdir(), 'joinery-bench-images-'));
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const out = mkdtempSync(join(ROOT, '.tmp', 'bench-images-'));
// IMAGES_CACHE: a variant cache to use (the build's own, for a quick run: then the "cold" build is warm).
const cache = process.env.IMAGES_CACHE ?? join(work, 'variants');
const siteDir = join(work, 'site');
process.env.VIDEO_THUMBNAIL_HOST = 'off';
try {
  const shop = await makePhotoShop(
    join(ROOT, 'site-config'),
    siteDir,
    join(ROOT, 'node_modules', '.cache', 'joinery', 'photo-shop'),
  );
  line(
    'photo copy',
    `${shop.replaced} pictures -> ${shop.photos} JPEGs, ${fmt(shop.bytes / 1e6, 1)} MB, ${fmt(shop.megapixels)} MP`,
  );
  const build = async () => {
    const r = await buildSite({ siteDir, outDir: out, imageCacheDir: cache });
    if (!r.ok) throw new Error(`photo copy build stopped at ${r.stage}`);
    return r;
  };
  const cold = await build();
  const c = cold.images;
  line(
    `cold build: encode (load ${load()}, ${c.originals} originals)`,
    `${c.encoded} encoded, ${c.variants} variants in ${fmt(c.seconds, 1)} s = ${fmt(c.encoded / c.seconds, 2)} images/s, ${fmt(c.megapixels / c.seconds, 1)} MP/s`,
  );
  const warm = await build();
  line(
    `warm build: encode (load ${load()})`,
    `${warm.images.encoded} encoded, pipeline ${fmt(warm.images.seconds * 1000)} ms (beside Vite)`,
  );
  const drawings = await buildSite({
    siteDir: join(ROOT, 'site-config'),
    outDir: join(work, 'drawings'),
    skipLint: true,
    reuseBundlesFrom: out,
  });
  const photos = await buildSite({
    siteDir,
    outDir: join(work, 'photos'),
    skipLint: true,
    reuseBundlesFrom: out,
    imageCacheDir: cache,
  });
  if (!drawings.ok || !photos.ok) throw new Error('build failed');
  line(
    `warm build, bundles reused: photo copy vs drawings (load ${load()})`,
    `${fmt(photos.seconds, 2)} s vs ${fmt(drawings.seconds, 2)} s (+${fmt(photos.seconds - drawings.seconds, 2)} s)`,
  );

  // The photo copy served as shoppers get it.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['cli/bin.js', 'start', '--port', String(port), '--site', siteDir], {
    cwd: ROOT,
    env: {
      ...process.env,
      JOINERY_DIST_DIR: out,
      JOINERY_DATA_DIR: join(work, 'data'),
      JOINERY_LOG_REQUESTS: '0',
      HOST: '127.0.0.1',
      // The photo copy pays with the sandbox gateway, as the shop does.
      JOINERY_ALLOW_SANDBOX: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null || i > 600) throw new Error('joinery start did not serve the photo copy');
      if (
        await fetch(origin).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    try {
      for (const [label, path] of PAGES) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 915 },
          // A phone's screen is as wide as its viewport (Chromium picks a <picture>'s source by it while the page loads).
          screen: { width: 412, height: 915 },
          deviceScaleFactor: 2,
          isMobile: true,
        });
        const page = await context.newPage();
        const images: { url: string; bytes: number }[] = [];
        page.on('response', async (r) => {
          if (r.request().resourceType() !== 'image') return;
          const body = await r.body().catch(() => Buffer.alloc(0));
          images.push({ url: r.url(), bytes: body.length });
        });
        await page.goto(origin + path, { waitUntil: 'networkidle' });
        const total = images.reduce((s, x) => s + x.bytes, 0);
        const largest = images.sort((a, b) => b.bytes - a.bytes)[0];
        line(
          `first screen at 412 px (DPR 2): ${label}`,
          `${fmt(total / 1000, 1)} kB in ${images.length} images (largest ${largest ? `${fmt(largest.bytes / 1000, 1)} kB ${largest.url.split('/').pop()}` : '-'})`,
        );
        await context.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    server.kill('SIGTERM');
  }
  if (process.env.IMAGES_LIGHTHOUSE === '1') {
    process.env.JOINERY_DIST_DIR = out;
    process.env.JOINERY_ALLOW_SANDBOX = '1'; // the photo copy pays with the sandbox gateway, as the shop does
    const rows = await runLighthouse(PAGES, undefined, (s) => process.stderr.write(`${s}\n`), siteDir);
    console.log(
      `Lighthouse on the photo copy, mobile defaults (simulated slow 4G); load ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    console.log(lighthouseTable(rows));
    for (const r of rows) if (r.failing.length) console.log(`${r.label}: ${r.failing.join(', ')}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
}
