/**
 * What is computed from one file's text alone, kept with the parsed file: an edit replaces the
 * file, so it is computed again, and an unchanged file's is reused by the next lint.
 */
import { isDataRef, parseDataRef, type JsonFile } from '../../engine/lint.ts';
import { forEachObjectIn } from './walk.ts';

const memos = new WeakMap<JsonFile, Map<string, unknown>>();

export function fileMemo<T>(file: JsonFile, key: string, compute: () => T): T {
  let m = memos.get(file);
  if (!m) {
    m = new Map();
    memos.set(file, m);
  }
  if (!m.has(key)) m.set(key, compute());
  return m.get(key) as T;
}

/** The file's `$data` references with their pointers, as findDataRefs finds them (from the shared walk). */
export const dataRefsOf = (file: JsonFile) =>
  fileMemo(file, 'data-refs', () => {
    const refs: { ref: string; pointer: string }[] = [];
    forEachObjectIn(file, (o, pointer) => {
      if (isDataRef(o)) refs.push({ ref: o.$data, pointer: pointer() });
    });
    return refs;
  });

/** The content files its `$data` references name (a malformed reference names none). */
export const refTargetsOf = (file: JsonFile): string[] =>
  fileMemo(file, 'ref-targets', () => {
    const out = new Set<string>();
    for (const { ref } of dataRefsOf(file))
      try {
        const target = parseDataRef(ref).file;
        if (target) out.add(target);
      } catch {
        // data-ref reports it
      }
    return [...out];
  });
