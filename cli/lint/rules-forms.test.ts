/**
 * The form rules against their broken fixtures (tests/fixtures/<rule-id>, each a copy of
 * tests/fixtures/valid with a forms/ folder): which rule fired, where, and what it says. Each
 * fixture also holds correct fields that must not be reported.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';
import type { Rule } from './rule.ts';
import duplicateField from './rules/duplicate-field.ts';
import fieldOptions from './rules/field-options.ts';
import formFieldRef from './rules/form-field-ref.ts';
import { rules } from './rules/index.ts';
import missingFile from './rules/missing-file.ts';
import submitLastStep from './rules/submit-last-step.ts';
import { lintSite } from './run.ts';

const FIXTURES = join(ROOT, 'tests', 'fixtures');
const FORM_RULES = [formFieldRef, duplicateField, fieldOptions, submitLastStep];
const findings = (fixture: string, only: Rule[]) =>
  lintSite(join(FIXTURES, fixture), { rules: only }).findings.map(({ ruleId, file, line, column, message, fix }) => ({ ruleId, file, line, column, message, ...(fix && { fix }) }));

describe('form lint rules', () => {
  it('are listed, each with a description, and are not fast rules', () => {
    const ids = rules.map((r) => r.meta.code);
    for (const rule of FORM_RULES) {
      expect(ids).toContain(rule.meta.code);
      expect(rule.meta.docs.description.length).toBeGreaterThan(10);
      expect(rule.fast).toBeFalsy();
    }
  });

  it('find nothing in the valid fixture', () => {
    expect(findings('valid', FORM_RULES)).toEqual([]);
  });

  it('form-field-ref: missing fields, a group named as a value, and cycles (direct, through dependsOn, through a group)', () => {
    expect(findings('form-field-ref', FORM_RULES)).toEqual([
      { ruleId: 'form-field-ref', file: 'forms/quote.json', line: 6, column: 66, message: 'field "budget": hideWhen names "projectTyp", which is not a field of this form' },
      { ruleId: 'form-field-ref', file: 'forms/quote.json', line: 7, column: 82, message: 'field "city": dependsOn names "state", which is not a field of this form' },
      { ruleId: 'form-field-ref', file: 'forms/quote.json', line: 8, column: 59, message: 'hideWhen and dependsOn form a cycle: field "a" -> field "b" -> field "a"' },
      {
        ruleId: 'form-field-ref',
        file: 'forms/quote.json',
        line: 13,
        column: 30,
        message: 'hideWhen and dependsOn form a cycle: group "address" -> field "street" -> group "address"',
      },
      { ruleId: 'form-field-ref', file: 'forms/quote.json', line: 16, column: 67, message: 'field "notes": hideWhen names group "address", which has no value of its own' },
      { ruleId: 'form-field-ref', file: 'forms/quote.json', line: 17, column: 62, message: 'hideWhen and dependsOn form a cycle: field "self" -> field "self"' },
    ]);
  });

  it('duplicate-field: the same name twice across steps and groups, naming where the first is', () => {
    const fix = 'give each field its own name';
    expect(findings('duplicate-field', FORM_RULES)).toEqual([
      { ruleId: 'duplicate-field', file: 'forms/design.json', line: 9, column: 104, message: 'field "email" is defined twice; the first is at forms/design.json:8:19', fix },
      { ruleId: 'duplicate-field', file: 'forms/design.json', line: 16, column: 19, message: 'field "width" is defined twice; the first is in step 1 at forms/design.json:9:65', fix },
      { ruleId: 'duplicate-field', file: 'forms/design.json', line: 17, column: 19, message: 'field "room": the name is already used by group "room" in step 1 at forms/design.json:9:19', fix },
    ]);
  });

  it('field-options: select, radio and checkbox-group (also inside a group) without options or dynamicOptions', () => {
    const fix = 'add "options": [{ "value": ..., "label": ... }] or "dynamicOptions"';
    expect(findings('field-options', FORM_RULES)).toEqual([
      { ruleId: 'field-options', file: 'forms/contact.json', line: 5, column: 32, message: 'select field "topic" has no options and no dynamicOptions: there is nothing to choose', fix },
      { ruleId: 'field-options', file: 'forms/contact.json', line: 6, column: 70, message: 'radio field "style" has an empty options list and no dynamicOptions: there is nothing to choose', fix },
      { ruleId: 'field-options', file: 'forms/contact.json', line: 9, column: 81, message: 'checkbox-group field "finish" has no options and no dynamicOptions: there is nothing to choose', fix },
    ]);
  });

  it('submit-last-step: a submit action before the last step (the last step and single-step forms pass)', () => {
    expect(findings('submit-last-step', FORM_RULES)).toEqual([
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

  it('missing-file: a form block naming a form file that does not exist (an existing one passes)', () => {
    expect(findings('form-block-missing', [missingFile])).toEqual([
      { ruleId: 'missing-file', file: 'pages/about.json', line: 5, column: 42, message: 'form "contact-us": file forms/contact-us.json does not exist', fix: 'joinery new form contact-us' },
    ]);
  });
});
