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
  return (c, next) => inner(new Proxy(c, IN_PLACE_HEADERS), next);
}

/**
 * The context as compress sees it: the same one, with c.header() setting headers in place. The
 * context keeps its state in private fields: its getters and setters must run on it, not on the proxy.
 */
const IN_PLACE_HEADERS: ProxyHandler<Context> = {
  get: (c, key) =>
    key !== 'header'
      ? Reflect.get(c, key, c)
      : (name: string, value?: string, o?: { append?: boolean }) => (value === undefined || o?.append ? c.header(name, value, o) : setResponseHeader(c, name, value)),
  set: (c, key, value) => Reflect.set(c, key, value, c),
};
