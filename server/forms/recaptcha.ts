/**
 * Server-side reCAPTCHA check: the token is POSTed form-encoded with the secret to the verify URL
 * (Google's siteverify wire format) and only `"success": true` passes. The URL is configurable so
 * tests run a local stand-in speaking the same format.
 */

export class RecaptchaUnavailableError extends Error {
  override name = 'RecaptchaUnavailableError';
}

export interface RecaptchaCheck {
  secret: string;
  verifyUrl: string;
  token: string;
  remoteIp?: string;
  timeoutMs?: number;
}

/** true when the service accepts the token; throws RecaptchaUnavailableError when it cannot be asked. */
export async function verifyRecaptcha(o: RecaptchaCheck): Promise<boolean> {
  const body = new URLSearchParams({ secret: o.secret, response: o.token });
  if (o.remoteIp) body.set('remoteip', o.remoteIp);
  let res: Response;
  try {
    res = await fetch(o.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(o.timeoutMs ?? 10_000) });
  } catch (e) {
    throw new RecaptchaUnavailableError(`reCAPTCHA verify request failed: ${(e as Error).message}`);
  }
  if (!res.ok) throw new RecaptchaUnavailableError(`reCAPTCHA verify answered HTTP ${res.status}`);
  try {
    const json = (await res.json()) as { success?: unknown };
    return json.success === true;
  } catch {
    throw new RecaptchaUnavailableError('reCAPTCHA verify answered with malformed JSON');
  }
}
