/** data-query against tests/fixtures/data-query (a malformed listing query). */
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../testing.ts';

describe('data-query', () => {
  it('reports a query over something that is not a list, and a select that is not a path, at the query; a mistyped key at itself, with the nearest key', () => {
    expect(
      fixtureFindings('data-query', { ruleId: 'data-query', keys: ['ruleId', 'file', 'line', 'column', 'message'] }),
    ).toEqual([
      {
        ruleId: 'data-query',
        file: 'pages/about.json',
        line: 8,
        column: 30,
        message: 'block "listing": "$query.from" must be a list, found object',
      },
      {
        ruleId: 'data-query',
        file: 'pages/about.json',
        line: 8,
        column: 30,
        message: 'block "listing": "$query.select.url" must be a dotted path such as "images.0"',
      },
      {
        ruleId: 'data-query',
        file: 'pages/about.json',
        line: 8,
        column: 125,
        message: 'block "listing": "$query" has an unknown key "limt" (did you mean "limit"?)',
      },
    ]);
  });

  it('the mistyped key gets a certain fix renaming it', () => {
    const found = fixtureFindings('data-query', { ruleId: 'data-query', keys: ['suggestions', 'fixes'] });
    expect(found[2]).toEqual({
      suggestions: ['limit'],
      fixes: [
        {
          description: 'Replace "limt" with "limit"',
          file: 'pages/about.json',
          edits: [{ offset: expect.any(Number), length: 6, content: '"limit"' }],
          certain: true,
        },
      ],
    });
  });
});
