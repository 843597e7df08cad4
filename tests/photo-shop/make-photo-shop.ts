/**
 * The photo copy of the shop for the tests and the bench: Hearthline's content with its banners,
 * category cards, kitchen and style pictures, finish door and preview images and gallery
 * pictures swapped for photo-like JPEGs of 3,000-4,000 px (photos.ts). Pictures of one aspect
 * ratio share a few photographs (PHOTOS_PER_ASPECT), so the copy stays quick to make and encode;
 * made in a folder the caller names (never committed), with the JPEGs kept in a cache folder.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { photoJpeg } from './photos.ts';

/** The pictures a shop of photographs has as photographs. */
const PHOTO_PATHS = /^\/images\/(banners\/|category-|kitchen-|styles\/kitchens\/|styles\/doors\/|gallery\/)[^"]+\.svg$/;
const PHOTOS_PER_ASPECT = 2;
/** The long side of an original. */
const LONG_SIDE = 4000;
/** Bump when photos.ts changes: the cached JPEGs are then made again. */
const GENERATOR = 1;

export interface PhotoShop {
  siteDir: string;
  /** Distinct JPEGs written. */
  photos: number;
  /** Content pictures now pointing at one of them. */
  replaced: number;
  /** Their bytes and megapixels in all. */
  bytes: number;
  megapixels: number;
}

const jsonFiles = (dir: string) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name));

/** Copies `fromSite` to `siteDir` with its photographs' pictures replaced by JPEGs. */
export async function makePhotoShop(fromSite: string, siteDir: string, cacheDir: string): Promise<PhotoShop> {
  cpSync(fromSite, siteDir, { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  const files = jsonFiles(siteDir).map((f) => ({ f, text: readFileSync(f, 'utf8') }));
  const paths = new Set<string>();
  for (const { text } of files)
    for (const m of text.matchAll(/"(\/images\/[^"]+)"/g)) if (PHOTO_PATHS.test(m[1]!)) paths.add(m[1]!);
  // Each picture gets a photo of its own aspect ratio (from the drawing's size).
  const photoOf = new Map<string, string>();
  const made = new Map<string, { width: number; height: number; bytes: number }>();
  for (const p of [...paths].sort()) {
    const svg = join(siteDir, p);
    if (!existsSync(svg)) continue;
    const { width = 4, height = 3 } = await sharp(svg).metadata();
    const aspect = Math.round((width / height) * 20) / 20;
    const pick = Number.parseInt(createHash('sha256').update(p).digest('hex').slice(0, 8), 16) % PHOTOS_PER_ASPECT;
    const w = aspect >= 1 ? LONG_SIDE : Math.round(LONG_SIDE * aspect);
    const h = aspect >= 1 ? Math.round(LONG_SIDE / aspect) : LONG_SIDE;
    const name = `${w}x${h}-${pick}.jpg`;
    const rel = `/images/photos/${name}`;
    photoOf.set(p, rel);
    if (made.has(name)) continue;
    const cached = join(cacheDir, `g${GENERATOR}-${name}`);
    if (!existsSync(cached)) writeFileSync(cached, await photoJpeg(w, h, w * 31 + h * 7 + pick));
    mkdirSync(join(siteDir, 'images', 'photos'), { recursive: true });
    // With its time: the image pipeline knows an original by path, size and time before it reads it.
    cpSync(cached, join(siteDir, rel), { preserveTimestamps: true });
    made.set(name, { width: w, height: h, bytes: readFileSync(cached).length });
  }
  for (const { f, text } of files) {
    const next = text.replace(/"(\/images\/[^"]+)"/g, (all, p: string) =>
      photoOf.has(p) ? `"${photoOf.get(p)}"` : all,
    );
    if (next !== text) writeFileSync(f, next);
  }
  const list = [...made.values()];
  return {
    siteDir,
    photos: list.length,
    replaced: photoOf.size,
    bytes: list.reduce((s, x) => s + x.bytes, 0),
    megapixels: list.reduce((s, x) => s + (x.width * x.height) / 1e6, 0),
  };
}
