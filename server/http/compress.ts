/**
 * Text answers of 1 kB or more (API JSON, error pages) sent gzip- or deflate-compressed when the
 * client asks, with `Vary: Accept-Encoding`. The site's files come compressed already
 * (server/site/send-file.ts sets Content-Encoding) and are left alone.
 *
 * The answers here are small and complete in memory: each is compressed in one zlib call, not
 * through hono/compress's CompressionStream, which cost ~140 µs of CPU for a 2 kB order answer
 * (a checkout has three such answers; in-process, an order request took 1.11 ms of CPU without
 * compression, 1.39 ms with it) and, since c.json() sets no Content-Length, compressed 90-byte
 * answers too, making them larger.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deflateSync, gzipSync } from 'node:zlib';
import { acceptedEncoding, compressible as compressibleText, MIN_COMPRESS_BYTES } from './compression.ts';
import { setResponseHeader } from './response-header.ts';

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Whether the answer may be compressed, from its status and headers only: reading `res.body` would
 * turn @hono/node-server's buffered answer into a web stream, costing every answer (a site file,
 * an answer to a client that takes no compression) ~80 µs of CPU.
 */
function compressible(c: Context): boolean {
  const res = c.res;
  if (
    c.req.method === 'HEAD' ||
    res.status === 204 ||
    res.status === 206 ||
    res.status === 304 ||
    res.headers.has('Content-Encoding') ||
    res.headers.has('Transfer-Encoding')
  )
    return false;
  if (NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return false;
  // Without a Content-Length (c.json sets none) the size is checked once the body is read.
  const length = res.headers.get('Content-Length');
  return compressibleText(res.headers.get('Content-Type') ?? '', length === null ? MIN_COMPRESS_BYTES : Number(length));
}

export function compressText(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!compressible(c)) return;
    const res = c.res;
    // The answer depends on the header whatever its size (known only once read); set in place.
    const vary = res.headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
      setResponseHeader(c, 'Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'), ['gzip', 'deflate'] as const);
    if (!encoding) return;
    const body = new Uint8Array(await res.arrayBuffer());
    // Replaced, not assigned over: Hono would copy the old answer's headers (its length) onto the new one.
    c.res = undefined;
    if (body.length < MIN_COMPRESS_BYTES) {
      c.res = new Response(body.length ? body : null, res);
      return;
    }
    const out = encoding === 'gzip' ? gzipSync(body) : deflateSync(body);
    c.res = new Response(out, res);
    setResponseHeader(c, 'Content-Encoding', encoding);
    setResponseHeader(c, 'Content-Length', String(out.length));
    const etag = res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) setResponseHeader(c, 'ETag', `W/${etag}`);
  };
}
