import { defineRule } from '../rule.ts';
import { forEachBlock } from '../walk.ts';

export default defineRule({
  meta: {
    code: 'unknown-block',
    name: 'Unknown block type',
    severity: 'error',
    docs: {
      description: 'Every block type used in a page or template is registered in blocks/index.ts.',
      url: 'docs/rules/unknown-block.md',
    },
  },
  check(ctx) {
    forEachBlock(ctx, (block, file, pointer) => {
      if (!ctx.blockTypes.has(block.type))
        ctx.report({
          file,
          pointer: `${pointer}/type`,
          message: `unknown block type "${block.type}"`,
          fix: `joinery new block ${block.type}`,
        });
    });
  },
});
