/**
 * A copy of the build whose SVG illustrations are swapped for JPEGs of the same pixel size (drawn
 * by Chromium), every reference in its pages, styles and data rewritten: to tell what the shop's
 * illustrations cost the main thread (Chrome parses and draws an SVG image there; a photograph
 * decodes off it). Measure it as any build:
 *   node --import tsx bench/raster-images.ts /tmp/raster   # prints the folder
 *   JOINERY_DIST_DIR=/tmp/raster node --import tsx bench/lighthouse.ts
 * Needs a build. Printed, never asserted.
 */
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from '@playwright/test';
import { buildDir } from './lib.ts';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });

/** The SVG's pixel size: its width/height attributes, else its viewBox. */
function sizeOf(svg: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const attr = (n: string) => Number(new RegExp(`\\b${n}="([\\d.]+)(?:px)?"`).exec(tag)?.[1]);
  const box = /viewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(tag);
  const width = attr('width') || Number(box?.[1]) || 300;
  const height = attr('height') || Number(box?.[2]) || 150;
  return { width: Math.round(width), height: Math.round(height) };
}

export async function rasterCopy(out: string): Promise<void> {
  const src = buildDir();
  rmSync(out, { recursive: true, force: true });
  cpSync(src, out, { recursive: true });
  const site = join(out, 'site');
  const svgs = files(site).filter((f) => f.endsWith('.svg'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage();
  const renamed = new Map<string, string>();
  for (const file of svgs) {
    const svg = readFileSync(file, 'utf8');
    const { width, height } = sizeOf(svg);
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<style>html,body{margin:0;background:#fff}</style><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${width}" height="${height}" style="display:block">`,
    );
    await page.waitForFunction(() => document.images[0]?.complete);
    const jpg = file.replace(/\.svg$/, '.jpg');
    writeFileSync(jpg, await page.screenshot({ type: 'jpeg', quality: 80 }));
    renamed.set(`/${relative(site, file)}`, `/${relative(site, jpg)}`);
  }
  await browser.close();
  // Every text file of the site and its data naming one of them: pages, styles, JSON.
  let rewritten = 0;
  for (const f of files(out).filter((f) => /\.(html|css|js|json|xml)$/.test(f))) {
    const text = readFileSync(f, 'utf8');
    if (!text.includes('.svg')) continue;
    const next = text.replace(/(?:\/[\w.@~-]+)+\.svg/g, (u) => renamed.get(u) ?? u);
    if (next !== text) {
      writeFileSync(f, next);
      rewritten++;
    }
  }
  // Precompressed copies of the rewritten files would serve the old text: gone.
  for (const f of files(out).filter((f) => /\.(br|gz)$/.test(f))) rmSync(f);
  console.error(`raster-images: ${renamed.size} SVGs drawn as JPEGs, ${rewritten} files rewritten, in ${out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: node --import tsx bench/raster-images.ts OUT_DIR');
  await rasterCopy(out);
  console.log(out);
}
