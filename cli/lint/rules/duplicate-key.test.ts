/** duplicate-key against tests/fixtures/duplicate-key. */
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../testing.ts';

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
});
