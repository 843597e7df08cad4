/**
 * An original under images/ larger than the limit site.json sets (images.maxOriginalBytes,
 * default 20 MB), reported where the content names it: the build reads it whole, and the site
 * serves it as it is at its /images/ URL.
 */
import { DEFAULT_MAX_ORIGINAL_BYTES } from '../../../engine/images/sizes.ts';
import { originalFacts } from '../image-facts.ts';
import { hasRasterOriginals } from '../image-slots.ts';
import type { LintContext } from '../context.ts';
import { defineRule } from '../rule.ts';
import { isObj } from '../values.ts';
import { forEachStringIn } from '../walk.ts';

const size = (b: number) => (b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : `${Math.ceil(b / 1e3)} kB`);

export default defineRule({
  meta: {
    code: 'image-too-large',
    name: 'Original over the size limit',
    severity: 'warning',
    docs: {
      description:
        "An image original larger than site.json's images.maxOriginalBytes (default 20 MB): export it smaller.",
      url: 'docs/rules/image-too-large.md',
    },
  },
  fileInputs: ['site', 'images'],
  checkFile(ctx: LintContext, file) {
    if (file.value === undefined || !hasRasterOriginals(ctx)) return;
    const limit = ctx.memo('image-too-large', () => {
      const images = ctx.value<{ images?: unknown }>('site.json')?.images;
      const max = isObj(images) ? images.maxOriginalBytes : undefined;
      return typeof max === 'number' && max > 0 ? max : DEFAULT_MAX_ORIGINAL_BYTES;
    });
    forEachStringIn(file, (s, _key, pointer) => {
      if (!s.startsWith('/images/')) return;
      const facts = originalFacts(ctx.site.dir, s);
      if (!facts || facts.bytes <= limit) return;
      ctx.report({
        file: file.rel,
        pointer: pointer(),
        message: `original "${s}" is ${size(facts.bytes)}, over the ${size(limit)} limit (site.json images.maxOriginalBytes): export it smaller`,
      });
    });
  },
});
