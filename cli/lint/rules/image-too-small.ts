/**
 * A photo (raster original) narrower than the widest its slot shows it: the browser stretches it
 * and it looks soft. The slots are those the blocks declare (cli/lint/image-slots.ts); the width
 * is the original's, read from its header.
 */
import { originalFacts } from '../image-facts.ts';
import { imageUses, slotWidth } from '../image-slots.ts';
import type { LintContext } from '../context.ts';
import { defineRule } from '../rule.ts';
import { isObj } from '../values.ts';

/** The site's breakpoints, as the pages use them. */
function breakpointsOf(ctx: LintContext): { tablet: number; desktop: number } {
  const bp = ctx.value<{ breakpoints?: unknown }>('site.json')?.breakpoints;
  const n = (v: unknown, d: number) => (typeof v === 'number' ? v : d);
  return isObj(bp) ? { tablet: n(bp.tablet, 768), desktop: n(bp.desktop, 1201) } : { tablet: 768, desktop: 1201 };
}

export default defineRule({
  meta: {
    code: 'image-too-small',
    name: 'Photo too small for its slot',
    severity: 'warning',
    docs: {
      description:
        'A photo narrower than the widest its block shows it (at pixel ratio 2) looks soft: use a larger original.',
      url: 'docs/rules/image-too-small.md',
    },
  },
  inputs: ['all', 'routes', 'images'],
  check(ctx: LintContext) {
    const bp = breakpointsOf(ctx);
    for (const use of imageUses(ctx)) {
      if (!use.file) continue;
      const facts = originalFacts(ctx.site.dir, use.src);
      if (!facts?.width) continue;
      let widest: { width: number; block: string } | undefined;
      for (const { block, slot } of use.slots) {
        const width = slotWidth(slot, bp);
        if (width !== undefined && width > (widest?.width ?? 0)) widest = { width, block };
      }
      if (!widest || facts.width >= widest.width) continue;
      ctx.report({
        file: use.file,
        pointer: `${use.pointer}/src`,
        message: `photo "${use.src}" is ${facts.width} px wide, but the ${widest.block} block shows it up to ${widest.width} px wide: it will look soft; use an original at least ${widest.width} px wide`,
      });
    }
  },
});
