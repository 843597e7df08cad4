import { describe, expect, it } from 'vitest';
import { compileForm, FormDefinitionError, fieldsInScope, isLastStep } from './compile.ts';
import { formHash } from './hash-node.ts';
import { contactForm, designForm } from './test-fixtures.ts';

describe('compileForm', () => {
  it('flattens steps and groups into value fields, with per-step lists', () => {
    const c = compileForm(designForm);
    expect(c.multiStep).toBe(true);
    expect(c.fields.map((f) => f.name)).toEqual([
      'projectType',
      'currentStyle',
      'width',
      'drawings',
      'fullName',
      'email',
    ]);
    expect(c.steps.map((s) => s.map((f) => f.name))).toEqual([
      ['projectType', 'currentStyle'],
      ['width', 'drawings'],
      ['fullName', 'email'],
    ]);
    expect(c.byName.get('currentStyle')).toMatchObject({
      step: 0,
      groups: ['details'],
      conditions: [{ field: 'projectType', equals: 'new' }],
    });
    expect(c.hash).toBe(formHash(designForm));
    expect(c.recaptcha).toBe(true);
    expect(isLastStep(c, 2)).toBe(true);
    expect(isLastStep(c, 1)).toBe(false);
  });

  it('treats a fields-only form as one step and humanises missing labels', () => {
    const c = compileForm(contactForm);
    expect(c.multiStep).toBe(false);
    expect(c.steps).toHaveLength(1);
    expect(fieldsInScope(c)).toBe(c.fields);
    expect(c.byName.get('otherTopic')?.label).toBe('Other topic');
    expect(c.byName.get('contactBy')?.label).toBe('Contact by');
  });

  it('rejects a field name used twice, even across steps', () => {
    const def = {
      name: 'x',
      steps: [{ fields: [{ name: 'a', type: 'text' as const }] }, { fields: [{ name: 'a', type: 'email' as const }] }],
    };
    expect(() => compileForm(def as never)).toThrow(FormDefinitionError);
    expect(() => compileForm(def as never)).toThrow('field "a" is defined twice');
  });

  it('names a step that does not exist', () => {
    expect(() => fieldsInScope(compileForm(designForm), 3)).toThrow('has no step 3');
  });
});
