import { kindOf, resolveDataRefs, DataRefError, type BlockInstance } from '../../../engine/node.ts';
import { defineRule } from '../rule.ts';
import { forEachBlock } from '../walk.ts';

const SCHEMA_BY_KIND: Record<string, string> = {
  site: 'site.schema.json',
  routes: 'routes.schema.json',
  page: 'page.schema.json',
  template: 'template.schema.json',
  menu: 'menu.schema.json',
  form: 'form.schema.json',
};

/** A data file names its schema with "$schema"; only schemas of this project are enforced. */
function dataSchema(value: unknown): string | undefined {
  const ref = (value as { $schema?: unknown })?.$schema;
  if (typeof ref !== 'string') return undefined;
  const m = /(?:^|\/)schemas\/([a-z0-9-]+\.schema\.json)$/.exec(ref);
  return m?.[1];
}

export default defineRule({
  meta: {
    code: 'schema',
    name: 'Schema mismatch',
    severity: 'error',
    docs: {
      description: "Each content file matches its JSON Schema, and each block's props match the block's schema.",
      url: 'docs/rules/schema.md',
    },
  },
  check(ctx) {
    const v = ctx.validator;
    for (const file of ctx.site.files.values()) {
      if (file.value === undefined) continue;
      const kind = kindOf(file.rel);
      const schema = kind === 'data' ? dataSchema(file.value) : kind && SCHEMA_BY_KIND[kind];
      if (schema && v.hasSchema(schema))
        for (const e of v.validate(schema, file.value))
          ctx.report({ file: file.rel, pointer: e.pointer, message: e.message, atKey: e.atKey });
    }
    // Block props, after `$data` references are resolved (unresolvable ones are data-ref's).
    forEachBlock(ctx, (block: BlockInstance, file, pointer, item) => {
      if (!v.hasBlock(block.type)) return;
      let props: unknown;
      try {
        props = resolveDataRefs(block.props ?? {}, { site: ctx.site, item });
      } catch (e) {
        if (e instanceof DataRefError) return;
        throw e;
      }
      for (const e of v.validateBlock(block.type, props))
        ctx.report({
          file,
          pointer: `${pointer}/props${e.pointer}`,
          message: `block "${block.type}": ${e.message.replace(/^"(\/[^"]*)"/, '"props$1"').replace(/^the document/, 'props')}`,
          atKey: e.atKey,
        });
    });
  },
});
