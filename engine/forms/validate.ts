import type { SchemaOptions } from './field-issues.ts';
import { schemaFor } from './schema.ts';
import type { CompiledForm, FormValues } from './types.ts';
import { cleanValues } from './values.ts';

export interface ValidationResult {
  ok: boolean;
  /** Cleaned values: hidden and orphaned fields cleared, unknown fields dropped. */
  values: FormValues;
  /** The first message of each failing field, keyed by field name (and "recaptchaToken"). */
  errors: Record<string, string>;
}

/**
 * Validates through the very schema the browser's resolver runs, so the server answers a 422 with
 * the messages the shopper would have seen in the page.
 */
export function validateValues(compiled: CompiledForm, values: unknown, opts: SchemaOptions = {}): ValidationResult {
  const input: FormValues =
    values !== null && typeof values === 'object' && !Array.isArray(values) ? (values as FormValues) : {};
  const result = schemaFor(compiled, opts).safeParse(input);
  if (result.success) return { ok: true, values: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, values: cleanValues(compiled, input), errors };
}
