/**
 * The build's image pipeline (sharp): every raster original under the site's images/ folder is
 * written as AVIF and WebP at the variant widths (never wider than the original) and once in its
 * own format as the fallback, with names fingerprinted by the original's hash and the options,
 * plus the named sizes (sizes.ts). Encoded variants are kept in a cache folder keyed the same
 * way, so a build whose originals did not change encodes nothing. Originals are encoded in
 * parallel, one per core (sharp's own pool runs one thread per image on glibc).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, extname, join, relative, sep } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { FALLBACK_WIDTH, NAMED_SIZES, RASTER_IMAGE, variantWidths, type NamedSize, type Picture } from './sizes.ts';

export type { Picture, PictureMap } from './sizes.ts';

export interface ImageBuildStats {
  originals: number;
  /** Originals encoded by this build (the others came from the cache). */
  encoded: number;
  variants: number;
  originalBytes: number;
  /** What a browser showing each original at its largest width saves: the original's bytes less its largest AVIF. */
  savedBytes: number;
  /** Megapixels of the originals encoded by this build. */
  megapixels: number;
  seconds: number;
}

export interface ImageBuildResult {
  pictures: Map<string, Picture>;
  stats: ImageBuildStats;
}

export interface ImageBuildOptions {
  imagesDir: string;
  /** dist/site: variants go to assets/images/, named sizes to images/_sizes/. */
  siteOut: string;
  cacheDir: string;
  /** Originals encoded at once (default: one per core). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  urlPrefix?: string;
}

/** Encoder settings; part of the cache key, so changing one re-encodes. */
const ENCODE = {
  version: 1,
  widths: variantWidths(Number.POSITIVE_INFINITY),
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, palette: true },
  named: NAMED_SIZES,
  fallback: FALLBACK_WIDTH,
} as const;
const OPTIONS_KEY = JSON.stringify(ENCODE);
const HASHES_KEPT = 10_000;
const optionsHash = createHash('sha256').update(OPTIONS_KEY).digest('base64url').slice(0, 8);
/** Larger sides are never needed: the widest variant. */
const MAX_WIDTH = 2000;

type OwnFormat = 'jpeg' | 'png' | 'webp' | 'avif';
const ownFormat = (ext: string): OwnFormat => {
  const e = ext.toLowerCase();
  return e === 'png' ? 'png' : e === 'webp' ? 'webp' : e === 'avif' ? 'avif' : 'jpeg';
};
const EXT: Record<OwnFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

/** One file the pipeline writes for an original: its kind, width and name in the cache entry. */
export interface VariantSpec {
  /** avif | webp | fallback | a named size */
  kind: 'avif' | 'webp' | 'fallback' | NamedSize;
  width: number;
  file: string;
}
interface CachedVariant extends VariantSpec {
  bytes: number;
}
/** An original's intrinsic size (after its EXIF rotation) and dominant colour. */
export interface OriginalFacts {
  width: number;
  height: number;
  color: string;
}
interface CacheMeta extends OriginalFacts {
  variants: CachedVariant[];
}

/** The cache key of an original: its bytes and the encoder options. Its first 10 characters fingerprint its URLs. */
export const imageKey = (bytes: Buffer) =>
  createHash('sha256').update(bytes).update(OPTIONS_KEY).digest('base64url').slice(0, 16);

/** Every file written for an original `width` px wide with extension `ext` (no dot). */
export function variantPlan(width: number, ext: string): VariantSpec[] {
  const plan: VariantSpec[] = [];
  for (const w of variantWidths(width)) {
    plan.push({ kind: 'avif', width: w, file: `avif-${w}.avif` });
    plan.push({ kind: 'webp', width: w, file: `webp-${w}.webp` });
  }
  const fw = Math.min(FALLBACK_WIDTH, width);
  plan.push({ kind: 'fallback', width: fw, file: `fallback-${fw}.${EXT[ownFormat(ext)]}` });
  for (const [name, w] of Object.entries(NAMED_SIZES) as [NamedSize, number][]) {
    const nw = Math.min(w, width);
    plan.push({ kind: name, width: nw, file: `${name}-${nw}.webp` });
  }
  return plan;
}

/** Where a variant of the original at `base` (its path under images/ without extension) is served, from the site's root. */
export const variantPath = (base: string, key: string, v: VariantSpec) =>
  v.kind in NAMED_SIZES
    ? `images/_sizes/${v.kind}/${base}.webp`
    : `assets/images/${base}-${v.width}-${key.slice(0, 10)}${extname(v.file)}`;

/** What a page shows of an original: its variants' URLs as srcsets, its size and colour. */
export function pictureOf(base: string, key: string, facts: OriginalFacts, variants: readonly VariantSpec[]): Picture {
  const url = (v: VariantSpec) => `/${encodeURI(variantPath(base, key, v))}`;
  const srcset = (kind: 'avif' | 'webp') =>
    variants
      .filter((v) => v.kind === kind)
      .map((v) => `${url(v)} ${v.width}w`)
      .join(', ');
  return {
    width: facts.width,
    height: facts.height,
    color: facts.color,
    src: url(variants.find((v) => v.kind === 'fallback')!),
    avif: srcset('avif'),
    webp: srcset('webp'),
  };
}

function rasterOriginals(imagesDir: string): string[] {
  return readdirSync(imagesDir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && RASTER_IMAGE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** An original's size from its header and its dominant colour from a small decode. */
export async function describeOriginal(bytes: Buffer): Promise<OriginalFacts> {
  const meta = await sharp(bytes).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const { dominant } = await sharp(bytes).rotate().resize({ width: 64 }).stats();
  return {
    width: (turned ? meta.height : meta.width) ?? 0,
    height: (turned ? meta.width : meta.height) ?? 0,
    color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
  };
}

/** The original decoded once at the widest size a variant needs; `from(w)` resizes it for one variant. */
async function decoded(bytes: Buffer, width: number) {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: Math.min(width, MAX_WIDTH), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  return (w: number) => sharp(data, raw).resize({ width: Math.min(w, info.width) });
}

function encoded(from: (w: number) => Sharp, v: VariantSpec, ext: string): Promise<Buffer> {
  const out = from(v.width);
  if (v.kind === 'avif') return out.avif(ENCODE.avif).toBuffer();
  if (v.kind !== 'fallback') return out.webp(ENCODE.webp).toBuffer();
  const own = ownFormat(ext);
  return out.toFormat(own, ENCODE[own] as object).toBuffer();
}

/** One variant of an original (`joinery dev` asks for them one at a time): the bytes the build writes for it. */
export async function encodeVariant(bytes: Buffer, ext: string, width: number, v: VariantSpec): Promise<Buffer> {
  return encoded(await decoded(bytes, width), v, ext);
}

/** Encodes one original into `dir` (a fresh folder) and returns what it wrote. */
async function encode(bytes: Buffer, ext: string, dir: string): Promise<CacheMeta> {
  const facts = await describeOriginal(bytes);
  const from = await decoded(bytes, facts.width);
  const variants: CachedVariant[] = [];
  for (const v of variantPlan(facts.width, ext)) {
    const buf = await encoded(from, v, ext);
    await writeFile(join(dir, v.file), buf);
    variants.push({ ...v, bytes: buf.length });
  }
  return { ...facts, variants };
}

/** Hard link when the cache and the output share a disk (the files never change), else a copy. */
async function place(from: string, to: string) {
  await mkdir(dirname(to), { recursive: true });
  await rm(to, { force: true });
  await link(from, to).catch(() => copyFile(from, to));
}

/** Encodes (or takes from the cache) every raster original under imagesDir; see the file's comment. */
export async function buildImages(o: ImageBuildOptions): Promise<ImageBuildResult> {
  const t0 = performance.now();
  const prefix = o.urlPrefix ?? '/images/';
  const files = existsSync(o.imagesDir) ? rasterOriginals(o.imagesDir) : [];
  const stats: ImageBuildStats = {
    originals: files.length,
    encoded: 0,
    variants: 0,
    originalBytes: 0,
    savedBytes: 0,
    megapixels: 0,
    seconds: 0,
  };
  const pictures = new Map<string, Picture>();
  let next = 0;
  let done = 0;
  const one = async (abs: string, index: number) => {
    const rel = relative(o.imagesDir, abs).split(sep).join('/');
    const ext = extname(rel);
    const base = rel.slice(0, rel.length - ext.length);
    // An original whose size and time are those last seen keeps its hash: a warm build reads no original.
    const { size, mtimeMs } = await stat(abs);
    const seenAs = `${rel}|${size}|${mtimeMs}|${optionsHash}`;
    let bytes: Buffer | undefined;
    let key = hashes[seenAs];
    if (!key) {
      bytes = await readFile(abs);
      key = imageKey(bytes);
    }
    seen[seenAs] = key;
    const entry = join(o.cacheDir, key);
    const metaFile = join(entry, 'meta.json');
    let meta: CacheMeta;
    if (existsSync(metaFile)) meta = JSON.parse(await readFile(metaFile, 'utf8')) as CacheMeta;
    else {
      bytes ??= await readFile(abs);
      // Written under a temporary name and renamed: a build stopped halfway leaves no half entry.
      const tmp = `${entry}.tmp-${process.pid}-${index}`;
      await mkdir(tmp, { recursive: true });
      meta = await encode(bytes, ext.slice(1), tmp);
      await writeFile(join(tmp, 'meta.json'), JSON.stringify(meta));
      await rm(entry, { recursive: true, force: true });
      await rename(tmp, entry);
      stats.encoded++;
      stats.megapixels += (meta.width * meta.height) / 1e6;
    }
    await Promise.all(meta.variants.map((v) => place(join(entry, v.file), join(o.siteOut, variantPath(base, key, v)))));
    const largestAvif = meta.variants.filter((v) => v.kind === 'avif').at(-1)!;
    const picture = pictureOf(base, key, meta, meta.variants);
    pictures.set(prefix + rel, picture);
    pictures.set(prefix + encodeURI(rel), picture);
    stats.variants += meta.variants.length;
    stats.originalBytes += size;
    stats.savedBytes += Math.max(0, size - largestAvif.bytes);
    o.onProgress?.(++done, files.length);
  };
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      await one(files[i]!, i);
    }
  };
  const n = Math.max(1, Math.min(o.concurrency ?? availableParallelism(), files.length));
  await mkdir(o.cacheDir, { recursive: true });
  // "path|size|time|options" -> cache key of the originals seen lately (this build's first, at most HASHES_KEPT).
  const hashesFile = join(o.cacheDir, 'hashes.json');
  const hashes: Record<string, string> = existsSync(hashesFile) ? JSON.parse(await readFile(hashesFile, 'utf8')) : {};
  const seen: Record<string, string> = {};
  await Promise.all(Array.from({ length: n }, worker));
  const kept = Object.entries({ ...seen, ...hashes }).slice(0, HASHES_KEPT);
  await writeFile(hashesFile, JSON.stringify(Object.fromEntries(kept)));
  stats.seconds = (performance.now() - t0) / 1000;
  return { pictures, stats };
}

/** The build's summary line of the pipeline. */
export function imageSummary(s: ImageBuildStats): string {
  const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
  const rate = s.encoded
    ? `, ${(s.encoded / s.seconds).toFixed(2)} images/s, ${(s.megapixels / s.seconds).toFixed(1)} MP/s`
    : '';
  return (
    `images: ${s.originals} originals (${s.encoded} encoded, ${s.originals - s.encoded} from cache), ` +
    `${s.variants} variants, ${mb(s.originalBytes)} of originals, ${mb(s.savedBytes)} saved at the largest size, ` +
    `${s.seconds.toFixed(2)} s${rate}`
  );
}
