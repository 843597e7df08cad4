/**
 * A built file as a response: content type, length, cache policy, a weak ETag with 304s, and
 * text compressed once and kept (compressed.ts) for clients that accept brotli or gzip.
 * Hashed /assets/* are immutable for a year; HTML and page data are revalidated every time so
 * a deploy shows at once; other files (images, robots.txt) are cached for an hour.
 */
import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';
import { compressible } from '../http/compression.ts';
import { compressedBody, preferredEncoding } from './compressed.ts';
import { contentType, SVG_CSP } from './mime.ts';
import type { SiteFile } from './site-build.ts';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
const CACHE_SHORT = 'public, max-age=3600';

function cacheControl(rel: string, status: number): string {
  if (status !== 200) return CACHE_REVALIDATE;
  if (rel.startsWith('assets/')) return CACHE_IMMUTABLE;
  if (rel.endsWith('.html') || rel.endsWith('.json')) return CACHE_REVALIDATE;
  return CACHE_SHORT;
}

const etagOf = (f: SiteFile) => `W/"${f.size.toString(16)}-${Math.floor(f.mtimeMs).toString(16)}"`;

/** `precompressed`: the build's brotli copy of the file (`<rel>.br`), if any. */
export async function sendFile(
  c: Context,
  rel: string,
  file: SiteFile,
  status: 200 | 404,
  precompressed?: SiteFile,
): Promise<Response> {
  const type = contentType(rel);
  const etag = etagOf(file);
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': cacheControl(rel, status),
    ETag: etag,
  };
  // Images and scripts may be embedded elsewhere (e-mails link product images); pages and data may not.
  if (!/^(text\/html|application\/json)/.test(type)) headers['Cross-Origin-Resource-Policy'] = 'cross-origin';
  // The page policy (security-headers.ts) does not replace this one.
  if (type === 'image/svg+xml') headers['Content-Security-Policy'] = SVG_CSP;
  const negotiated = compressible(type, file.size);
  // Caches keep the brotli, gzip and plain answers apart.
  if (negotiated) headers.Vary = 'Accept-Encoding';
  if (status === 200 && (c.req.header('if-none-match') ?? '').split(/\s*,\s*/).includes(etag)) {
    return c.body(null, 304, {
      ETag: etag,
      'Cache-Control': headers['Cache-Control']!,
      ...(headers.Vary && { Vary: headers.Vary }),
    });
  }
  headers['Content-Length'] = String(file.size);
  // c.body (not new Response) keeps headers set earlier by middleware, e.g. X-Request-Id.
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  const encoding = negotiated ? preferredEncoding(c.req.header('accept-encoding')) : undefined;
  let body: Buffer;
  try {
    body = encoding ? await compressedBody(file, encoding, precompressed) : await readFile(file.abs);
  } catch {
    // Deleted by a rebuild since start: the indexed file is gone.
    return c.text('Not found', 404);
  }
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  // The Buffer itself, not a copy (the cached bytes are never written to).
  return c.body(body as Uint8Array<ArrayBuffer>, status, headers);
}
