/**
 * Compression, one rule for the site's files, the build's copies and the API's answers: which
 * answers are worth it, and which encoding the client takes (RFC 9110 Accept-Encoding); and
 * `compressText`, the middleware that compresses the API's text answers.
 *
 * Text answers of 1 kB or more (API JSON, error pages) are sent gzip- or deflate-compressed when
 * the client asks, with `Vary: Accept-Encoding`. The site's files come compressed already
 * (server/site/send-file.ts sets Content-Encoding) and are left alone.
 *
 * The answers here are small and complete in memory: each is compressed in one zlib call, not
 * through hono/compress's CompressionStream, which cost ~140 µs of CPU for a 2 kB order answer
 * (a checkout has three such answers; in-process, an order request took 1.11 ms of CPU without
 * compression, 1.39 ms with it) and, since c.json() sets no Content-Length, compressed 90-byte
 * answers too, making them larger.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { deflateSync, gzipSync } from 'node:zlib';
import { setResponseHeader } from './response-header.ts';

/** Below this, compression saves less than it costs (hono/compress's threshold). */
const MIN_COMPRESS_BYTES = 1024;

/** Whether text of this type and size is sent compressed to a client that accepts it. */
export const compressible = (type: string, size: number) =>
  size >= MIN_COMPRESS_BYTES && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);

/**
 * The candidate the client accepts most (q > 0; `*` stands for any not named), the earlier one on
 * a tie; none when it accepts none of them (no header, `identity`, q=0).
 */
export function acceptedEncoding<E extends string>(
  acceptEncoding: string | undefined,
  candidates: readonly E[],
): E | undefined {
  if (!acceptEncoding) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const any = accepts.find((a) => a.type === '*')?.q ?? 0;
  let best: E | undefined;
  let bestQ = 0;
  for (const e of candidates) {
    const q = accepts.find((a) => a.type.toLowerCase() === e)?.q ?? any;
    if (q > bestQ) [best, bestQ] = [e, q];
  }
  return best;
}

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Whether the answer may be compressed, from its status and headers only: reading `res.body` would
 * turn @hono/node-server's buffered answer into a web stream, costing every answer (a site file,
 * an answer to a client that takes no compression) ~80 µs of CPU.
 */
function answerCompressible(c: Context): boolean {
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
  return compressible(res.headers.get('Content-Type') ?? '', length === null ? MIN_COMPRESS_BYTES : Number(length));
}

export function compressText(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!answerCompressible(c)) return;
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
