/**
 * Writes a changed value back into its JSON text with jsonc-parser edits, one per changed value:
 * key order, formatting and comments stay as they were, so a diff shows only what changed.
 * Arrays are matched element by element (equal elements anchor), so a moved, added or removed
 * block is one removal or insertion, and an edited one is edited in place.
 */
import { applyEdits, modify, type FormattingOptions, type JSONPath } from 'jsonc-parser';

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && deepEqual(a[k], b[k]));
}

/** The text's indentation (the first indented line's), for the values the edits insert. */
function formattingOf(text: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return indent.startsWith('\t')
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

/** Index pairs of the longest common subsequence of equal elements. */
function anchors(a: Json[], b: Json[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const len: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      len[i]![j] = deepEqual(a[i], b[j]) ? len[i + 1]![j + 1]! + 1 : Math.max(len[i + 1]![j]!, len[i]![j + 1]!);
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (deepEqual(a[i], b[j])) out.push([i++, j++]);
    else if (len[i + 1]![j]! >= len[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

class Writer {
  constructor(
    public text: string,
    private readonly fmt: FormattingOptions,
  ) {}

  set(path: JSONPath, value: Json, insert = false) {
    const edits = modify(this.text, path, value, { formattingOptions: this.fmt, isArrayInsertion: insert });
    this.text = applyEdits(this.text, edits);
  }

  diff(path: JSONPath, a: Json, b: Json) {
    if (deepEqual(a, b)) return;
    if (Array.isArray(a) && Array.isArray(b)) this.diffArray(path, a, b);
    else if (isObject(a) && isObject(b)) {
      for (const k of Object.keys(a)) if (!(k in b)) this.set([...path, k], undefined);
      for (const [k, v] of Object.entries(b)) {
        if (k in a) this.diff([...path, k], a[k], v);
        else this.set([...path, k], v);
      }
    } else this.set(path, b);
  }

  /** Gaps between anchors from the last to the first, so the indices before a gap stay valid. */
  private diffArray(path: JSONPath, a: Json[], b: Json[]) {
    const pairs = [[-1, -1] as [number, number], ...anchors(a, b), [a.length, b.length] as [number, number]];
    for (let p = pairs.length - 1; p > 0; p--) {
      const [oa, na] = [pairs[p - 1]![0] + 1, pairs[p - 1]![1] + 1];
      const [ob, nb] = pairs[p]!;
      const common = Math.min(ob - oa, nb - na);
      for (let k = 0; k < common; k++) this.diff([...path, oa + k], a[oa + k], b[na + k]);
      for (let k = ob - 1; k >= oa + common; k--) this.set([...path, k], undefined);
      for (let k = common; k < nb - na; k++) this.set([...path, oa + k], b[na + k], true);
    }
  }
}

/** `text` with its value changed to `next` (`current` is the text's parsed value). */
export function editJsonText(text: string, current: Json, next: Json): string {
  const w = new Writer(text, formattingOf(text));
  w.diff([], current, next);
  return w.text;
}
