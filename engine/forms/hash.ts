/**
 * A stable fingerprint of a form definition. Saved progress and stored submissions carry it, so
 * progress saved against an older definition is dropped. It is the SHA-256 of the definition's
 * canonical JSON, computed on Node only: by the build, which puts it in the form block's props
 * (blocks/form/resolve.ts), and by the server. `#form-hash` (package.json "imports") is
 * hash-node.ts there and hash-browser.ts in the browser bundle, so no SHA-256 code ships.
 */

/** JSON with object keys sorted at every level; `$schema` is left out (it is editor plumbing). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, true));
}

function sortKeys(value: unknown, top = false): unknown {
  if (Array.isArray(value)) return value.map((item) => sortKeys(item));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    if (top && key === '$schema') continue;
    out[key] = sortKeys((value as Record<string, unknown>)[key]);
  }
  return out;
}
