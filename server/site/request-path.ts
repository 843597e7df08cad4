/**
 * Turns a raw (percent-encoded) URL path into safe segments, or says why not. Anything that
 * could step outside dist/site is refused here: `.`/`..` segments (also percent-encoded),
 * encoded slashes or backslashes, NUL bytes, malformed escapes (400); hidden names such as
 * `.vite` are not found (404). Empty segments (`/a//b`, a trailing slash) ask for a redirect
 * to the canonical path.
 */
export type RequestPath =
  | { kind: 'ok'; segments: string[]; raw: string[] }
  | { kind: 'redirect'; location: string }
  | { kind: 'bad'; status: 400 | 404 };

export function parseRequestPath(rawPath: string, search = ''): RequestPath {
  if (!rawPath.startsWith('/')) return { kind: 'bad', status: 400 };
  const parts = rawPath.slice(1).split('/');
  const raw = parts.filter((p) => p !== '');
  const segments: string[] = [];
  for (const part of raw) {
    let s: string;
    try {
      s = decodeURIComponent(part);
    } catch {
      return { kind: 'bad', status: 400 };
    }
    if (s === '.' || s === '..' || /[\0/\\]/.test(s)) return { kind: 'bad', status: 400 };
    if (s.startsWith('.')) return { kind: 'bad', status: 404 };
    segments.push(s);
  }
  if (raw.length !== parts.length && rawPath !== '/')
    return { kind: 'redirect', location: `/${raw.join('/')}${search}` };
  return { kind: 'ok', segments, raw };
}
