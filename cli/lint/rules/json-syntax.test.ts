/** json-syntax against tests/fixtures/json-syntax. */
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../testing.ts';

describe('json-syntax', () => {
  it('the parser message at the line and column of the error', () => {
    expect(fixtureFindings('json-syntax')).toEqual([
      { ruleId: 'json-syntax', file: 'pages/about.json', line: 4, column: 57, message: 'Comma expected' },
    ]);
  });
});
