/** RFC 6901 JSON Pointer helpers. */

export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  // Only the URI-fragment form ("#/a%20b") is percent-encoded; a plain pointer is taken as is.
  const fragment = pointer.startsWith('#');
  const p = fragment ? pointer.slice(1) : pointer;
  if (!p.startsWith('/')) throw new Error(`Invalid JSON Pointer "${pointer}"`);
  return p
    .slice(1)
    .split('/')
    .map((s) => (fragment ? safeDecode(s) : s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function formatPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Returns the value at the pointer, or undefined when any step is missing. */
export function getAtPointer(value: unknown, segments: readonly string[]): unknown {
  let cur: unknown = value;
  for (const seg of segments) {
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg)) return undefined;
      cur = cur[Number(seg)];
    } else if (cur !== null && typeof cur === 'object' && Object.hasOwn(cur, seg)) {
      cur = (cur as Record<string, unknown>)[seg];
    } else {
      return undefined;
    }
  }
  return cur;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
