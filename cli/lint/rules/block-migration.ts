import { blocksIn, MIGRATED_FOLDERS, pointerOf } from '../../content-migrations/migrations.ts';
import { migrateBlock } from '../../content-migrations/pulled-in.ts';
import { defineRule } from '../rule.ts';

export default defineRule({
  meta: {
    code: 'block-migration',
    name: 'Block props in an older shape',
    severity: 'error',
    docs: {
      description:
        "A block's props (with what their `$data` references pull in) that one of its migrations (blocks/<type>/migrations/) would rewrite: run `joinery migrate --content`.",
      url: 'docs/rules/block-migration.md',
    },
  },
  // Its blocks' props, with what they pull in, against the blocks' migrations.
  fileInputs: ['references'],
  checkFile(ctx, file) {
    if (!MIGRATED_FOLDERS.some((f) => file.rel.startsWith(f))) return;
    for (const [path, type, props] of blocksIn(file.value)) {
      const { applied, data, stuck } = migrateBlock(type, props, (rel) => ctx.value(rel));
      if (!applied.length) continue;
      const names = `migration${applied.length > 1 ? 's' : ''} ${applied.join(', ')}`;
      const files = [...new Set(data.map((d) => d.file))];
      const message = stuck.length
        ? `the props of this ${type} block follow an older shape, and ${names} moves and changes what ${stuck.map((r) => `{ "$data": "${r}" }`).join(', ')} pulls in: rewrite them by hand`
        : `the props of this ${type} block follow an older shape: run \`joinery migrate --content\` (${names}${files.length ? `; it rewrites ${files.join(', ')} too` : ''})`;
      ctx.report({
        file: file.rel,
        pointer: `${pointerOf(path)}/props`,
        atKey: true,
        message,
        ...(stuck.length ? {} : { fix: 'joinery migrate --content' }),
      });
    }
  },
});
