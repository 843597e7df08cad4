/**
 * `joinery dev` on the photo copy of the shop: pages carry the build's <picture> srcsets, and a
 * variant's URL is encoded on its first request (the build's bytes), then read from the cache.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImages } from '../../engine/images/pipeline.ts';
import { makePhotoShop } from '../../tests/photo-shop/make-photo-shop.ts';
import { ROOT } from '../paths.ts';
import { startDevServer } from './dev-server.ts';

const root = mkdtempSync(join(tmpdir(), 'joinery-dev-images-'));
const site = join(root, 'site');
const cacheDir = join(root, 'cache');
const SMALL = '/images/photos/small.jpg';
let dev: Awaited<ReturnType<typeof startDevServer>>;
let base = '';
let home = '';

/** The srcset of the first <source> of `type` whose srcset names `name`. */
function srcsetOf(html: string, type: string, name: string): string {
  const all = [...html.matchAll(new RegExp(`<source type="${type}" srcSet="([^"]+)"`, 'g'))].map((m) => m[1]!);
  const found = all.find((s) => s.includes(name));
  if (!found) throw new Error(`no ${type} source with ${name}`);
  return found;
}
const urlAt = (srcset: string, width: number) =>
  srcset
    .split(', ')
    .find((s) => s.endsWith(` ${width}w`))!
    .split(' ')[0]!;

beforeAll(async () => {
  await makePhotoShop(join(ROOT, 'site-config'), site, join(ROOT, 'node_modules', '.cache', 'joinery', 'photo-shop'));
  // The home page's first photo becomes a small one, which the build's pipeline encodes quickly below.
  const homeFile = join(site, 'pages', 'home.json');
  const text = readFileSync(homeFile, 'utf8');
  const first = /"(\/images\/photos\/[^"]+\.jpg)"/.exec(text)![1]!;
  writeFileSync(homeFile, text.replaceAll(`"${first}"`, `"${SMALL}"`));
  const photo = await sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: '#6a5a4a',
      noise: { type: 'gaussian', mean: 110, sigma: 30 },
    },
  })
    .jpeg()
    .toBuffer();
  writeFileSync(join(site, SMALL), photo);
  dev = await startDevServer({ siteDir: site, port: 0, imageCacheDir: cacheDir });
  base = `http://127.0.0.1:${(dev.server.address() as AddressInfo).port}`;
  home = await (await fetch(`${base}/`)).text();
}, 120_000);
afterAll(async () => {
  await dev?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('joinery dev and raster originals', () => {
  it("renders the build's srcsets and serves the build's bytes at their URLs", async () => {
    // The build of that one original, with its own cache.
    const only = join(root, 'only');
    mkdirSync(join(only, 'photos'), { recursive: true });
    writeFileSync(join(only, 'photos', 'small.jpg'), readFileSync(join(site, SMALL)));
    const built = await buildImages({
      imagesDir: only,
      siteOut: join(root, 'out'),
      cacheDir: join(root, 'build-cache'),
    });
    const picture = built.pictures.get(SMALL)!;
    expect(srcsetOf(home, 'image/avif', 'small-')).toBe(picture.avif);
    expect(srcsetOf(home, 'image/webp', 'small-')).toBe(picture.webp);
    for (const url of [
      urlAt(picture.avif, 640),
      urlAt(picture.webp, 1200),
      picture.src,
      '/images/_sizes/card/photos/small.webp',
    ]) {
      const res = await fetch(base + url);
      expect(res.status, url).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(root, 'out', url))), url).toBe(true);
    }
  }, 120_000);

  it("encodes a 4,000 px photo's AVIF and WebP at the width its srcset names, with their content type", async () => {
    const avif = srcsetOf(home, 'image/avif', '/assets/images/photos/4000x');
    const webp = srcsetOf(home, 'image/webp', '/assets/images/photos/4000x');
    for (const [url, type, format, width] of [
      [urlAt(avif, 480), 'image/avif', 'heif', 480],
      [urlAt(webp, 960), 'image/webp', 'webp', 960],
    ] as const) {
      const res = await fetch(base + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width]).toEqual([format, width]);
    }
  }, 120_000);

  it('serves a variant from the cache once encoded, and answers 404 for a variant of no original', async () => {
    const url = urlAt(srcsetOf(home, 'image/webp', 'small-'), 320);
    expect((await fetch(base + url)).status).toBe(200);
    const entry = readdirSync(cacheDir).find((d) => readdirSync(join(cacheDir, d)).includes('webp-320.webp'))!;
    // What the cache holds is what is served: the entry's file, not a new encoding.
    writeFileSync(join(cacheDir, entry, 'webp-320.webp'), 'cached');
    expect(await (await fetch(base + url)).text()).toBe('cached');
    const stale = url.replace(/-[\w-]{10}\.webp$/, '-AAAAAAAAAA.webp');
    expect((await fetch(base + stale)).status).toBe(404);
    expect((await fetch(`${base}/images/_sizes/card/photos/none.webp`)).status).toBe(404);
  });
});
