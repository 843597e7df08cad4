import {
  DataRefError,
  getAtPointer,
  kindOf,
  parsePointer,
  resolveDataRefsToRead,
  type BlockInstance,
  type SchemaError,
} from '../../../engine/lint.ts';
import type { LintContext, ReportInput } from '../context.ts';
import { defineRule } from '../rule.ts';
import { blocksOf } from '../walk.ts';

/** The schema of each content folder's files (data files name theirs with `$schema`). */
export const SCHEMA_BY_KIND: Record<string, string> = {
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

/** The object a pointer's parent names, as validated (keys already there cannot be what was meant). */
function keysAt(value: unknown, pointer: string): string[] {
  const parent = getAtPointer(value, parsePointer(pointer).slice(0, -1));
  return parent !== null && typeof parent === 'object' ? Object.keys(parent) : [];
}

/**
 * Reports one value's schema errors. An unknown property suggests the nearest allowed names not
 * yet present; when one of them is a missing required property, the two are one mistake (a
 * misspelled name) and only the unknown property is reported.
 */
function reportErrors(
  ctx: LintContext,
  file: string,
  base: string,
  value: unknown,
  errors: SchemaError[],
  message: (e: SchemaError, suffix: string) => string,
) {
  const merged = new Set<SchemaError>();
  const reports: ReportInput[] = [];
  for (const e of errors) {
    if (!e.allowed) continue;
    const name = parsePointer(e.pointer).at(-1)!;
    const present = new Set(keysAt(value, e.pointer));
    const at = { file, pointer: `${base}${e.pointer}`, atKey: true };
    const { suffix, ...suggested } = ctx.suggest(
      name,
      e.allowed.filter((k) => !present.has(k)),
      at,
    );
    const parent = e.pointer.slice(0, e.pointer.lastIndexOf('/'));
    for (const m of errors)
      if (m.missing !== undefined && m.pointer === parent && suggested.suggestions?.includes(m.missing)) merged.add(m);
    reports.push({ ...at, message: message(e, suffix), ...suggested });
  }
  for (const e of errors)
    if (!e.allowed && !merged.has(e))
      reports.push({ file, pointer: `${base}${e.pointer}`, message: message(e, ''), atKey: e.atKey });
  for (const r of reports) ctx.report(r);
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
  // Block props are checked with their references resolved, a collection page's with its first item.
  fileInputs: ['routes', 'references'],
  checkFile(ctx, file) {
    const v = ctx.validator;
    if (file.value === undefined) return;
    const kind = kindOf(file.rel);
    const schema = kind === 'data' ? dataSchema(file.value) : kind && SCHEMA_BY_KIND[kind];
    if (schema && v.hasSchema(schema))
      reportErrors(ctx, file.rel, '', file.value, v.validate(schema, file.value), (e, suffix) => e.message + suffix);
    // Block props, after `$data` references are resolved (unresolvable ones are data-ref's).
    blocksOf(ctx, file, (block: BlockInstance, rel, pointer, at) => {
      if (!v.hasBlock(block.type)) return;
      let props: unknown;
      try {
        props = resolveDataRefsToRead(block.props ?? {}, { site: ctx.site, item: at.item });
      } catch (e) {
        if (e instanceof DataRefError) return;
        throw e;
      }
      const what = `block "${block.type}"`;
      reportErrors(ctx, rel, `${pointer}/props`, props, v.validateBlock(block.type, props), (e, suffix) =>
        e.allowed && e.pointer.lastIndexOf('/') === 0
          ? `${what}: unknown prop "${parsePointer(e.pointer)[0]}"${suffix}`
          : `${what}: ${e.message.replace(/^"(\/[^"]*)"/, '"props$1"').replace(/^the document/, 'props')}${suffix}`,
      );
    });
  },
});
