import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fingerprintImages, rewriteAssetUrl, rewriteAssetUrls } from './content-images.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'content-images-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('fingerprintImages', () => {
  it('writes each image under assets/images with a content hash in its name', () => {
    const images = tmp();
    const out = tmp();
    mkdirSync(join(images, 'doors'));
    writeFileSync(join(images, 'doors', 'white.svg'), '<svg>white</svg>');
    writeFileSync(join(images, 'logo.png'), 'png');
    writeFileSync(join(images, 'my door.svg'), 'spaced');
    writeFileSync(join(images, 'catalog.pdf'), '%PDF-');
    const map = fingerprintImages(images, out);
    const door = map.get('/images/doors/white.svg')!;
    expect(door).toMatch(/^\/assets\/images\/doors\/white-[\w-]{10}\.svg$/);
    expect(readFileSync(join(out, door), 'utf8')).toBe('<svg>white</svg>');
    expect(map.get('/images/logo.png')).toMatch(/^\/assets\/images\/logo-[\w-]{10}\.png$/);
    expect(map.get('/images/my%20door.svg')).toMatch(/^\/assets\/images\/my%20door-[\w-]{10}\.svg$/);
    expect(map.get('/images/my door.svg')).toBe(map.get('/images/my%20door.svg'));
    // A download keeps its name.
    expect(map.has('/images/catalog.pdf')).toBe(false);
  });

  it('gives another name when the content changes', () => {
    const images = tmp();
    writeFileSync(join(images, 'a.svg'), 'one');
    const first = fingerprintImages(images, tmp()).get('/images/a.svg');
    writeFileSync(join(images, 'a.svg'), 'two');
    expect(fingerprintImages(images, tmp()).get('/images/a.svg')).not.toBe(first);
  });
});

describe('rewriteAssetUrls', () => {
  const map = new Map([['/images/a.jpg', '/assets/images/a-111.jpg']]);

  it('rewrites paths alone, absolute, in srcsets and with a query; leaves unknown ones', () => {
    expect(rewriteAssetUrl('/images/a.jpg', map)).toBe('/assets/images/a-111.jpg');
    expect(rewriteAssetUrl('https://shop.example/images/a.jpg', map)).toBe(
      'https://shop.example/assets/images/a-111.jpg',
    );
    expect(rewriteAssetUrl('/images/a.jpg 400w, /images/other.jpg 800w', map)).toBe(
      '/assets/images/a-111.jpg 400w, /images/other.jpg 800w',
    );
    expect(rewriteAssetUrl('/images/a.jpg?v=2', map)).toBe('/assets/images/a-111.jpg?v=2');
    expect(rewriteAssetUrl('no image here', map)).toBe('no image here');
  });

  it('walks nested data and keeps untouched branches as they are', () => {
    const untouched = { title: 'Doors', n: 3 };
    const data = { blocks: [{ props: { image: { src: '/images/a.jpg', alt: 'A' } } }], meta: untouched, ok: true };
    const out = rewriteAssetUrls(data, map);
    expect(out.blocks[0]!.props.image.src).toBe('/assets/images/a-111.jpg');
    expect(out.meta).toBe(untouched);
    expect(data.blocks[0]!.props.image.src).toBe('/images/a.jpg');
  });

  it("gives an image whose src is a raster original its size, colour and variants' srcsets", () => {
    const picture = {
      width: 4000,
      height: 3000,
      color: '#806040',
      src: '/assets/images/k-1280-h.jpg',
      avif: '/assets/images/k-320-h.avif 320w',
      webp: '/assets/images/k-320-h.webp 320w',
    };
    const urls = new Map([['/images/k.jpg', picture.src]]);
    const data = {
      hero: { src: '/images/k.jpg', alt: 'Kitchen', width: 800, height: 600, processedUrls: { card: '/images/k.jpg' } },
      bg: '/images/k.jpg',
      bare: { src: '/images/k.jpg', alt: '' },
    };
    expect(rewriteAssetUrls(data, urls, new Map([['/images/k.jpg', picture]]))).toEqual({
      hero: {
        src: '/assets/images/k-1280-h.jpg',
        alt: 'Kitchen',
        width: 800,
        height: 600,
        color: '#806040',
        srcset: { avif: picture.avif, webp: picture.webp },
        processedUrls: { card: '/images/_sizes/card/k.webp' },
      },
      bg: '/assets/images/k-1280-h.jpg',
      bare: expect.objectContaining({ width: 4000, height: 3000 }),
    });
  });
});
