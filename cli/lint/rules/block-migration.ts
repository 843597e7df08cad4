import { blocksIn, MIGRATED_FOLDERS, migrateProps, pointerOf } from '../../content-migrations/migrations.ts';
import { defineRule } from '../rule.ts';

export default defineRule({
  meta: {
    code: 'block-migration',
    name: 'Block props in an older shape',
    severity: 'error',
    docs: {
      description:
        "A block's props that one of its migrations (blocks/<type>/migrations/) would rewrite: run `joinery migrate --content`.",
      url: 'docs/rules/block-migration.md',
    },
  },
  // Reads the file alone: its blocks' props against the blocks' migrations.
  checkFile(ctx, file) {
    if (!MIGRATED_FOLDERS.some((f) => file.rel.startsWith(f))) return;
    for (const [path, type, props] of blocksIn(file.value)) {
      const { applied } = migrateProps(type, props);
      if (!applied.length) continue;
      const names = applied.join(', ');
      ctx.report({
        file: file.rel,
        pointer: `${pointerOf(path)}/props`,
        atKey: true,
        message: `the props of this ${type} block follow an older shape: run \`joinery migrate --content\` (migration${applied.length > 1 ? 's' : ''} ${names})`,
        fix: 'joinery migrate --content',
      });
    }
  },
});
