/** A unified diff of two texts by lines (LCS), with `context` lines around each change. */
export function unifiedDiff(file: string, a: string, b: string, context = 2): string {
  const x = a.split('\n');
  const y = b.split('\n');
  // lcs[i][j]: length of the longest common subsequence of x[i..] and y[j..].
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  type Line = { op: ' ' | '-' | '+'; text: string; ai: number; bi: number };
  const lines: Line[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) lines.push({ op: ' ', text: x[i]!, ai: i++, bi: j++ });
    else if (i < x.length && (j >= y.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!))
      lines.push({ op: '-', text: x[i]!, ai: i++, bi: j });
    else lines.push({ op: '+', text: y[j]!, ai: i, bi: j++ });
  }
  // Ranges of `context` lines around each change, merged where they touch.
  const ranges: [number, number][] = [];
  lines.forEach((l, k) => {
    if (l.op === ' ') return;
    const [from, to] = [Math.max(0, k - context), Math.min(lines.length, k + context + 1)];
    const last = ranges.at(-1);
    if (last && from <= last[1]) last[1] = to;
    else ranges.push([from, to]);
  });
  const out = [`--- ${file}`, `+++ ${file}`];
  for (const [from, to] of ranges) {
    const hunk = lines.slice(from, to);
    const aLen = hunk.filter((l) => l.op !== '+').length;
    const bLen = hunk.filter((l) => l.op !== '-').length;
    out.push(`@@ -${hunk[0]!.ai + 1},${aLen} +${hunk[0]!.bi + 1},${bLen} @@`);
    for (const l of hunk) out.push(`${l.op}${l.text}`);
  }
  return out.join('\n');
}
