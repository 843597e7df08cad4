/**
 * Only the last step of a multi-step form submits: a submit action on an earlier step would end
 * the form before its later steps are filled in.
 */
import { formOf } from '../form-fields.ts';
import { defineRule } from '../rule.ts';
import { isObj } from '../values.ts';

export default defineRule({
  meta: {
    code: 'submit-last-step',
    name: 'Submit before the last step',
    severity: 'error',
    docs: {
      description: 'A submit action appears only on the last step of a multi-step form.',
      url: 'docs/rules/submit-last-step.md',
    },
  },
  checkFile(ctx, file) {
    formOf(file, ({ rel, value }) => {
      if (!Array.isArray(value.steps)) return;
      const count = value.steps.length;
      value.steps.forEach((step, i) => {
        if (i === count - 1 || !isObj(step) || !isObj(step.actions) || step.actions.submit === undefined) return;
        ctx.report({
          file: rel,
          pointer: `/steps/${i}/actions/submit`,
          atKey: true,
          message: `step ${i + 1} of ${count} has a submit action; only the last step submits`,
          fix: 'use "next" on this step and put "submit" on the last one',
        });
      });
    });
  },
});
