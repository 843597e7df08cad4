/**
 * Built text files (pages, page data, scripts, styles, SVG) sent compressed, each compressed
 * once: brotli where the browser takes it (smaller than gzip), gzip otherwise. The compressed
 * bytes are kept in memory by file, modification time and encoding (64 MiB at most, the least
 * recently used dropped first), so a page view costs no compression work; the compressing
 * itself runs on libuv's thread pool, not the event loop. Compressing every answer again
 * (hono/compress) cost ~1.5 ms of CPU per request. Where the build wrote a brotli copy at the
 * highest quality (`<file>.br`, cli/build/precompress.ts), brotli answers send that instead.
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { acceptedEncoding } from '../http/compression.ts';
import type { SiteFile } from './site-build.ts';

export type Encoding = 'br' | 'gzip';

/** brotli when accepted at least as much as gzip, then gzip; none when neither is (q=0, or no header). */
export const preferredEncoding = (acceptEncoding: string | undefined): Encoding | undefined =>
  acceptedEncoding(acceptEncoding, ['br', 'gzip'] as const);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? // Quality 5: about gzip's speed and ~6-10% smaller; 11 took ~0.3 s for the largest script.
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipped(body, { level: 6 });
}

const cache = new LRUCache<string, Buffer, { file: SiteFile; encoding: Encoding; precompressed?: SiteFile }>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (b) => b.length || 1,
  // One compression for requests that arrive while it runs (fetch shares the pending promise).
  fetchMethod: async (_key, _stale, { context: { file, encoding, precompressed } }) =>
    encoding === 'br' && precompressed && precompressed.mtimeMs >= file.mtimeMs
      ? readFile(precompressed.abs)
      : compress(await readFile(file.abs), encoding),
});

/**
 * The file's bytes compressed (`precompressed`: the build's brotli copy of it, used when at least
 * as new); rejects when the file cannot be read (deleted by a rebuild since start).
 */
export async function compressedBody(file: SiteFile, encoding: Encoding, precompressed?: SiteFile): Promise<Buffer> {
  const body = await cache.fetch(`${encoding}\0${file.abs}\0${file.mtimeMs}\0${file.size}`, {
    context: { file, encoding, precompressed },
  });
  if (!body) throw new Error(`${file.abs}: not compressed`);
  return body;
}
