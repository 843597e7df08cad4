/** POST {endpoint}/unsubscribe or /subscribe with the token: `{ success, message, data: { status } }`. */
export interface ToggleResult {
  ok: boolean;
  /** The subscription's state after the call, as the server reports it ('pending': waiting for its confirmation link). */
  status?: 'subscribed' | 'unsubscribed' | 'pending';
}

export async function toggleSubscription(
  endpoint: string,
  action: 'unsubscribe' | 'subscribe',
  token: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<ToggleResult> {
  if (!token) return { ok: false };
  try {
    const res = await fetchImpl(`${endpoint.replace(/\/+$/, '')}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
    const body = (await res.json().catch(() => ({}))) as { success?: unknown; data?: { status?: unknown } };
    if (!res.ok || body.success !== true) return { ok: false };
    const status = body.data?.status;
    const known = status === 'subscribed' || status === 'unsubscribed' || status === 'pending';
    return { ok: true, ...(known && { status }) };
  } catch {
    return { ok: false };
  }
}
