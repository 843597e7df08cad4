import { describe, expect, it } from 'vitest';
import { compileForm } from './compile.ts';
import { submissionPayload, toFormData } from './payload.ts';
import { contactForm, designForm, validContact } from './test-fixtures.ts';

describe('submissionPayload', () => {
  const design = compileForm(designForm);
  const values = {
    projectType: 'new',
    currentStyle: 'hidden by group',
    width: '120',
    fullName: 'Ada',
    email: 'ada@example.com',
  };

  it('sends the current step only, without e-mail notifications before the last step', () => {
    const { fields, files } = submissionPayload(design, 0, values);
    expect(JSON.parse(fields.formData!)).toEqual({ projectType: 'new' });
    expect(fields.name).toBe('free-kitchen-design');
    expect(fields.step).toBe('0');
    expect(fields.emailNotifications).toBe('null');
    expect(fields).not.toHaveProperty('id');
    expect(fields).not.toHaveProperty('recaptchaToken');
    expect(files).toEqual([]);
    const metadata = JSON.parse(fields.metadata!);
    expect(metadata.actions).toEqual({ submit: '/thank-you' });
    expect(metadata.metadata).toEqual({ source: 'design' });
    expect(metadata.fields[0]).toEqual({ name: 'projectType', label: 'Project type', type: 'radio', step: 0 });
  });

  it('sends the id once known, and notifications and the token with the last step', () => {
    const { fields } = submissionPayload(design, 2, { ...values, width: '1' }, 'sub-1', {
      recaptcha: true,
      recaptchaToken: 'tok',
    });
    expect(JSON.parse(fields.formData!)).toEqual({ fullName: 'Ada', email: 'ada@example.com' });
    expect(fields.id).toBe('sub-1');
    expect(JSON.parse(fields.emailNotifications!)).toEqual([{ to: 'admin', subject: 'New design request' }]);
    expect(fields.recaptchaToken).toBe('tok');
  });

  it('sends a single-step form whole, files as their own parts', async () => {
    const contact = compileForm(contactForm);
    const photo = new File(['jpeg bytes'], 'kitchen.jpg', { type: 'image/jpeg' });
    const payload = submissionPayload(
      contact,
      0,
      { ...validContact, photos: [photo], otherTopic: 'hidden' },
      undefined,
      {
        recaptcha: true,
        recaptchaToken: 'tok',
        totalPrice: { min: 1, max: 2 },
      },
    );
    const data = JSON.parse(payload.fields.formData!);
    expect(data).toMatchObject({ firstName: 'Ada', terms: true, rooms: ['kitchen'] });
    expect(data).not.toHaveProperty('photos');
    expect(data).not.toHaveProperty('otherTopic');
    expect(payload.files).toEqual([{ field: 'photos', file: photo }]);
    expect(JSON.parse(payload.fields.emailNotifications!)).toEqual([{ to: 'admin', subject: 'New message' }]);
    expect(payload.fields.totalPrice).toBe('{"min":1,"max":2}');

    const body = toFormData(payload);
    expect(body.get('name')).toBe('contact');
    expect(body.get('recaptchaToken')).toBe('tok');
    const part = body.get('photos') as File;
    expect(part.name).toBe('kitchen.jpg');
    expect(await part.text()).toBe('jpeg bytes');
  });
});
