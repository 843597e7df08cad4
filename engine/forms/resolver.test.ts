import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { compileForm } from './compile.ts';
import { schemaFor } from './schema.ts';
import { contactForm, designForm, file, validContact } from './test-fixtures.ts';
import { validateValues } from './validate.ts';

/**
 * The browser runs the compiled schema through react-hook-form's zod resolver; the server calls
 * validateValues. Both must report the same message for every field.
 */
async function viaResolver(schema: ReturnType<typeof schemaFor>, values: Record<string, unknown>) {
  const resolver = zodResolver(schema);
  const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors = Object.fromEntries(
    Object.entries(result.errors).map(([name, error]) => [name, (error as { message?: string }).message]),
  );
  return { values: result.values, errors };
}

describe('react-hook-form resolver and server agree', () => {
  const contact = compileForm(contactForm);
  const cases: Record<string, unknown>[] = [
    validContact,
    {},
    {
      ...validContact,
      email: 'nope',
      firstName: 'A',
      rooms: [],
      photos: [file('x.txt', 1, 'text/plain')],
      recaptchaToken: '',
    },
    { ...validContact, topic: 'other', otherTopic: '', budget: 'abc', styles: ['tudor'] },
    { ...validContact, topic: 'design', otherTopic: 'cleared because hidden' },
  ];

  it('gives identical messages and identical cleaned values', async () => {
    let compared = 0;
    for (const values of cases) {
      const server = validateValues(contact, values, { recaptcha: true });
      const browser = await viaResolver(schemaFor(contact, { recaptcha: true }), values);
      expect(browser.errors).toEqual(server.errors);
      if (server.ok) expect(browser.values).toEqual(server.values);
      compared += Object.keys(server.errors).length;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('hands the submit handler values without hidden fields', async () => {
    const browser = await viaResolver(schemaFor(contact, { recaptcha: true }), {
      ...validContact,
      otherTopic: 'x',
      extra: 1,
    });
    expect(browser.errors).toEqual({});
    expect(browser.values).not.toHaveProperty('otherTopic');
    expect(browser.values).not.toHaveProperty('extra');
  });

  it('agrees per step of a multi-step form', async () => {
    const design = compileForm(designForm);
    const values = { projectType: 'remodel', currentStyle: '', width: 'wide' };
    for (const step of [0, 1, 2]) {
      const browser = await viaResolver(schemaFor(design, { step, recaptcha: true }), values);
      expect(browser.errors).toEqual(validateValues(design, values, { step, recaptcha: true }).errors);
    }
  });
});
