/**
 * processedUrls an author need not write: for a photo (a raster original under /images/) the
 * build makes every named size from the one original, and an entry naming the image's own `src`
 * is what the engine uses without it. Only an SVG's rendition that is another file stays.
 */
import { RASTER_IMAGE } from '../../../engine/images/sizes.ts';
import type { LintContext } from '../context.ts';
import { isAssetLink } from '../links.ts';
import { defineRule } from '../rule.ts';
import { isObj } from '../values.ts';
import { forEachObjectIn } from '../walk.ts';

export default defineRule({
  meta: {
    code: 'processed-urls',
    name: 'Hand-written image rendition',
    severity: 'warning',
    docs: {
      description:
        "processedUrls the build makes (a photo's named sizes) or that repeat the image's own src: remove them.",
      url: 'docs/rules/processed-urls.md',
    },
  },
  // Reads the file alone: each image object's src and processedUrls.
  checkFile(ctx: LintContext, file) {
    if (file.value === undefined) return;
    forEachObjectIn(file, (o, pointer) => {
      const { src, processedUrls } = o;
      if (typeof src !== 'string' || !isObj(processedUrls)) return;
      const photo = isAssetLink(src) && RASTER_IMAGE.test(src.split(/[?#]/)[0]!);
      for (const [name, url] of Object.entries(processedUrls)) {
        const because = photo
          ? `the build makes it from the photo "${src}"`
          : url === src
            ? `it repeats the image's src "${src}", which is used without it`
            : undefined;
        if (!because) continue;
        ctx.report({
          file: file.rel,
          pointer: `${pointer()}/processedUrls/${name}`,
          atKey: true,
          message: `processedUrls.${name} can go: ${because}`,
        });
      }
    });
  },
});
