import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionExtents, longFunctions } from './function-length.ts';

const ROOT = join(import.meta.dirname, '../..');
/** Longer than this, a function is more than a reader can hold: split it into named steps. */
const LIMIT = 120;

describe('function length', () => {
  it('counts a function from its leading comment to its closing brace', () => {
    const text = ['const a = 1;', '', '/**', ' * Doc.', ' */', 'export const f = () => {', '  return 1;', '};'].join(
      '\n',
    );
    expect(functionExtents('x.ts', text)).toEqual([{ file: 'x.ts', name: 'f', line: 3, lines: 6 }]);
  });

  it(`no function outside the tests is longer than ${LIMIT} lines`, () => {
    const long = longFunctions(ROOT, LIMIT).map((f) => `${f.file}:${f.line} ${f.name}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });
});
