import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImages, imageSummary } from './pipeline.ts';
import { namedSizeUrl, processedUrlsOf, variantWidths } from './sizes.ts';

const root = mkdtempSync(join(tmpdir(), 'image-pipeline-'));
const images = join(root, 'images');
const cacheDir = join(root, 'cache');
const out = (n: string) => join(root, n);

/** A photo-like test picture: a gradient with noise. */
const photo = (width: number, height: number, format: 'jpeg' | 'png') =>
  sharp({
    create: { width, height, channels: 3, background: '#8a6a4a', noise: { type: 'gaussian', mean: 120, sigma: 30 } },
  })
    .toFormat(format)
    .toBuffer();

const widthsIn = (srcset: string) => srcset.split(', ').map((s) => Number(s.split(' ')[1]!.replace('w', '')));

beforeAll(async () => {
  mkdirSync(join(images, 'rooms'), { recursive: true });
  writeFileSync(join(images, 'rooms', 'kitchen.jpg'), await photo(1000, 600, 'jpeg'));
  writeFileSync(join(images, 'swatch.png'), await photo(300, 200, 'png'));
  writeFileSync(join(images, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('variantWidths', () => {
  it('never goes above the original; a narrow original gets its own width; a wide one stops at 2000', () => {
    expect(variantWidths(1000)).toEqual([160, 320, 480, 640, 960, 1000]);
    expect(variantWidths(300)).toEqual([160, 300]);
    expect(variantWidths(4000)).toEqual([160, 320, 480, 640, 960, 1280, 1600, 2000]);
    expect(variantWidths(2000)).toEqual([160, 320, 480, 640, 960, 1280, 1600, 2000]);
  });
});

describe('named sizes', () => {
  it('point a raster original at its generated WebP and leave an SVG as it is', () => {
    expect(namedSizeUrl('/images/styles/doors/white.jpg', 'thumbnail')).toBe(
      '/images/_sizes/thumbnail/styles/doors/white.webp',
    );
    expect(namedSizeUrl('/images/a.svg', 'card')).toBe('/images/a.svg');
    expect(processedUrlsOf('/images/a.png', ['cart', 'medium'])).toEqual({
      cart: '/images/_sizes/cart/a.webp',
      medium: '/images/_sizes/medium/a.webp',
    });
  });
});

describe('buildImages', () => {
  it('writes AVIF, WebP and a fallback at widths up to the original, records its size, and skips SVGs', async () => {
    const { pictures, stats } = await buildImages({ imagesDir: images, siteOut: out('site1'), cacheDir });
    expect(stats).toMatchObject({ originals: 2, encoded: 2 });
    expect([...pictures.keys()].sort()).toEqual(['/images/rooms/kitchen.jpg', '/images/swatch.png']);
    const kitchen = pictures.get('/images/rooms/kitchen.jpg')!;
    expect(kitchen).toMatchObject({ width: 1000, height: 600 });
    expect(kitchen.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(widthsIn(kitchen.avif)).toEqual([160, 320, 480, 640, 960, 1000]);
    expect(widthsIn(kitchen.webp)).toEqual([160, 320, 480, 640, 960, 1000]);
    expect(kitchen.avif).toMatch(/^\/assets\/images\/rooms\/kitchen-160-[\w-]{10}\.avif 160w/);
    expect(kitchen.src).toMatch(/^\/assets\/images\/rooms\/kitchen-1000-[\w-]{10}\.jpg$/);
    for (const [url] of [kitchen.avif, kitchen.webp].flatMap((s) => s.split(', ').map((x) => x.split(' ')))) {
      const m = await sharp(join(out('site1'), url!)).metadata();
      expect(m.width).toBeLessThanOrEqual(1000);
      expect(m.format).toBe(url!.endsWith('.avif') ? 'heif' : 'webp');
    }
    expect((await sharp(join(out('site1'), kitchen.src)).metadata()).format).toBe('jpeg');
    expect((await sharp(join(out('site1'), pictures.get('/images/swatch.png')!.src)).metadata()).format).toBe('png');
    // The named sizes, never wider than the original.
    const thumb = await sharp(join(out('site1'), namedSizeUrl('/images/rooms/kitchen.jpg', 'thumbnail'))).metadata();
    expect([thumb.format, thumb.width]).toEqual(['webp', 160]);
    const card = await sharp(join(out('site1'), namedSizeUrl('/images/swatch.png', 'card'))).metadata();
    expect(card.width).toBe(300);
    expect(readdirSync(join(out('site1'), 'assets', 'images')).some((f) => f.includes('logo'))).toBe(false);
    expect(imageSummary(stats)).toMatch(/^images: 2 originals \(2 encoded, 0 from cache\), 2\d variants/);
  });

  it('encodes nothing on a second build, and only an edited original after an edit', async () => {
    const warm = await buildImages({ imagesDir: images, siteOut: out('site2'), cacheDir });
    expect(warm.stats).toMatchObject({ originals: 2, encoded: 0 });
    const first = warm.pictures.get('/images/swatch.png')!;
    expect(statSync(join(out('site2'), first.src)).size).toBeGreaterThan(0);
    writeFileSync(join(images, 'swatch.png'), await photo(300, 200, 'png'));
    const edited = await buildImages({ imagesDir: images, siteOut: out('site3'), cacheDir });
    expect(edited.stats.encoded).toBe(1);
    expect(edited.pictures.get('/images/swatch.png')!.src).not.toBe(first.src);
    expect(edited.pictures.get('/images/rooms/kitchen.jpg')).toEqual(warm.pictures.get('/images/rooms/kitchen.jpg'));
  });
});
