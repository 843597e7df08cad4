/**
 * What a request to the editor API needs before it is handled. Any: no other origin (its
 * `Origin`, or `Sec-Fetch-Site` when the browser sends it; a request with neither is a plain
 * navigation or a tool on this machine). A write (any method but GET and HEAD): its own origin
 * in `Origin`, the body's type (JSON, or an image for an upload) and the page's token, so that a
 * "simple" cross-site form post or fetch cannot reach it.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER, TOKEN_META } from './client/api-token.ts';

const sameToken = (given: string, token: string) =>
  given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));

/** Why the request is refused (a 403's message), or undefined when it may go on. */
export function guardRefusal(req: IncomingMessage, token: string, body: 'json' | 'image'): string | undefined {
  const own = `http://${req.headers.host}`;
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if ((origin && origin !== own) || (site && site !== 'same-origin' && site !== 'none'))
    return `Refused: the editor API answers only the editor's own pages on ${own}, not ${origin ?? `a ${site} request`}.`;
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  if (!origin) return `Refused: a change to the site needs the Origin header of the editor's page (${own}).`;
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (body === 'json' && type !== 'application/json')
    return `Refused: send the documents as Content-Type: application/json${type ? `, not ${type}` : ''}.`;
  if (body === 'image' && !type.startsWith('image/'))
    return `Refused: send the image with its image Content-Type (image/png, image/svg+xml, ...)${type ? `, not ${type}` : ''}.`;
  const given = req.headers[TOKEN_HEADER];
  if (typeof given !== 'string' || !sameToken(given, token))
    return `Refused: a change to the site needs the editor's token in the ${TOKEN_HEADER} header (the editor page holds it in <meta name="${TOKEN_META}">).`;
  return undefined;
}
