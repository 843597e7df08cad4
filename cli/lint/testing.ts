/**
 * Test helper for the rule tests beside each rule: a fixture site's findings (tests/fixtures/<name>,
 * each a copy of tests/fixtures/valid broken one way), reduced to the fields a test compares.
 */
import { isAbsolute, join } from 'node:path';
import type { Finding } from '../../engine/node.ts';
import { ROOT } from '../paths.ts';
import duplicateField from './rules/duplicate-field.ts';
import fieldOptions from './rules/field-options.ts';
import formFieldRef from './rules/form-field-ref.ts';
import submitLastStep from './rules/submit-last-step.ts';
import { lintSite, type LintOptions } from './run.ts';

const FIXTURES = join(ROOT, 'tests', 'fixtures');

/** The form rules: their fixtures run only these (a form fixture has no pages worth the others). */
export const FORM_RULES = [formFieldRef, duplicateField, fieldOptions, submitLastStep];

const DEFAULT_KEYS = ['ruleId', 'file', 'line', 'column', 'message', 'fix'] as const;

export interface FixtureOptions extends LintOptions {
  /** Only this rule's findings (a fixture may trip rules added later; those are not the test's). */
  ruleId?: string;
  /** The fields kept (default: rule, file, line, column, message and fix when there is one). */
  keys?: readonly (keyof Finding)[];
}

/** `fixture`: a folder name under tests/fixtures, or an absolute path (the shipped site-config). */
export function fixtureFindings(fixture: string, o: FixtureOptions = {}): Partial<Finding>[] {
  const keys = o.keys ?? DEFAULT_KEYS;
  return lintSite(isAbsolute(fixture) ? fixture : join(FIXTURES, fixture), o)
    .findings.filter((f) => o.ruleId === undefined || f.ruleId === o.ruleId)
    .map((f) => Object.fromEntries(keys.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])));
}
