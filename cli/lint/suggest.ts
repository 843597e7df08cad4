/** "Did you mean": the known names nearest to an unknown one, by edit distance. */

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => [i, ...new Array<number>(cols - 1).fill(0)]);
  for (let j = 1; j < cols; j++) d[0]![j] = j;
  for (let i = 1; i < rows; i++)
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** A fix is certain when exactly one known name lies within this distance. */
export const CERTAIN_DISTANCE = 2;

/** How many edits a name may be off: a third of its length, at least the certain distance. */
export const maxDistance = (name: string) => Math.max(CERTAIN_DISTANCE, Math.floor(name.length / 3));

/**
 * Up to `limit` known names close enough to be what was meant: within `max` edits (by default a
 * third of the name's length, at least 2), nearest first, then alphabetical. Case differences
 * count as one edit each.
 */
export function nearestNames(
  name: string,
  known: Iterable<string>,
  limit = 3,
  max = maxDistance(name),
): { name: string; distance: number }[] {
  const scored: { name: string; distance: number }[] = [];
  for (const k of known) {
    if (k === name || Math.abs(k.length - name.length) > max) continue;
    const distance = editDistance(name, k);
    if (distance <= max) scored.push({ name: k, distance });
  }
  return scored.sort((x, y) => x.distance - y.distance || x.name.localeCompare(y.name)).slice(0, limit);
}

/** `(did you mean "a" or "b"?)`, or '' with no suggestion. */
export function didYouMeanText(names: string[]): string {
  if (!names.length) return '';
  const quoted = names.map((n) => `"${n}"`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
  return ` (did you mean ${list}?)`;
}
