/**
 * What the image pipeline makes of a raster original (pipeline.ts), as rules both the build and
 * the browser-safe code share: the widths of the variants, the named sizes (the catalogue's
 * processedUrls) and where those are written.
 */

/** The largest original a site takes unless site.json's images.maxOriginalBytes says otherwise (20 MB). */
export const DEFAULT_MAX_ORIGINAL_BYTES = 20_000_000;

/** Raster originals: encoded to variants. SVGs and other files pass through as they are. */
export const RASTER_IMAGE = /\.(jpe?g|png|webp|avif|tiff?)$/i;

/** What a page needs to show a raster original: its variants as srcsets, its size and colour. */
export interface Picture {
  /** Intrinsic size of the original (after its EXIF rotation). */
  width: number;
  height: number;
  /** Dominant colour (#rrggbb): the placeholder of an image below the fold. */
  color: string;
  /** The fallback's URL, in the original's format. */
  src: string;
  /** srcset of each modern format ("url 320w, url 480w, ..."). */
  avif: string;
  webp: string;
}

/** Original URL ("/images/a.jpg") -> its Picture. */
export type PictureMap = ReadonlyMap<string, Picture>;

/** Variant widths in px; an original narrower than one gets its own width as the last. */
const VARIANT_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600, 2000] as const;

/** The widths written for an original `width` px wide: never wider than it. */
export function variantWidths(width: number): number[] {
  if (width > VARIANT_WIDTHS.at(-1)!) return [...VARIANT_WIDTHS];
  return [...VARIANT_WIDTHS.filter((w) => w < width), width];
}

/** The width of the fallback <img src> in the original's format (browsers without AVIF or WebP). */
export const FALLBACK_WIDTH = 1280;

/**
 * The catalogue's processedUrls by name with their width in px (twice the CSS size they are shown
 * at: the cart's 60x80 door, a style page card, a finish swatch's preview).
 */
export const NAMED_SIZES = { thumbnail: 160, cart: 160, medium: 480, card: 800 } as const;
export type NamedSize = keyof typeof NAMED_SIZES;

/**
 * The URL of a named size of the original at `src` (an "/images/..." path): for a raster original
 * the WebP the build writes at /images/_sizes/<name>/<path>.webp, for anything else `src` itself.
 * A stable name (no hash): content, cart data and API answers can compute it from `src` alone.
 */
export function namedSizeUrl(src: string, name: NamedSize): string {
  const m = /^(.*?)\/images\/(.+)\.([a-z0-9]+)$/i.exec(src);
  if (!m || !RASTER_IMAGE.test(src)) return src;
  return `${m[1]}/images/_sizes/${name}/${m[2]}.webp`;
}

/** processedUrls of the named sizes, each from the one original. */
export function processedUrlsOf<N extends NamedSize>(src: string, names: readonly N[]): Record<N, string> {
  return Object.fromEntries(names.map((n) => [n, namedSizeUrl(src, n)])) as Record<N, string>;
}

/**
 * An image's rendition by name: the generated one for a raster original, else the content's
 * hand-written processedUrls entry, else the image itself.
 */
export function processedUrl(
  image: { src: string; processedUrls?: Partial<Record<string, string>> },
  name: NamedSize,
): string {
  return RASTER_IMAGE.test(image.src) ? namedSizeUrl(image.src, name) : (image.processedUrls?.[name] ?? image.src);
}
