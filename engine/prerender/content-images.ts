/**
 * Content images fingerprinted like scripts: each file under the site's images/ folder is also
 * written as assets/images/<path>-<hash>.<ext>, which the server sends immutable for a year, and
 * the pages point at those names. The original /images/ URLs keep working (e-mails, old links)
 * with their short cache.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { NAMED_SIZES, namedSizeUrl, type NamedSize, type PictureMap } from '../images/sizes.ts';

/** Public URL of an original (e.g. "/images/banners/a.jpg") -> its fingerprinted URL. */
export type AssetUrlMap = ReadonlyMap<string, string>;

const HASHED_IMAGES_DIR = 'assets/images';
/** Only pictures: other files in the folder (catalogue PDFs) keep the name a download shows. */
const IMAGE_EXT = /\.(avif|gif|ico|jpe?g|png|svg|webp)$/i;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && IMAGE_EXT.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Copies every picture to its hashed name under siteOut and returns the URL map; those that
 * `skip` matches (raster originals: the image pipeline writes their variants) are left out.
 */
export function fingerprintImages(
  imagesDir: string,
  siteOut: string,
  urlPrefix = '/images/',
  skip?: RegExp,
): Map<string, string> {
  const map = new Map<string, string>();
  for (const abs of filesUnder(imagesDir)) {
    if (skip?.test(abs)) continue;
    const rel = relative(imagesDir, abs).split(sep).join('/');
    const hash = createHash('sha256').update(readFileSync(abs)).digest('base64url').slice(0, 10);
    const ext = extname(rel);
    const hashedRel = `${HASHED_IMAGES_DIR}/${rel.slice(0, rel.length - ext.length)}-${hash}${ext}`;
    const dest = join(siteOut, hashedRel);
    mkdirSync(dirname(dest), { recursive: true });
    copyFileSync(abs, dest);
    // Content may spell a name with spaces either way; the page gets the encoded form.
    map.set(urlPrefix + rel, `/${encodeURI(hashedRel)}`);
    map.set(urlPrefix + encodeURI(rel), `/${encodeURI(hashedRel)}`);
  }
  return map;
}

/** An image path in a text: alone, absolute, or in a srcset. */
export const IMAGE_PATH = /\/images\/[^\s"'(),<>]+/g;

/** The string with every known original image path (alone, absolute, in a srcset) swapped for its hashed one. */
export function rewriteAssetUrl(s: string, map: AssetUrlMap): string {
  if (!s.includes('/images/')) return s;
  return s.replace(IMAGE_PATH, (path) => {
    const plain = path.split(/[?#]/)[0]!;
    const hashed = map.get(plain);
    return hashed ? hashed + path.slice(plain.length) : path;
  });
}

/**
 * A copy of a JSON-like value with every string passed through rewriteAssetUrl (objects untouched
 * when nothing changes). An object whose `src` is a raster original of `pictures` (an image) gets
 * its variants' `srcset` by type, its dominant colour, and the original's width and height where
 * the content gives none; the `<Img>` renders them.
 */
export function rewriteAssetUrls<T>(value: T, map: AssetUrlMap, pictures?: PictureMap): T {
  if (!map.size) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return rewriteAssetUrl(v, map);
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((x) => {
        const y = walk(x);
        if (y !== x) changed = true;
        return y;
      });
      return changed ? out : v;
    }
    if (v && typeof v === 'object') {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const y = walk(x);
        if (y !== x) changed = true;
        out[k] = y;
      }
      const src = (v as { src?: unknown }).src;
      const picture = typeof src === 'string' ? pictures?.get(src.split(/[?#]/)[0]!) : undefined;
      if (picture) {
        const { width, height, color, avif, webp } = picture;
        // The content's width and height, where it gives them, are the box it lays the image out in.
        const image: Record<string, unknown> = {
          ...out,
          src: picture.src,
          width: out.width ?? width,
          height: out.height ?? height,
          color,
          srcset: { avif, webp },
        };
        // Renditions by name come from the one original, whatever copies the content names.
        const named = (v as { processedUrls?: unknown }).processedUrls;
        if (named && typeof named === 'object')
          image.processedUrls = Object.fromEntries(
            Object.keys(named).map((k) => [
              k,
              k in NAMED_SIZES
                ? namedSizeUrl(src as string, k as NamedSize)
                : (out.processedUrls as Record<string, string>)[k],
            ]),
          );
        return image;
      }
      return changed ? out : v;
    }
    return v;
  };
  return walk(value) as T;
}
