import { defineRule } from '../rule.ts';
import { blocksOf } from '../walk.ts';

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
  checkFile(ctx, f) {
    blocksOf(ctx, f, (block, file, pointer) => {
      if (ctx.blockTypes.has(block.type)) return;
      const at = { file, pointer: `${pointer}/type` };
      const { suffix, ...suggested } = ctx.suggest(block.type, ctx.blockTypes, at);
      ctx.report({
        ...at,
        message: `unknown block type "${block.type}"${suffix}`,
        // A near name is most likely a typo; without one, the author may mean a new block.
        ...(suffix ? suggested : { fix: `joinery new block ${block.type}` }),
      });
    });
  },
});
