// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { typedBeforeStart } from './early-input.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('what was typed before the form code ran', () => {
  it('reads the prerendered form of that name that is not live yet, field by field', () => {
    document.body.innerHTML = `
      <form data-form="newsletter" data-ready=""><input name="email" value="live@example.com"></form>
      <form data-form="contact">
        <input name="firstName"><textarea name="message"></textarea>
        <input type="checkbox" name="topics" value="doors"><input type="checkbox" name="topics" value="hinges">
        <input type="checkbox" name="agree">
        <input type="radio" name="reply" value="email"><input type="radio" name="reply" value="phone">
        <input type="hidden" name="country" value="US"><input type="file" name="photo">
      </form>
      <form data-form="newsletter"><input name="email"></form>`;
    const contact = document.querySelector<HTMLFormElement>('form[data-form="contact"]')!;
    (contact.elements.namedItem('firstName') as HTMLInputElement).value = 'Early';
    (contact.elements.namedItem('message') as HTMLTextAreaElement).value = 'Typed while loading.';
    contact.querySelector<HTMLInputElement>('input[value="hinges"]')!.checked = true;
    contact.querySelector<HTMLInputElement>('input[value="phone"]')!.checked = true;
    expect(typedBeforeStart('contact')).toEqual({
      firstName: 'Early',
      message: 'Typed while loading.',
      topics: ['hinges'],
      agree: false,
      reply: 'phone',
    });
    // The live newsletter form is not read again; the prerendered one is.
    document.querySelectorAll<HTMLInputElement>('input[name="email"]')[1]!.value = 'early@example.com';
    expect(typedBeforeStart('newsletter')).toEqual({ email: 'early@example.com' });
    expect(typedBeforeStart('register')).toBeUndefined();
  });
});
