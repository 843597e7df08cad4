// zod/mini, not the `z` namespace: the namespace cannot be tree-shaken (about 90 kB gzip more in the
// browser, where the footer's newsletter form puts this code on every page).
import { pipe, record, string, superRefine, transform, unknown } from 'zod/mini';
import { collectIssues, type SchemaOptions } from './field-issues.ts';
import type { CompiledForm, FormValues } from './types.ts';
import { resolveValues } from './values.ts';

const valuesShape = record(string(), unknown());

/**
 * The zod schema of a form: give it to react-hook-form through `zodResolver` in the browser and
 * call `safeParse` (or validateValues) on the server. Its output is the cleaned values (hidden and
 * orphaned fields cleared, unknown keys dropped), so a submit handler never sees a hidden value.
 */
export function schemaFor(compiled: CompiledForm, opts: SchemaOptions = {}) {
  const checked = valuesShape.check(
    superRefine((values: FormValues, ctx) => {
      for (const issue of collectIssues(compiled, values, opts)) {
        ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message, input: values[issue.field] });
      }
    }),
  );
  return pipe(
    checked,
    transform((values: FormValues) => resolveValues(compiled, values).values),
  );
}
