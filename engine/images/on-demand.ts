/**
 * The image pipeline one variant at a time, for `joinery dev`: a page gets the same Picture (URLs,
 * srcsets, size, colour) the build gives it, and a variant's URL is encoded on its first request
 * with the build's code into the build's cache entry of its original, then read from there. An
 * original is known by path, size and time (its hash is read once). sharp loads with the first
 * raster original.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, normalize, sep } from 'node:path';
import { NAMED_SIZES, RASTER_IMAGE, type Picture } from './sizes.ts';

type Pipeline = typeof import('./pipeline.ts');
type Facts = import('./pipeline.ts').OriginalFacts;

interface Original {
  abs: string;
  /** Its path under images/ without the extension, and the extension without the dot. */
  base: string;
  ext: string;
  seenAs: string;
  key: string;
  facts?: Facts;
}

export interface OnDemandImages {
  /** The Picture of the original at `url` ("/images/a.jpg"), or undefined when it is no raster file there. */
  picture(url: string): Promise<Picture | undefined>;
  /** A variant's bytes by its URL path ("/assets/images/a-640-<hash>.avif", "/images/_sizes/card/a.webp"), encoded when not cached. */
  variant(pathname: string): Promise<{ bytes: Buffer; type: string } | undefined>;
}

const TYPE: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};
const HASHED = /^\/assets\/images\/(.+)-(\d+)-([\w-]{10})\.(\w+)$/;
const NAMED = /^\/images\/_sizes\/([a-z]+)\/(.+)\.webp$/;

export function onDemandImages(o: { imagesDir: string; cacheDir: string }): OnDemandImages {
  let pipeline: Promise<Pipeline> | undefined;
  const load = () => (pipeline ??= import('./pipeline.ts'));
  const known = new Map<string, Original>();
  const encoding = new Map<string, Promise<Buffer>>();

  /** The original at `rel` (path under images/, with extension), hashed when new or changed. */
  async function original(rel: string): Promise<Original | undefined> {
    const abs = normalize(join(o.imagesDir, rel));
    if (!abs.startsWith(o.imagesDir + sep) || !RASTER_IMAGE.test(abs) || !existsSync(abs)) return undefined;
    const s = await stat(abs);
    if (!s.isFile()) return undefined;
    const seenAs = `${s.size}|${s.mtimeMs}`;
    const had = known.get(abs);
    if (had?.seenAs === seenAs) return had;
    const ext = extname(rel);
    const key = (await load()).imageKey(await readFile(abs));
    const found: Original = { abs, base: rel.slice(0, rel.length - ext.length), ext: ext.slice(1), seenAs, key };
    known.set(abs, found);
    return found;
  }

  /** Its size and colour: the cache entry's when the build made it, else read as the build reads them. */
  async function facts(orig: Original): Promise<Facts> {
    if (orig.facts) return orig.facts;
    const meta = join(o.cacheDir, orig.key, 'meta.json');
    const { width, height, color } = existsSync(meta)
      ? (JSON.parse(await readFile(meta, 'utf8')) as Facts)
      : await (await load()).describeOriginal(await readFile(orig.abs));
    orig.facts = { width, height, color };
    return orig.facts;
  }

  /** The original whose path without extension is `base`. */
  async function byBase(base: string): Promise<Original | undefined> {
    const dir = join(o.imagesDir, dirname(base));
    if (!existsSync(dir)) return undefined;
    const name = readdirSync(dir)
      .sort()
      .find((f) => RASTER_IMAGE.test(f) && f.slice(0, f.length - extname(f).length) === basename(base));
    return name ? original(join(dirname(base), name)) : undefined;
  }

  async function encodeOnce(orig: Original, spec: import('./pipeline.ts').VariantSpec): Promise<Buffer> {
    const file = join(o.cacheDir, orig.key, spec.file);
    if (existsSync(file)) return readFile(file);
    let job = encoding.get(file);
    if (!job) {
      job = (async () => {
        const { width } = await facts(orig);
        const bytes = await (await load()).encodeVariant(await readFile(orig.abs), orig.ext, width, spec);
        // Renamed into place: a reader never sees half a file.
        await mkdir(dirname(file), { recursive: true });
        const tmp = `${file}.tmp-${process.pid}`;
        await writeFile(tmp, bytes);
        await rename(tmp, file);
        return bytes;
      })().finally(() => encoding.delete(file));
      encoding.set(file, job);
    }
    return job;
  }

  return {
    async picture(url) {
      if (!url.startsWith('/images/') || url.startsWith('/images/_sizes/')) return undefined;
      let rel: string;
      try {
        rel = decodeURIComponent(url.slice('/images/'.length));
      } catch {
        return undefined;
      }
      const orig = await original(rel);
      if (!orig) return undefined;
      const { pictureOf, variantPlan } = await load();
      const f = await facts(orig);
      return pictureOf(orig.base, orig.key, f, variantPlan(f.width, orig.ext));
    },

    async variant(pathname) {
      let path: string;
      try {
        path = decodeURIComponent(pathname);
      } catch {
        return undefined;
      }
      const hashed = HASHED.exec(path);
      const named = hashed ? undefined : NAMED.exec(path);
      if (!hashed && !(named && named[1]! in NAMED_SIZES)) return undefined;
      const orig = await byBase(hashed ? hashed[1]! : named![2]!);
      if (!orig || (hashed && !orig.key.startsWith(hashed[3]!))) return undefined;
      const { variantPlan, variantPath } = await load();
      const plan = variantPlan((await facts(orig)).width, orig.ext);
      const spec = plan.find((v) => `/${variantPath(orig.base, orig.key, v)}` === path);
      if (!spec) return undefined;
      return { bytes: await encodeOnce(orig, spec), type: TYPE[extname(spec.file).slice(1)] ?? 'image/jpeg' };
    },
  };
}
