import { fieldsInScope, isLastStep } from './compile.ts';
import { RECAPTCHA_FIELD } from './field-issues.ts';
import type { CompiledForm, FileLike, FormValues } from './types.ts';
import { cleanValues } from './values.ts';

export interface PayloadOptions {
  /** The site has reCAPTCHA configured; the token goes along when the form asks for it. */
  recaptcha?: boolean;
  recaptchaToken?: string;
  /** Estimator extras; display figures only, the server recomputes prices. */
  totalPrice?: unknown;
  summaryRows?: unknown;
}

export interface SubmissionPayload {
  /** Text parts of the multipart body, one per field named after it (plus `step`). */
  fields: Record<string, string>;
  /** File parts: one part per file, named after its field. */
  files: { field: string; file: FileLike }[];
}

/** What the metadata part describes of each field (labels for e-mails and the stored row). */
export interface FieldDescriptor {
  name: string;
  label: string;
  type: string;
  step: number;
}

/**
 * The body of one POST /api/forms/{name}. A multi-step form sends the current step's fields and,
 * once the server has given one, the submission id; a single-step form sends every field.
 *
 * - formData: JSON of the cleaned non-file values. Files travel as their own parts, so the
 *   server takes them from the body (and checks them by content), never from this JSON.
 * - emailNotifications: the definition's list on the last step only, else null (the server
 *   uses its own copy of the definition; the field is part of the submission's wire format).
 * - step: the step index (our addition), so the server validates the same fields the browser did.
 */
export function submissionPayload(
  compiled: CompiledForm,
  step: number,
  values: FormValues,
  id?: string,
  opts: PayloadOptions = {},
): SubmissionPayload {
  const clean = cleanValues(compiled, values);
  const scope = fieldsInScope(compiled, compiled.multiStep ? step : undefined);
  const data: FormValues = {};
  const files: SubmissionPayload['files'] = [];
  for (const field of scope) {
    if (!(field.name in clean)) continue;
    if (field.type === 'file') {
      for (const file of clean[field.name] as FileLike[]) files.push({ field: field.name, file });
    } else {
      data[field.name] = clean[field.name];
    }
  }

  const last = !compiled.multiStep || isLastStep(compiled, step);
  const fields: Record<string, string> = {
    formData: JSON.stringify(data),
    name: compiled.name,
    step: String(step),
    emailNotifications: JSON.stringify(last ? (compiled.def.emailNotifications ?? null) : null),
    metadata: JSON.stringify({
      fields: compiled.fields.map(
        (f): FieldDescriptor => ({ name: f.name, label: f.label, type: f.type, step: f.step }),
      ),
      actions: compiled.def.actions ?? {},
      metadata: compiled.def.metadata ?? {},
    }),
  };
  if (id) fields.id = id;
  if (compiled.recaptcha && opts.recaptcha) fields[RECAPTCHA_FIELD] = opts.recaptchaToken ?? '';
  if (opts.totalPrice !== undefined) fields.totalPrice = JSON.stringify(opts.totalPrice);
  if (opts.summaryRows !== undefined) fields.summaryRows = JSON.stringify(opts.summaryRows);
  return { fields, files };
}

/** The payload as a FormData body for fetch (browser, or Node's global FormData in tests). */
export function toFormData(payload: SubmissionPayload): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(payload.fields)) body.append(name, value);
  for (const { field, file } of payload.files) {
    // Only real files can be uploaded; stored descriptors have no bytes to send.
    if (file instanceof Blob) body.append(field, file, file.name);
  }
  return body;
}
