/** The address a request came from, for the rate limits (forms, orders, payments) and the stored submission. */
import type { Context } from 'hono';

/**
 * The socket's remote address (@hono/node-server puts the Node request in c.env.incoming).
 * Behind a reverse proxy (trustProxy) it is the last X-Forwarded-For entry, the one the proxy
 * added itself; earlier entries are whatever the client wrote. In-process requests (tests) have
 * no socket: "unknown".
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (forwarded?.length) return forwarded[forwarded.length - 1]!;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
