/** Headers a middleware adds to the answer after `await next()`. */
import type { Context } from 'hono';

/**
 * Sets a header on the response already made. Hono's c.header() copies a finished response to
 * do that, which under @hono/node-server turns its string body into a web stream written chunk
 * by chunk; the response's own headers are set in place instead (as hono/secure-headers does),
 * and c.header() is left for headers that cannot change (Response.redirect, a fetched response).
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  if (c.finalized) {
    try {
      c.res.headers.set(name, value);
      return;
    } catch {
      // immutable headers: c.header() answers with a copy
    }
  }
  c.header(name, value);
}
