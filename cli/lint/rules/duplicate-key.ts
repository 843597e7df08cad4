/**
 * No object in a content file names the same key twice. JSON parsers keep the last one without a
 * word (so does the engine), so the first is dead text that looks like it counts.
 */
import { visit } from 'jsonc-parser';
import { positionAt } from '../../../engine/node.ts';
import { defineRule } from '../rule.ts';
import { escapeSegment } from '../walk.ts';

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
