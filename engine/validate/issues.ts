/** zod's issues as the field messages the API answers and the pages show (browser-safe). */

/** Key for an issue on the value itself rather than a field. */
export const ROOT_ERROR_KEY = '_root';

/** zod issues -> `{ "billing.zipCode": "ZIP/Postal code is required" }`, the first message per dotted path. */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.path.map(String).join('.') || ROOT_ERROR_KEY] ??= issue.message;
  return out;
}
