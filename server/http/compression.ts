/**
 * Compression, one rule for the site's files, the build's copies and the API's answers: which
 * answers are worth it, and which encoding the client takes (RFC 9110 Accept-Encoding).
 */
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** Below this, compression saves less than it costs (hono/compress's threshold). */
export const MIN_COMPRESS_BYTES = 1024;

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
