/** Which form submissions subscribe someone, and with which address. */
import { isChecked, type CompiledForm, type FormValues } from '../../engine/node.ts';

/** The form the footer shows (site-config/forms/newsletter.json). */
const NEWSLETTER_FORM = 'newsletter';

/**
 * The address to subscribe: the first e-mail field's value, when the form is the newsletter form
 * or a "newsletter" checkbox of another form (e.g. register) is ticked. Values are validated.
 */
export function signupEmail(compiled: CompiledForm, values: FormValues): string | undefined {
  const optedIn =
    compiled.name === NEWSLETTER_FORM ||
    compiled.fields.some((f) => f.type === 'newsletter' && isChecked(values[f.name]));
  if (!optedIn) return undefined;
  const field = compiled.fields.find(
    (f) => f.type === 'email' && typeof values[f.name] === 'string' && (values[f.name] as string).trim() !== '',
  );
  return field ? (values[field.name] as string).trim() : undefined;
}
