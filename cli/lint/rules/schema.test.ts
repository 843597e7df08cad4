/** schema against tests/fixtures/schema. */
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../testing.ts';

describe('schema', () => {
  it("a block prop outside the block's schema", () => {
    expect(fixtureFindings('schema')).toEqual([
      {
        ruleId: 'schema',
        file: 'pages/about.json',
        line: 4,
        column: 67,
        message: 'block "heading": "props/level" must be one of 1, 2, 3',
      },
    ]);
  });
});
