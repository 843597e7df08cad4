/** schema against tests/fixtures/schema. */
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../testing.ts';

describe('schema', () => {
  it("a block prop outside the block's schema; unknown props and properties with the nearest allowed name", () => {
    expect(fixtureFindings('schema')).toEqual([
      {
        ruleId: 'schema',
        file: 'pages/about.json',
        line: 4,
        column: 67,
        message: 'block "heading": "props/level" must be one of 1, 2, 3',
      },
      // A misspelled required prop is one mistake: no separate "missing faqs".
      {
        ruleId: 'schema',
        file: 'pages/about.json',
        line: 5,
        column: 38,
        message: 'block "faq-list": unknown prop "faq" (did you mean "faqs"?)',
      },
      // "title" is there already: renaming to it would only write it twice.
      {
        ruleId: 'schema',
        file: 'pages/about.json',
        line: 6,
        column: 54,
        message: 'block "heading": unknown prop "titel"',
      },
      {
        ruleId: 'schema',
        file: 'site.json',
        line: 5,
        column: 3,
        message: 'the document has unknown property "curency" (did you mean "currency"?)',
      },
    ]);
  });

  it('the fix renames the key in place, certain with one near name', () => {
    const found = fixtureFindings('schema', { keys: ['pointer', 'suggestions', 'fixes'] });
    expect(found[1]).toEqual({
      pointer: '/blocks/1/props/faq',
      suggestions: ['faqs'],
      fixes: [
        {
          description: 'Replace "faq" with "faqs"',
          file: 'pages/about.json',
          edits: [{ offset: expect.any(Number), length: 5, content: '"faqs"' }],
          certain: true,
        },
      ],
    });
    expect(found[2]).toEqual({ pointer: '/blocks/2/props/titel' });
    expect(found[3]).toMatchObject({ suggestions: ['currency'], fixes: [{ file: 'site.json', certain: true }] });
  });
});
