/** POST {endpoint}/confirm with the token: `{ success, message, data: { status, alreadyConfirmed } }`. */
export type ConfirmOutcome = 'confirmed' | 'already' | 'invalid' | 'error';

export async function confirmSubscription(
  endpoint: string,
  token: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<ConfirmOutcome> {
  if (!token) return 'invalid';
  try {
    const res = await fetchImpl(`${endpoint.replace(/\/+$/, '')}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
    // 4xx: the link is unknown, expired or malformed; anything else unexpected is worth a retry.
    if (res.status >= 400 && res.status < 500 && res.status !== 429) return 'invalid';
    const body = (await res.json().catch(() => ({}))) as { success?: unknown; data?: { alreadyConfirmed?: unknown } };
    if (!res.ok || body.success !== true) return 'error';
    return body.data?.alreadyConfirmed === true ? 'already' : 'confirmed';
  } catch {
    return 'error';
  }
}
