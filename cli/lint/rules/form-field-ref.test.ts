/** form-field-ref against tests/fixtures/form-field-ref, with only the form rules running (each fixture also holds correct fields that must not be reported). */
import { describe, expect, it } from 'vitest';
import { FORM_RULES, fixtureFindings } from '../testing.ts';

describe('form-field-ref', () => {
  it('missing fields, a group named as a value, and cycles (direct, through dependsOn, through a group)', () => {
    expect(fixtureFindings('form-field-ref', { rules: FORM_RULES })).toEqual([
      {
        ruleId: 'form-field-ref',
        file: 'forms/quote.json',
        line: 6,
        column: 66,
        message:
          'field "budget": hideWhen names "projectTyp", which is not a field of this form (did you mean "projectType"?)',
      },
      {
        ruleId: 'form-field-ref',
        file: 'forms/quote.json',
        line: 7,
        column: 82,
        message: 'field "city": dependsOn names "state", which is not a field of this form',
      },
      {
        ruleId: 'form-field-ref',
        file: 'forms/quote.json',
        line: 8,
        column: 59,
        message: 'hideWhen and dependsOn form a cycle: field "a" -> field "b" -> field "a"',
      },
      {
        ruleId: 'form-field-ref',
        file: 'forms/quote.json',
        line: 13,
        column: 30,
        message: 'hideWhen and dependsOn form a cycle: group "address" -> field "street" -> group "address"',
      },
      {
        ruleId: 'form-field-ref',
        file: 'forms/quote.json',
        line: 16,
        column: 67,
        message: 'field "notes": hideWhen names group "address", which has no value of its own',
      },
      {
        ruleId: 'form-field-ref',
        file: 'forms/quote.json',
        line: 17,
        column: 62,
        message: 'hideWhen and dependsOn form a cycle: field "self" -> field "self"',
      },
    ]);
  });

  it('a misspelled field name gets the nearest field and a certain fix; a name far from every field gets none', () => {
    const [typo, far] = fixtureFindings('form-field-ref', { rules: FORM_RULES, keys: ['suggestions', 'fixes'] });
    expect(typo).toEqual({
      suggestions: ['projectType'],
      fixes: [
        {
          description: 'Replace "projectTyp" with "projectType"',
          file: 'forms/quote.json',
          edits: [{ offset: expect.any(Number), length: 12, content: '"projectType"' }],
          certain: true,
        },
      ],
    });
    expect(far).toEqual({});
  });
});
