/**
 * A photo whose shape is far from the shape its slot crops it to (a block that declares an aspect
 * and covers it, cli/lint/image-slots.ts): the crop keeps less than half (MIN_KEPT) of its width
 * or height, so it may cut its subject off.
 */
import { originalFacts } from '../image-facts.ts';
import { aspectOf, imageUses } from '../image-slots.ts';
import type { LintContext } from '../context.ts';
import { defineRule } from '../rule.ts';

/** The share of the photo's width (or height) a crop must keep. */
const MIN_KEPT = 0.5;

export default defineRule({
  meta: {
    code: 'image-aspect',
    name: 'Photo cropped too much',
    severity: 'warning',
    docs: {
      description:
        "A photo whose aspect ratio is so far from its slot's that the crop keeps under half of it: use one nearer the slot's shape.",
      url: 'docs/rules/image-aspect.md',
    },
  },
  inputs: ['all', 'routes', 'images'],
  check(ctx: LintContext) {
    for (const use of imageUses(ctx)) {
      if (!use.file) continue;
      const facts = originalFacts(ctx.site.dir, use.src);
      if (!facts?.width || !facts.height) continue;
      const own = facts.width / facts.height;
      for (const { block, slot } of use.slots) {
        const target = slot.aspect ? aspectOf(slot.aspect) : undefined;
        if (!target) continue;
        const kept = Math.min(own, target) / Math.max(own, target);
        if (kept >= MIN_KEPT) continue;
        ctx.report({
          file: use.file,
          pointer: `${use.pointer}/src`,
          message: `photo "${use.src}" is ${facts.width}x${facts.height}, but the ${block} block crops it to ${slot.aspect}: the crop keeps ${Math.round(kept * 100)}% of its ${own > target ? 'width' : 'height'}; use a photo nearer ${slot.aspect}`,
        });
        break;
      }
    }
  },
});
