/**
 * gzip or deflate for text over 1 kB when the client asks (hono/compress: pages, scripts,
 * styles, larger JSON). It adds `Vary: Accept-Encoding` after the handler answered; that header
 * is set on the response in place (setResponseHeader) rather than by c.header(), which would copy
 * every compressible answer, asked for compression or not, through a web stream.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { setResponseHeader } from './response-header.ts';

export function compressText(): MiddlewareHandler {
  const inner = compress();
  return (c, next) => inner(inPlaceHeaders(c), next);
}

/** The context as compress sees it: the same one, with c.header() setting headers in place. */
function inPlaceHeaders(c: Context): Context {
  const header = ((name: string, value?: string, o?: { append?: boolean }) => {
    if (value === undefined || o?.append) c.header(name, value, o);
    else setResponseHeader(c, name, value);
  }) as Context['header'];
  // The context keeps its state in private fields: its getters and setters must run on it, not on the proxy.
  return new Proxy(c, {
    get: (target, key) => (key === 'header' ? header : Reflect.get(target, key, target)),
    set: (target, key, value) => Reflect.set(target, key, value, target),
  });
}
