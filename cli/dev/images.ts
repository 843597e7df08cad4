/**
 * Raster originals in `joinery dev` as the build shows them: a page's images get the build's
 * srcsets and URLs (engine/images/on-demand.ts), and those URLs (/assets/images/..., the named
 * sizes under /images/_sizes/) are answered by encoding the variant on its first request.
 */
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { onDemandImages } from '../../engine/images/on-demand.ts';
import type { Picture } from '../../engine/images/sizes.ts';
import { RASTER_IMAGE } from '../../engine/images/sizes.ts';
import { IMAGE_PATH, rewriteAssetUrls } from '../../engine/prerender/content-images.ts';

export function devImages(siteDir: string, cacheDir: string) {
  const images = onDemandImages({ imagesDir: join(siteDir, 'images'), cacheDir });
  return {
    /** Page data with its raster originals pointing at their variants, as the build's pages do. */
    async pageData<T>(data: T): Promise<T> {
      const urls = new Set<string>();
      for (const [path] of JSON.stringify(data).matchAll(IMAGE_PATH)) {
        const plain = path.split(/[?#\\]/)[0]!;
        if (RASTER_IMAGE.test(plain)) urls.add(plain);
      }
      if (!urls.size) return data;
      const pictures = new Map<string, Picture>();
      for (const url of urls) {
        const picture = await images.picture(url);
        if (picture) pictures.set(url, picture);
      }
      const map = new Map([...pictures].map(([url, p]) => [url, p.src]));
      return rewriteAssetUrls(data, map, pictures);
    },

    /** Answers a variant's URL; false when `pathname` is none. */
    async serve(pathname: string, res: ServerResponse): Promise<boolean> {
      if (!pathname.startsWith('/assets/images/') && !pathname.startsWith('/images/_sizes/')) return false;
      const found = await images.variant(pathname);
      if (!found) return false;
      res.writeHead(200, {
        'content-type': found.type,
        'content-length': found.bytes.length,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      });
      res.end(found.bytes);
      return true;
    },
  };
}
