import { describe, expect, it } from 'vitest';
import { compileForm } from './compile.ts';
import { MESSAGES } from './messages.ts';
import { schemaFor } from './schema.ts';
import { contactForm, designForm, file, validContact } from './test-fixtures.ts';
import { validateValues } from './validate.ts';

const contact = compileForm(contactForm);
const on = { recaptcha: true };
const errorsFor = (values: Record<string, unknown>) =>
  validateValues(contact, { ...validContact, ...values }, on).errors;

describe('validateValues: every message, exactly', () => {
  it('accepts valid values and returns them cleaned', () => {
    const result = validateValues(contact, { ...validContact, sneaky: 'x' }, on);
    expect(result).toMatchObject({ ok: true, errors: {} });
    expect(result.values).not.toHaveProperty('sneaky');
    expect(result.values).not.toHaveProperty('recaptchaToken');
    expect(result.values.firstName).toBe('Ada');
  });

  it('This field is required', () => {
    expect(errorsFor({ firstName: '  ', email: undefined, topic: '', terms: false })).toEqual({
      firstName: 'This field is required',
      email: 'This field is required',
      topic: 'This field is required',
      otherTopic: 'This field is required', // shown: no topic chosen yet, so its hideWhen does not match
      terms: 'This field is required',
    });
  });

  it('Invalid email address', () => {
    expect(errorsFor({ email: 'ada@' })).toEqual({ email: 'Invalid email address' });
    expect(errorsFor({ email: 'ada example.com' })).toEqual({ email: 'Invalid email address' });
  });

  it('Must be a number, for number fields and onlyNumbers (digits only)', () => {
    expect(errorsFor({ budget: '12k' })).toEqual({ budget: 'Must be a number' });
    expect(errorsFor({ budget: '-12.5' })).toEqual({});
    expect(errorsFor({ phone: '555-123' })).toEqual({ phone: 'Must be a number' });
    expect(errorsFor({ phone: '5.5' })).toEqual({ phone: 'Must be a number' });
  });

  it('Select at least one option, for checkbox groups and multi-selects', () => {
    expect(errorsFor({ rooms: [], styles: undefined })).toEqual({
      rooms: 'Select at least one option',
      styles: 'Select at least one option',
    });
  });

  it('Invalid selection, for values outside the options', () => {
    expect(
      errorsFor({
        topic: 'pricing',
        otherTopic: 'Pricing',
        contactBy: 'fax',
        rooms: ['kitchen', 'garage'],
        styles: ['shaker', ''],
      }),
    ).toEqual({
      topic: 'Invalid selection',
      contactBy: 'Invalid selection',
      rooms: 'Invalid selection',
      styles: 'Invalid selection',
    });
  });

  it('{label} seems too short / too long, with the humanised name when there is no label', () => {
    expect(errorsFor({ firstName: 'A' })).toEqual({ firstName: 'First name seems too short' });
    expect(errorsFor({ firstName: 'A'.repeat(51) })).toEqual({ firstName: 'First name seems too long' });
    expect(errorsFor({ phone: '55512345678' })).toEqual({ phone: 'Phone seems too long' });
  });

  it('file messages: required, size (configured and default 2 MB), format', () => {
    expect(errorsFor({ photos: [] })).toEqual({ photos: 'At least one file is required' });
    expect(errorsFor({ photos: [file('big.jpg', 5 * 1024 * 1024 + 1, 'image/jpeg')] })).toEqual({
      photos: 'File is too large, maximum allowed size is 5MB',
    });
    expect(errorsFor({ plan: [file('plan.pdf', 2 * 1024 * 1024 + 1, 'application/pdf')] })).toEqual({
      plan: 'File is too large, maximum allowed size is 2MB',
    });
    expect(errorsFor({ plan: [file('plan.pdf', 2 * 1024 * 1024, 'application/pdf')] })).toEqual({});
    expect(errorsFor({ photos: [file('notes.txt', 10, 'text/plain')] })).toEqual({ photos: 'Unsupported file format' });
    expect(
      errorsFor({
        photos: [file('a.jpg', 1, 'image/jpeg'), file('b.jpg', 1, 'image/jpeg'), file('c.jpg', 1, 'image/jpeg')],
      }),
    ).toEqual({
      photos: 'You can upload at most 2 files',
    });
  });

  it('Please complete the reCAPTCHA verification. only when the form and the site enable it', () => {
    expect(errorsFor({ recaptchaToken: '' })).toEqual({
      recaptchaToken: 'Please complete the reCAPTCHA verification.',
    });
    expect(validateValues(contact, { ...validContact, recaptchaToken: undefined }, { recaptcha: false }).ok).toBe(true);
    const withoutCaptcha = compileForm({ ...contactForm, googleReCaptcha: false });
    expect(validateValues(withoutCaptcha, { ...validContact, recaptchaToken: '' }, on).ok).toBe(true);
  });

  it('keeps the constants equal to the quoted texts', () => {
    expect(MESSAGES).toMatchObject({
      required: 'This field is required',
      email: 'Invalid email address',
      number: 'Must be a number',
      selectAtLeastOne: 'Select at least one option',
      invalidSelection: 'Invalid selection',
      tooShort: '{label} seems too short',
      tooLong: '{label} seems too long',
      fileRequired: 'At least one file is required',
      fileTooLarge: 'File is too large, maximum allowed size is {n}MB',
      fileType: 'Unsupported file format',
      fileDropped: 'File format is not supported',
      recaptcha: 'Please complete the reCAPTCHA verification.',
    });
  });

  it('reads multipart-style strings as a server receives them', () => {
    expect(
      validateValues(contact, { ...validContact, terms: 'on', budget: 12000, rooms: 'kitchen' }, on),
    ).toMatchObject({
      ok: true,
      values: { terms: true, budget: '12000', rooms: ['kitchen'] },
    });
    expect(validateValues(contact, 'not an object', on).errors.firstName).toBe('This field is required');
  });
});

describe('steps and recaptcha in a multi-step form', () => {
  const design = compileForm(designForm);

  it('validates only the given step, while conditions read every value', () => {
    const result = validateValues(design, { projectType: 'remodel' }, { step: 0 });
    expect(result.errors).toEqual({ currentStyle: 'This field is required' });
    expect(validateValues(design, { projectType: 'new' }, { step: 0 }).ok).toBe(true);
    expect(validateValues(design, {}, { step: 1 }).errors).toEqual({ width: 'This field is required' });
  });

  it('asks for the reCAPTCHA token on the last step only', () => {
    const values = { projectType: 'new', width: '120', fullName: 'Ada', email: 'ada@example.com' };
    expect(validateValues(design, values, { step: 1, recaptcha: true }).ok).toBe(true);
    expect(validateValues(design, values, { step: 2, recaptcha: true }).errors).toEqual({
      recaptchaToken: MESSAGES.recaptcha,
    });
    expect(validateValues(design, { ...values, recaptchaToken: 't' }, { step: 2, recaptcha: true }).ok).toBe(true);
  });
});

describe('the same inputs give the same result every time', () => {
  const inputs: Record<string, unknown>[] = [
    validContact,
    {},
    { ...validContact, email: 'x', rooms: ['garage'], photos: [file('a.exe', 10, 'application/x-msdownload')] },
    { ...validContact, topic: 'other', otherTopic: '' },
  ];

  it('validateValues twice, and a fresh compile of the same definition, agree', () => {
    for (const values of inputs) {
      const first = validateValues(contact, values, on);
      const second = validateValues(contact, structuredClone(values), on);
      const recompiled = validateValues(compileForm(structuredClone(contactForm)), structuredClone(values), on);
      expect(second).toEqual(first);
      expect(recompiled).toEqual(first);
    }
  });

  it('the schema gives the messages validateValues reports', () => {
    const parsed = schemaFor(contact, on).safeParse({ ...validContact, email: 'x', terms: false });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'Invalid email address'],
      ['terms', 'This field is required'],
    ]);
  });
});
