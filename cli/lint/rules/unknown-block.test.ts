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
      {
        ruleId: 'unknown-block',
        file: 'pages/about.json',
        line: 6,
        column: 15,
        message: 'unknown block type "faq-lst" (did you mean "faq-list"?)',
      },
    ]);
  });

  it('a near name is suggested, with a certain fix that writes it over the typo', () => {
    const [typo] = fixtureFindings('unknown-block', { keys: ['endLine', 'endColumn', 'suggestions', 'fixes'] }).slice(
      1,
    );
    expect(typo).toEqual({
      endLine: 6,
      endColumn: 24,
      suggestions: ['faq-list'],
      fixes: [
        {
          description: 'Replace "faq-lst" with "faq-list"',
          file: 'pages/about.json',
          edits: [{ offset: expect.any(Number), length: 9, content: '"faq-list"' }],
          certain: true,
        },
      ],
    });
  });
});
