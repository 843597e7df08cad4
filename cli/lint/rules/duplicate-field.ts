/**
 * No two fields (or groups) of a form share a name, across steps and groups: two inputs writing
 * one value cannot be validated, and the engine refuses to compile such a form.
 */
import { positionOf } from '../../../engine/lint.ts';
import { describeEntry, formOf, type FormEntry } from '../form-fields.ts';
import { defineRule } from '../rule.ts';

export default defineRule({
  meta: {
    code: 'duplicate-field',
    name: 'Duplicate form field',
    severity: 'error',
    docs: {
      description: 'Every field and group name is used once per form, across its steps and groups.',
      url: 'docs/rules/duplicate-field.md',
    },
  },
  checkFile(ctx, file) {
    formOf(file, ({ rel, entries }) => {
      const first = new Map<string, FormEntry>();
      for (const entry of entries) {
        const prev = first.get(entry.name);
        if (!prev) {
          first.set(entry.name, entry);
          continue;
        }
        const pos = positionOf(ctx.site.files.get(rel)!, `${prev.pointer}/name`);
        const where = `${prev.step !== entry.step ? ` in step ${prev.step + 1}` : ''} at ${rel}:${pos.line}:${pos.column}`;
        const sameKind = (prev.type === 'group') === (entry.type === 'group');
        ctx.report({
          file: rel,
          pointer: `${entry.pointer}/name`,
          message: sameKind
            ? `${describeEntry(entry)} is defined twice; the first is${where}`
            : `${describeEntry(entry)}: the name is already used by ${describeEntry(prev)}${where}`,
          fix: 'give each field its own name',
        });
      }
    });
  },
});
