import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { modify } from 'jsonc-parser';
import { kindOf, positionAt, type JsonFile } from '../../../engine/lint.ts';
import { ROOT, SCHEMAS_DIR } from '../../paths.ts';
import type { LintContext } from '../context.ts';
import { defineRule } from '../rule.ts';
import { SCHEMA_BY_KIND } from './schema.ts';

/** The schema a content file follows: by its folder, or a data file NAME.json by NAME.schema.json. */
function knownSchema(ctx: LintContext, rel: string): string | undefined {
  const kind = kindOf(rel);
  if (kind !== 'data') return kind && SCHEMA_BY_KIND[kind];
  const name = `${rel.slice(rel.lastIndexOf('/') + 1, -'.json'.length)}.schema.json`;
  return ctx.validator.hasSchema(name) ? name : undefined;
}

/** `$schema` as written beside the file: a relative path with forward slashes. */
const refFrom = (file: JsonFile, schema: string) =>
  relative(dirname(file.abs), join(SCHEMAS_DIR, schema)).split('\\').join('/');

/**
 * Whether `$schema` names the schema. In a site inside the project the path must also lead to it
 * (editors follow it); a copy elsewhere keeps its paths, so only the schema's name counts there.
 */
function names(file: JsonFile, ref: string, schema: string): boolean {
  if (ref.slice(ref.lastIndexOf('/') + 1) !== schema) return false;
  const fromRoot = relative(ROOT, file.abs);
  if (fromRoot.startsWith('..') || isAbsolute(fromRoot)) return true;
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) return false;
  const target = resolve(dirname(file.abs), ref);
  return target === join(SCHEMAS_DIR, schema) && existsSync(target);
}

/** The edits that write `$schema` (first in the object when it is added), keeping the file's indentation. */
function schemaEdits(file: JsonFile, value: string) {
  const indent = /\n([ \t]+)"/.exec(file.text)?.[1] ?? '  ';
  return modify(file.text, ['$schema'], value, {
    formattingOptions: { insertSpaces: !indent.startsWith('\t'), tabSize: indent.length, eol: '\n' },
    getInsertionIndex: () => 0,
  });
}

export default defineRule({
  meta: {
    code: 'schema-ref',
    name: 'Missing or wrong $schema',
    severity: 'warning',
    docs: {
      description:
        'Each content file with a known schema names it in "$schema", by a path relative to the file, so editors complete and check it.',
      url: 'docs/rules/schema-ref.md',
    },
  },
  checkFile(ctx, file) {
    const value = file.value as Record<string, unknown> | undefined;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    const schema = knownSchema(ctx, file.rel);
    if (!schema) return;
    const ref = value.$schema;
    if (typeof ref === 'string' && names(file, ref, schema)) return;
    const want = refFrom(file, schema);
    const fixes = [
      { description: `Set "$schema" to "${want}"`, file: file.rel, edits: schemaEdits(file, want), certain: true },
    ];
    if (ref === undefined) {
      const start = positionAt(file, file.tree?.offset ?? 0);
      ctx.report({
        file: file.rel,
        pointer: '',
        position: start,
        end: { line: start.line, column: start.column + 1 },
        message: `no "$schema" (this file follows ${schema})`,
        fixes,
      });
    } else
      ctx.report({
        file: file.rel,
        pointer: '/$schema',
        message: `"$schema" should be "${want}" (this file follows ${schema})`,
        fixes,
      });
  },
});
