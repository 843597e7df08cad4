/**
 * The size of a raster original under the site's images/ folder, read from its header only
 * (image-size, loaded with the first raster original) and kept by path, size and modification
 * time, so a lint reads each original once per process. Width and height are after its EXIF
 * rotation, as the image pipeline records them.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, normalize, sep } from 'node:path';
import { RASTER_IMAGE } from '../../engine/images/sizes.ts';

export interface OriginalFacts {
  /** Path under the site's folder ("images/a.jpg"). */
  rel: string;
  bytes: number;
  /** Undefined when the header cannot be read. */
  width?: number;
  height?: number;
}

type ImageSize = typeof import('image-size').imageSize;
let imageSize: ImageSize | undefined;
const load = () => (imageSize ??= (createRequire(import.meta.url)('image-size') as { imageSize: ImageSize }).imageSize);

const known = new Map<string, { seenAs: string; facts: OriginalFacts }>();
/** Enough for the header of nearly every file (a JPEG's EXIF block may push it further: then the whole file). */
const HEAD_BYTES = 128 * 1024;

function readHead(abs: string, size: number): Buffer {
  const buf = Buffer.alloc(Math.min(size, HEAD_BYTES));
  const fd = openSync(abs, 'r');
  try {
    readSync(fd, buf, 0, buf.length, 0);
  } finally {
    closeSync(fd);
  }
  return buf;
}

function dimensions(abs: string, size: number): { width?: number; height?: number } {
  const read = load();
  let r: ReturnType<ImageSize>;
  try {
    r = read(readHead(abs, size));
  } catch {
    try {
      r = read(readFileSync(abs));
    } catch {
      return {};
    }
  }
  const turned = (r.orientation ?? 1) >= 5;
  return { width: turned ? r.height : r.width, height: turned ? r.width : r.height };
}

/** The facts of the raster original at `src` ("/images/a.jpg"), or undefined when it is none or missing. */
export function originalFacts(siteDir: string, src: string): OriginalFacts | undefined {
  let path = src.split(/[?#]/)[0]!;
  if (!path.startsWith('/images/') || !RASTER_IMAGE.test(path)) return undefined;
  try {
    path = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const imagesDir = join(siteDir, 'images');
  const abs = normalize(join(siteDir, path));
  if (!abs.startsWith(imagesDir + sep) || !existsSync(abs)) return undefined;
  const s = statSync(abs);
  if (!s.isFile()) return undefined;
  const seenAs = `${s.size}|${s.mtimeMs}`;
  const had = known.get(abs);
  if (had?.seenAs === seenAs) return had.facts;
  const facts: OriginalFacts = { rel: path.slice(1), bytes: s.size, ...dimensions(abs, s.size) };
  known.set(abs, { seenAs, facts });
  return facts;
}
