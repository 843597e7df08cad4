/**
 * One POST /api/forms/{name} and what the form block makes of the answer: it reads
 * success, message and data.id; a 422 carries errors by field.
 */
export type SubmitOutcome =
  | { ok: true; id?: string }
  | { ok: false; network: false; status: number; message?: string; errors: Record<string, string> }
  | { ok: false; network: true };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

export async function postForm(
  url: string,
  body: FormData,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<SubmitOutcome> {
  let res: Response;
  try {
    res = await fetchImpl(url, { method: 'POST', body, headers: { accept: 'application/json' } });
  } catch {
    return { ok: false, network: true };
  }
  let json: Json = {};
  try {
    const parsed: unknown = await res.json();
    if (isObject(parsed)) json = parsed;
  } catch {
    // Not JSON (a proxy's error page): only the status says anything.
  }
  const data = isObject(json.data) ? json.data : {};
  const id = typeof data.id === 'string' || typeof data.id === 'number' ? String(data.id) : undefined;
  if (res.ok && json.success === true && !json.error) return { ok: true, ...(id && { id }) };
  const errors: Record<string, string> = {};
  if (isObject(json.errors))
    for (const [field, message] of Object.entries(json.errors))
      if (typeof message === 'string') errors[field] = message;
  const message = typeof json.message === 'string' && json.message.trim() ? json.message : undefined;
  return { ok: false, network: false, status: res.status, ...(message && { message }), errors };
}

/** The endpoint of a form: `{name}` in the template is replaced by the encoded form name. */
export function formEndpoint(template: string, name: string): string {
  return template.replaceAll('{name}', encodeURIComponent(name));
}
