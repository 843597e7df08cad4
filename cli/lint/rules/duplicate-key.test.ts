/** duplicate-key against tests/fixtures/duplicate-key. */
import { describe, expect, it } from 'vitest';
import { baseSite, memorySite } from '../../../engine/testing/memory-site.ts';
import { lintLoadedSite } from '../run.ts';
import { fixtureFindings } from '../testing.ts';
import duplicateKey from './duplicate-key.ts';

const duplicates = (text: string) =>
  lintLoadedSite(memorySite({ ...baseSite, 'pages/x.json': text }), { rules: [duplicateKey] }).findings.map(
    (f) => `${f.pointer} ${f.line}:${f.column}`,
  );

describe('duplicate-key', () => {
  it('the second of two equal keys in one object, naming where the first is, in any content file', () => {
    expect(
      fixtureFindings('duplicate-key', { keys: ['ruleId', 'file', 'line', 'column', 'endColumn', 'message'] }),
    ).toEqual([
      {
        ruleId: 'duplicate-key',
        file: 'pages/about.json',
        line: 4,
        column: 82,
        endColumn: 89,
        message: 'duplicate key "title" (first at line 4, column 37; this one wins)',
      },
      {
        ruleId: 'duplicate-key',
        file: 'site.json',
        line: 6,
        column: 3,
        endColumn: 9,
        message: 'duplicate key "name" (first at line 3, column 3; this one wins)',
      },
    ]);
  });

  it('equal keys in different objects are fine', () => {
    // Every block of the valid fixture has "type" and "props", every route "path" and "page".
    expect(fixtureFindings('valid', { ruleId: 'duplicate-key' })).toEqual([]);
  });

  it('strings that look like keys (escaped quotes, colons) neither hide a duplicate nor make one', () => {
    expect(duplicates('{"a": "x\\":", "b": {"c\\"": 1, "d": "\\\\"}, "e": [":"]}')).toEqual([]);
    expect(duplicates('{"a": "x\\":", "b": {"c\\"": 1, "c\\"" : 2}}')).toEqual(['/b/c" 1:31']);
    expect(duplicates('{"__proto__": 1, "__proto__": 2}')).toEqual(['/__proto__ 1:18']);
    // A key ending in an escaped backslash, and JSON's whitespace between a key and its colon.
    expect(duplicates('{"k\\\\": 1, "k\\\\"\t\r\n : 2, "v": "\\\\\\"\\\\"}')).toEqual(['/k\\ 1:12']);
  });
});
