/**
 * Every image object (an object whose `src` is an image) gives its width and height, so the
 * browser reserves its box and the page does not shift while it loads; a local photo (raster
 * original) may leave them out, as the build takes them from the file. An image whose local
 * file is missing is left to missing-file (an error there), so it is reported once.
 */
import { existsSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { RASTER_IMAGE } from '../../../engine/images/sizes.ts';
import type { LintContext } from '../context.ts';
import { isAssetLink } from '../links.ts';
import { defineRule } from '../rule.ts';
import { isObj } from '../values.ts';
import { forEachObjectIn } from '../walk.ts';

const IMAGE_EXT = /\.(svg|png|jpe?g|webp|avif|gif)$/i;

/** An image URL: an image file extension, or anything under /images/ (not videos, PDFs and such). */
export function isImageSrc(src: string): boolean {
  const path = src.split(/[?#]/)[0]!;
  if (IMAGE_EXT.test(path)) return true;
  return isAssetLink(path) && !/\.[A-Za-z0-9]{1,5}$/.test(path);
}

const hasSize = (v: unknown) => typeof v === 'number' || (isObj(v) && typeof v.$data === 'string');

export default defineRule({
  meta: {
    code: 'image-dimensions',
    name: 'Image without dimensions',
    severity: 'warning',
    docs: {
      description:
        'Every image gives its width and height (no layout shift while it loads); missing local files are missing-file errors.',
      url: 'docs/rules/image-dimensions.md',
    },
  },
  fileInputs: ['images'],
  checkFile(ctx: LintContext, file) {
    if (file.value === undefined) return;
    const imagesDir = join(ctx.site.dir, 'images');
    const exists = ctx.memo('image-dimensions', () => new Map<string, boolean>());
    const localMissing = (src: string) => {
      if (!isAssetLink(src)) return false;
      let path = src.split(/[?#]/)[0]!;
      try {
        path = decodeURIComponent(path);
      } catch {
        return true;
      }
      const abs = normalize(join(ctx.site.dir, path));
      let ok = exists.get(abs);
      if (ok === undefined) {
        ok = abs.startsWith(imagesDir + sep) && existsSync(abs);
        exists.set(abs, ok);
      }
      return !ok;
    };
    forEachObjectIn(file, (o, pointer) => {
      const src = o.src;
      if (typeof src !== 'string' || !isImageSrc(src)) return;
      // A photo under /images/: the build reads its size from the original.
      if (isAssetLink(src) && RASTER_IMAGE.test(src.split(/[?#]/)[0]!)) return;
      const missing = ['width', 'height'].filter((k) => !hasSize(o[k]));
      if (!missing.length || localMissing(src)) return;
      ctx.report({
        file: file.rel,
        pointer: `${pointer()}/src`,
        atKey: true,
        message: `image "${src}" has no ${missing.join(' and ')}: give both so the page does not shift while it loads`,
      });
    });
  },
});
