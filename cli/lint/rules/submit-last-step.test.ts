/** submit-last-step against tests/fixtures/submit-last-step, with only the form rules running (each fixture also holds correct fields that must not be reported). */
import { describe, expect, it } from 'vitest';
import { FORM_RULES, fixtureFindings } from '../testing.ts';

describe('submit-last-step', () => {
  it('a submit action before the last step (the last step and single-step forms pass)', () => {
    expect(fixtureFindings('submit-last-step', { rules: FORM_RULES })).toEqual([
      {
        ruleId: 'submit-last-step',
        file: 'forms/design.json',
        line: 5,
        column: 75,
        message: 'step 1 of 3 has a submit action; only the last step submits',
        fix: 'use "next" on this step and put "submit" on the last one',
      },
    ]);
  });
});
