/**
 * Content files read on demand and kept until they change on disk (mtime and size), so an author
 * editing a form or site.json under `joinery start` or the dev server needs no restart.
 */
import { readFileSync, statSync } from 'node:fs';

/** `read(file)`: the parsed value, or undefined when the file does not exist. `parse` may throw. */
export function fileCache<T>(parse: (text: string, file: string) => T): (file: string) => T | undefined {
  const cache = new Map<string, { stamp: string; value: T }>();
  return (file) => {
    let stamp: string;
    try {
      const st = statSync(file);
      if (!st.isFile()) return undefined;
      stamp = `${st.mtimeMs}:${st.size}`;
    } catch {
      cache.delete(file);
      return undefined;
    }
    const hit = cache.get(file);
    if (hit?.stamp === stamp) return hit.value;
    const value = parse(readFileSync(file, 'utf8'), file);
    cache.set(file, { stamp, value });
    return value;
  };
}
