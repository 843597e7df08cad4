import { defineRule } from '../rule.ts';
import { forEachBlock } from '../walk.ts';

export default defineRule({
  id: 'unknown-block',
  severity: 'error',
  description: 'Every block type used in a page or template is registered in blocks/index.ts.',
  check(ctx) {
    forEachBlock(ctx, (block, file, pointer) => {
      if (!ctx.blockTypes.has(block.type))
        ctx.report({ file, pointer: `${pointer}/type`, message: `unknown block type "${block.type}"`, fix: `joinery new block ${block.type}` });
    });
  },
});
