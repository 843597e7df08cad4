/** A select, radio or checkbox-group offers something: its options, or dynamicOptions. */
import { formOf } from '../form-fields.ts';
import { defineRule } from '../rule.ts';

const CHOICES = new Set(['select', 'radio', 'checkbox-group']);

export default defineRule({
  meta: {
    code: 'field-options',
    name: 'Choice field without options',
    severity: 'error',
    docs: {
      description: 'Every select, radio and checkbox-group field has options or dynamicOptions.',
      url: 'docs/rules/field-options.md',
    },
  },
  checkFile(ctx, file) {
    formOf(file, ({ rel, entries }) => {
      for (const { name, type, def, pointer } of entries) {
        if (!type || !CHOICES.has(type) || def.dynamicOptions !== undefined) continue;
        if (Array.isArray(def.options) && def.options.length > 0) continue;
        const empty = Array.isArray(def.options);
        ctx.report({
          file: rel,
          pointer: empty ? `${pointer}/options` : `${pointer}/type`,
          message: `${type} field "${name}" has ${empty ? 'an empty options list' : 'no options'} and no dynamicOptions: there is nothing to choose`,
          fix: 'add "options": [{ "value": ..., "label": ... }] or "dynamicOptions"',
        });
      }
    });
  },
});
