/**
 * A submission's field errors, without zod: the browser's form loads this at once, and the zod
 * schema built on it (schema.ts) only when it first validates.
 */
import { fieldsInScope, isLastStep } from './compile.ts';
import { MESSAGES } from './messages.ts';
import { fieldError } from './rules.ts';
import type { CompiledForm, FormValues } from './types.ts';
import { resolveValues } from './values.ts';

/** Where the reCAPTCHA token travels among the values (and the name of its multipart part). */
export const RECAPTCHA_FIELD = 'recaptchaToken';

export interface SchemaOptions {
  /** Validate only this step's fields (conditions still read every value). */
  step?: number;
  /**
   * The site has reCAPTCHA configured. The token is then required when the form asks for it,
   * on the whole form or on a multi-step form's last step (the step that submits).
   */
  recaptcha?: boolean;
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** Every field error of a submission, in field order, at most one per field. */
export function collectIssues(compiled: CompiledForm, values: FormValues, opts: SchemaOptions = {}): FieldIssue[] {
  const resolved = resolveValues(compiled, values);
  const issues: FieldIssue[] = [];
  for (const field of fieldsInScope(compiled, opts.step)) {
    if (resolved.hidden.has(field.name) || resolved.orphaned.has(field.name)) continue;
    const message = fieldError(field, resolved.values[field.name]);
    if (message) issues.push({ field: field.name, message });
  }
  if (needsRecaptcha(compiled, opts)) {
    const token = values[RECAPTCHA_FIELD];
    if (typeof token !== 'string' || token.trim() === '')
      issues.push({ field: RECAPTCHA_FIELD, message: MESSAGES.recaptcha });
  }
  return issues;
}

export function needsRecaptcha(compiled: CompiledForm, opts: SchemaOptions): boolean {
  return compiled.recaptcha && opts.recaptcha === true && (opts.step === undefined || isLastStep(compiled, opts.step));
}
