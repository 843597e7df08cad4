/**
 * No object in a content file names the same key twice. JSON parsers keep the last one without a
 * word (so does the engine), so the first is dead text that looks like it counts.
 */
import { visit } from 'jsonc-parser';
import { positionAt } from '../../../engine/lint.ts';
import { defineRule } from '../rule.ts';
import { escapeSegment } from '../walk.ts';

const BACKSLASH = 92;
const COLON = 58;
const SPACE = /\s/;

/** JSON's whitespace at once; any other \s (never valid JSON there) through the regular expression. */
const isSpace = (c: number) =>
  c === 32 ||
  c === 10 ||
  c === 13 ||
  c === 9 ||
  ((c === 11 || c === 12 || c > 127) && SPACE.test(String.fromCharCode(c)));

/** How many properties a valid JSON text writes: the strings followed by ':' (outside strings it has no quote). */
function keysInText(text: string): number {
  let n = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) {
    // The closing quote: the next one not escaped (preceded by an even number of backslashes).
    let end = text.indexOf('"', i + 1);
    for (;;) {
      if (end === -1) return n; // unterminated: not JSON
      let b = end - 1;
      while (text.charCodeAt(b) === BACKSLASH) b--;
      if ((end - 1 - b) % 2 === 0) break;
      end = text.indexOf('"', end + 1);
    }
    i = end + 1;
    while (isSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === COLON) n++;
  }
  return n;
}

/** How many properties the parsed value holds: fewer than the text writes when a key repeats. */
function keysInValue(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + keysInValue(v), 0);
  if (!value || typeof value !== 'object') return 0;
  let n = 0;
  for (const v of Object.values(value)) n += 1 + keysInValue(v);
  return n;
}

export default defineRule({
  meta: {
    code: 'duplicate-key',
    name: 'Duplicate key',
    severity: 'error',
    docs: {
      description: 'No object in a content file has the same key twice (the last one would silently win).',
      url: 'docs/rules/duplicate-key.md',
    },
  },
  checkFile(ctx, file) {
    if (file.value === undefined) return; // a syntax error is json-syntax's
    if (keysInText(file.text) === keysInValue(file.value)) return; // no key was dropped by the parse
    // Per open object: each key's first offset.
    const open: Map<string, number>[] = [];
    visit(
      file.text,
      {
        onObjectBegin: () => {
          open.push(new Map());
        },
        onObjectEnd: () => {
          open.pop();
        },
        onObjectProperty: (key, offset, length, _line, _col, path) => {
          const seen = open.at(-1)!;
          const first = seen.get(key);
          if (first === undefined) {
            seen.set(key, offset);
            return;
          }
          const was = positionAt(file, first);
          ctx.report({
            file: file.rel,
            pointer: [...path(), key].map((s) => `/${escapeSegment(String(s))}`).join(''),
            message: `duplicate key "${key}" (first at line ${was.line}, column ${was.column}; this one wins)`,
            position: positionAt(file, offset),
            end: positionAt(file, offset + length),
          });
        },
      },
      { disallowComments: true },
    );
  },
});
