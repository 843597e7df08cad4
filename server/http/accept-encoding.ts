/** Content negotiation for compression (RFC 9110 Accept-Encoding). */
import { parseAccept } from 'hono/utils/accept';

/**
 * The candidate the client accepts most (q > 0; `*` stands for any not named), the earlier one on
 * a tie; none when it accepts none of them (no header, `identity`, q=0).
 */
export function acceptedEncoding<E extends string>(acceptEncoding: string | undefined, candidates: readonly E[]): E | undefined {
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
