import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { compileForm, FORM_TEXTS, type FormFile } from '../../engine/forms/index.ts';
import { renderBlock, testSite, screenOf } from '../../engine/testing/index.ts';
import type { FormProps } from '../../schemas/types/blocks/form.ts';
import { autocompleteFor } from './autocomplete.ts';
import example from './example.json' with { type: 'json' };
import { fileHint } from './fields/file-field.tsx';
import block from './index.tsx';
import { displayValue } from './review.tsx';
import { formEndpoint, postForm } from './submit.ts';
import { errorText, successTexts } from './texts.ts';

const FORMS_DIR = join(import.meta.dirname, '../../site-config/forms');
const siteForm = (name: string) => JSON.parse(readFileSync(join(FORMS_DIR, `${name}.json`), 'utf8')) as FormFile;
const render = (props: Partial<FormProps> & { definition: FormFile }, site = testSite) =>
  renderBlock(block, { form: props.definition.name, ...props } as unknown as FormProps, { site });

/** The block's HTML parsed, to query by role and text. */
const view = (props: Partial<FormProps> & { definition: FormFile }, site = testSite) => screenOf(render(props, site));
const labelFor = (screen: ReturnType<typeof screenOf>, id: string) =>
  screen.container.querySelector(`label[for="${id}"]`);

describe('form block, prerendered', () => {
  const screen = screenOf(renderBlock(block, example.props as unknown as FormProps));

  it('renders the whole form on the server, named by its title', () => {
    const form = screen.getByRole('form', { name: 'Send us a message' });
    expect(form.hasAttribute('novalidate')).toBe(true);
    const title = screen.getByRole('heading', { level: 2, name: 'Send us a message' });
    expect(form.getAttribute('aria-labelledby')).toBe(title.id);
    expect(screen.getByText('We reply within one business day.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send message' }).getAttribute('type')).toBe('submit');
  });

  it('is an island that starts near the viewport; before it runs, a submit sends nothing (method dialog) and the form says its name', () => {
    expect(block.island).toEqual({ start: 'visible', code: 'component' });
    const form = screen.getByRole('form', { name: 'Send us a message' });
    expect([form.getAttribute('method'), form.getAttribute('data-form'), form.hasAttribute('action')]).toEqual([
      'dialog',
      'contact',
      false,
    ]);
  });

  it('labels every control and marks required ones, placeholder asterisk included', () => {
    for (const control of screen.container.querySelectorAll('input, select, textarea'))
      expect(labelFor(screen, control.id)).not.toBeNull();
    // The asterisk is for the eye; the name stays "First name".
    const first = screen.getByRole('textbox', { name: 'First name' });
    expect(labelFor(screen, first.id)!.querySelector('[aria-hidden="true"]')?.textContent).toBe(' *');
    const email = screen.container.querySelector<HTMLInputElement>('input[name="email"]')!;
    expect(['type', 'placeholder', 'autocomplete'].map((a) => email.getAttribute(a))).toEqual([
      'email',
      'you@example.com *',
      'email',
    ]);
    expect(email.hasAttribute('required')).toBe(true);
  });

  it('leaves out fields hidden by hideWhen and places fields on the grid', () => {
    expect(screen.queryByText(/Order number/)).toBeNull();
    const first = screen.getByRole('textbox', { name: 'First name' });
    expect(labelFor(screen, first.id)!.parentElement!.getAttribute('style')).toBe('--span:6');
  });

  it('leaves the heading to the page when told, still named by its title', () => {
    const bare = screenOf(renderBlock(block, { ...example.props, showHeading: false } as unknown as FormProps));
    expect(bare.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(bare.queryByText('We reply within one business day.')).toBeNull();
    expect(bare.getByRole('form', { name: 'Send us a message' }).getAttribute('aria-label')).toBe('Send us a message');
  });

  it('keeps the live regions for messages in the page from the start', () => {
    const status = screen.getByRole('status');
    const alert = screen.getByRole('alert');
    expect([status.textContent, alert.textContent]).toEqual(['', '']);
    expect(status.nextElementSibling).toBe(alert);
  });
});

describe('the estimator, prerendered', () => {
  const pricing = JSON.parse(readFileSync(join(FORMS_DIR, '../data/estimator-pricing.json'), 'utf8'));
  const screen = view({ definition: siteForm('estimator'), pricing, showHeading: false });

  it('opens the first accordion section and keeps the others in the page, closed', () => {
    const toggles = [...screen.container.querySelectorAll('button[aria-controls]')];
    expect(toggles.map((b) => b.getAttribute('aria-expanded') ?? b.getAttribute('aria-haspopup'))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
      'false',
      'dialog',
    ]);
    const panels = screen.getAllByRole('region', { hidden: true });
    expect(panels.map((p) => p.hasAttribute('hidden'))).toEqual([false, true, true, true, true, true]);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.hasAttribute('aria-labelledby')).toBe(true);
    // Its submit button waits in the closed dialog.
    const send = within(dialog)
      .getAllByRole('button', { hidden: true })
      .find((btn) => btn.textContent === 'Send my estimate');
    expect(send?.getAttribute('type')).toBe('submit');
  });

  it('shows the price summary at zero, with Print/download disabled (nothing to print) and Reset', () => {
    const total = screen.getByText('Grand total');
    expect([total.tagName, total.nextElementSibling?.tagName, total.nextElementSibling?.textContent]).toEqual([
      'DT',
      'DD',
      '$0.00 - $0.00',
    ]);
    expect((screen.getByRole('button', { name: 'Print/download' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('has no summary without a price list (a form with sections only)', () => {
    expect(view({ definition: siteForm('estimator') }).container.querySelector('[data-estimate-summary]')).toBeNull();
  });
});

describe('the shipped forms', () => {
  const names = readdirSync(FORMS_DIR).map((f) => f.replace(/\.json$/, ''));

  it('are all there and each compiles and prerenders', () => {
    expect(names.sort()).toEqual([
      'become-dealer',
      'claim',
      'contact',
      'estimator',
      'free-kitchen-design',
      'newsletter',
      'register',
      'schedule-a-call',
    ]);
    for (const name of names) {
      const def = siteForm(name);
      expect(def.name).toBe(name);
      expect(compileForm(def).fields.length).toBeGreaterThan(0);
      expect(view({ definition: def }).container.querySelector('form')).not.toBeNull();
    }
  });

  it('use the contact success text on contact and dealer forms, and mail the admin and the sender', () => {
    for (const name of ['contact', 'become-dealer']) {
      expect(successTexts(siteForm(name))).toEqual({
        title: 'Thank you!',
        text: 'We have received your message. Our Team will contact you soon.',
      });
      expect(siteForm(name).emailNotifications?.map((n) => n.to)).toEqual(['admin', 'field:email']);
    }
  });

  it('do not need reCAPTCHA (the end-to-end suite has no Google), and the newsletter is e-mail only', () => {
    for (const name of names) expect(siteForm(name).googleReCaptcha ?? false).toBe(false);
    expect(compileForm(siteForm('newsletter')).fields.map((f) => [f.name, f.type])).toEqual([['email', 'email']]);
  });

  it('free-kitchen-design starts at its first step with a step indicator', () => {
    const screen = view({ definition: siteForm('free-kitchen-design') });
    const current = screen.container.querySelector('li[aria-current="step"]')!;
    const steps = [...current.parentElement!.children];
    expect(steps).toHaveLength(4);
    expect(steps[0]).toBe(current);
    expect(current.textContent).toContain('Your project');
    expect(screen.getByRole('heading', { level: 3, name: 'Your project' }).getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('button', { name: 'Next: measurements' }).getAttribute('type')).toBe('submit');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    // Radio cards are native radios in a labelled group: arrow keys and screen readers work.
    const group = screen.getByRole('radiogroup', { name: /^Which room are we designing\?/ });
    const room = within(group).getAllByRole('radio');
    expect(room.map((r) => r.getAttribute('name'))).toEqual(['roomType', 'roomType', 'roomType', 'roomType']);
    expect(room[0]!.getAttribute('aria-describedby')).toMatch(/-desc$/);
  });

  it('claim has a drag-and-drop photo field: a labelled button, a hidden picker and what it takes', () => {
    const screen = view({ definition: siteForm('claim') });
    const label = screen.getByText(/^Photos of the damage or defect/, { selector: 'label' });
    const button = screen.container.querySelector(`[id="${label.getAttribute('for')}"]`)!;
    expect([button.tagName, button.getAttribute('type')]).toEqual(['BUTTON', 'button']);
    expect(button.getAttribute('aria-labelledby')).toBe(`${label.id} ${button.id}-action`);
    expect(screen.getByText('Drag and drop files here, or click to browse')).toBeTruthy();
    const picker = screen.container.querySelector('input[type="file"]')!;
    expect(['accept', 'name'].map((a) => picker.getAttribute(a))).toEqual([
      'image/jpeg,image/png,image/webp,application/pdf',
      'photos',
    ]);
    expect(picker.hasAttribute('hidden')).toBe(true);
    expect(screen.getByText('JPG, PNG, WEBP or PDF, up to 5 MB each, at most 6 files.')).toBeTruthy();
  });

  it('prerenders a geo select as loading: its options come from /api/geo in the browser', () => {
    const screen = view({ definition: siteForm('become-dealer') });
    const state = screen.container.querySelector<HTMLSelectElement>('select[name="state"]')!;
    expect(state.id).toMatch(/-state$/);
    expect(state.getAttribute('aria-busy')).toBe('true');
    expect(
      [...state.querySelectorAll('option')].map((o) => [
        o.getAttribute('value'),
        o.textContent,
        o.hasAttribute('selected'),
      ]),
    ).toEqual([['', 'Loading...', true]]);
    const country = screen.container.querySelector('input[name="country"]')!;
    expect([country.getAttribute('type'), country.getAttribute('value')]).toEqual(['hidden', 'US']);
  });

  it('adds the reCAPTCHA box only when the form asks for it and the site has a key', () => {
    const def = { ...siteForm('newsletter'), googleReCaptcha: true };
    const box = (screen: ReturnType<typeof screenOf>) => screen.container.querySelector('[class*="recaptcha_"]');
    expect(box(view({ definition: def }))).toBeNull();
    expect(
      box(view({ definition: def }, { ...testSite, integrations: { recaptchaSiteKey: 'site-key' } }))?.getAttribute(
        'tabindex',
      ),
    ).toBe('-1');
  });

  it('the footer band variant keeps one row of field and button', () => {
    const form = view({ definition: siteForm('newsletter'), variant: 'band' }).container.querySelector('form')!;
    expect(form.className).toMatch(/(^|\s)_?band_/);
    expect(form.parentElement!.className).toMatch(/^_?bandBlock_/);
  });
});

describe('form blocks in the site content', () => {
  /** Every form block of every page and template, with where it sits. */
  function formBlocks(): { file: string; props: Record<string, unknown> }[] {
    const site = join(import.meta.dirname, '../../site-config');
    const found: { file: string; props: Record<string, unknown> }[] = [];
    const walk = (value: unknown, file: string) => {
      if (Array.isArray(value)) for (const v of value) walk(v, file);
      else if (value && typeof value === 'object') {
        const v = value as { type?: unknown; props?: Record<string, unknown> };
        if (v.type === 'form' && v.props) found.push({ file, props: v.props });
        for (const child of Object.values(value)) walk(child, file);
      }
    };
    for (const dir of ['pages', 'templates'])
      for (const f of readdirSync(join(site, dir)))
        walk(JSON.parse(readFileSync(join(site, dir, f), 'utf8')), `${dir}/${f}`);
    return found;
  }

  it('each takes its definition from the form file it names', () => {
    const blocks = formBlocks();
    expect(blocks.map((b) => b.props.form).sort()).toEqual(
      expect.arrayContaining([
        'become-dealer',
        'claim',
        'contact',
        'free-kitchen-design',
        'newsletter',
        'register',
        'schedule-a-call',
      ]),
    );
    for (const { file, props } of blocks)
      expect({ file, definition: props.definition }).toEqual({
        file,
        definition: { $data: `forms/${String(props.form)}.json` },
      });
  });
});

describe('postForm', () => {
  const reply = (status: number, body: unknown) => async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  const body = () => new FormData();

  it('reads success and the id', async () => {
    expect(
      await postForm('/api/forms/x', body(), reply(200, { success: true, message: 'ok', data: { id: 'abc' } })),
    ).toEqual({ ok: true, id: 'abc' });
    expect(await postForm('/api/forms/x', body(), reply(200, { success: true }))).toEqual({ ok: true });
  });

  it('returns field errors and the server message of a 422', async () => {
    const out = await postForm(
      '/x',
      body(),
      reply(422, {
        success: false,
        message: 'Please check the form.',
        errors: { email: 'Invalid email address', bad: 3 },
      }),
    );
    expect(out).toEqual({
      ok: false,
      network: false,
      status: 422,
      message: 'Please check the form.',
      errors: { email: 'Invalid email address' },
    });
  });

  it('treats a non-JSON error page and a refused connection apart', async () => {
    expect(await postForm('/x', body(), reply(502, '<html>Bad gateway</html>'))).toEqual({
      ok: false,
      network: false,
      status: 502,
      errors: {},
    });
    const refused = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await postForm('/x', body(), refused)).toEqual({ ok: false, network: true });
  });

  it('posts multipart to the form endpoint', async () => {
    let seen: { url: string; init?: RequestInit } | undefined;
    const spy = async (url: string | URL | Request, init?: RequestInit) => {
      seen = { url: String(url), init };
      return new Response('{"success":true}');
    };
    await postForm(formEndpoint('/api/forms/{name}', 'free kitchen'), body(), spy as typeof fetch);
    expect(seen?.url).toBe('/api/forms/free%20kitchen');
    expect(seen?.init?.method).toBe('POST');
    expect(seen?.init?.body).toBeInstanceOf(FormData);
  });
});

describe('texts', () => {
  it('prefers the server message, then the configured error, then the spec text', () => {
    expect(errorText({ name: 'x' }, 'Too many requests')).toBe('Too many requests');
    expect(errorText({ name: 'x', messages: { error: 'Mine' } })).toBe('Mine');
    expect(errorText({ name: 'x' })).toBe('Something went wrong. Plase try again later.');
    expect(successTexts({ name: 'x' })).toEqual({
      title: 'Thank you!',
      text: 'Your form has been submitted successfully.',
    });
    expect(FORM_TEXTS.networkError).toBe('Submission failed');
  });

  it('describes what a file field takes', () => {
    expect(fileHint(['image/jpeg', '.pdf'], 2, 1)).toBe('JPG or PDF, up to 2 MB each, one file.');
    expect(fileHint(undefined, 2, undefined)).toBe('Up to 2 MB each.');
  });

  it('gives autofill hints for common fields only', () => {
    expect(autocompleteFor('firstName')).toBe('given-name');
    expect(autocompleteFor('zip')).toBe('postal-code');
    expect(autocompleteFor('wallLengths')).toBeUndefined();
  });

  it('shows review values as the shopper chose them', () => {
    const compiled = compileForm(siteForm('free-kitchen-design'));
    const field = (name: string) => compiled.byName.get(name)!;
    expect(displayValue(field('roomType'), 'kitchen')).toBe('Kitchen');
    expect(displayValue(field('appliances'), ['range', 'dishwasher'])).toBe('Range, Dishwasher');
    expect(displayValue(field('newsletter'), false)).toBe('No');
    expect(displayValue(field('floorPlan'), [{ name: 'plan.png', size: 1, type: 'image/png' }])).toBe('plan.png');
  });
});
