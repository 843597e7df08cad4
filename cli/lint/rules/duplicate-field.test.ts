/** duplicate-field against tests/fixtures/duplicate-field, with only the form rules running (each fixture also holds correct fields that must not be reported). */
import { describe, expect, it } from 'vitest';
import { FORM_RULES, fixtureFindings } from '../testing.ts';

describe('duplicate-field', () => {
  it('the same name twice across steps and groups, naming where the first is', () => {
    const fix = 'give each field its own name';
    expect(fixtureFindings('duplicate-field', { rules: FORM_RULES })).toEqual([
      {
        ruleId: 'duplicate-field',
        file: 'forms/design.json',
        line: 9,
        column: 104,
        message: 'field "email" is defined twice; the first is at forms/design.json:8:19',
        fix,
      },
      {
        ruleId: 'duplicate-field',
        file: 'forms/design.json',
        line: 16,
        column: 19,
        message: 'field "width" is defined twice; the first is in step 1 at forms/design.json:9:65',
        fix,
      },
      {
        ruleId: 'duplicate-field',
        file: 'forms/design.json',
        line: 17,
        column: 19,
        message: 'field "room": the name is already used by group "room" in step 1 at forms/design.json:9:19',
        fix,
      },
    ]);
  });
});
