/** unknown-block against tests/fixtures/unknown-block. */
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../testing.ts';

describe('unknown-block', () => {
  it('a block type that is not registered, with the scaffold command', () => {
    expect(fixtureFindings('unknown-block')).toEqual([
      {
        ruleId: 'unknown-block',
        file: 'pages/about.json',
        line: 5,
        column: 15,
        message: 'unknown block type "carousel"',
        fix: 'joinery new block carousel',
      },
    ]);
  });
});
