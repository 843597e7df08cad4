/** field-options against tests/fixtures/field-options, with only the form rules running (each fixture also holds correct fields that must not be reported). */
import { describe, expect, it } from 'vitest';
import { FORM_RULES, fixtureFindings } from '../testing.ts';

describe('field-options', () => {
  it('select, radio and checkbox-group (also inside a group) without options or dynamicOptions', () => {
    const fix = 'add "options": [{ "value": ..., "label": ... }] or "dynamicOptions"';
    expect(fixtureFindings('field-options', { rules: FORM_RULES })).toEqual([
      {
        ruleId: 'field-options',
        file: 'forms/contact.json',
        line: 5,
        column: 32,
        message: 'select field "topic" has no options and no dynamicOptions: there is nothing to choose',
        fix,
      },
      {
        ruleId: 'field-options',
        file: 'forms/contact.json',
        line: 6,
        column: 70,
        message: 'radio field "style" has an empty options list and no dynamicOptions: there is nothing to choose',
        fix,
      },
      {
        ruleId: 'field-options',
        file: 'forms/contact.json',
        line: 9,
        column: 81,
        message: 'checkbox-group field "finish" has no options and no dynamicOptions: there is nothing to choose',
        fix,
      },
    ]);
  });
});
