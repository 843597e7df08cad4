import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileForm, FORM_TEXTS } from '../../engine/forms/index.ts';
import type { FormFile } from '../../engine/forms/index.ts';
import { renderBlock, testSite } from '../../engine/testing/render-block.tsx';
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

/** Attributes of every <tag ...> in the HTML, in order. */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? ''])),
  );
}

describe('form block, prerendered', () => {
  const html = renderBlock(block, example.props as unknown as FormProps);

  it('renders the whole form on the server, named by its title', () => {
    const [form] = tags(html, 'form');
    expect(form).toHaveProperty('noValidate');
    const title = /<h2 id="([^"]+)"[^>]*>Send us a message<\/h2>/.exec(html);
    expect(title).not.toBeNull();
    expect(form!['aria-labelledby']).toBe(title![1]);
    expect(html).toContain('We reply within one business day.');
    expect(html).toMatch(/<button type="submit"[^>]*>Send message<\/button>/);
  });

  it('labels every control and marks required ones, placeholder asterisk included', () => {
    for (const input of [...tags(html, 'input'), ...tags(html, 'select'), ...tags(html, 'textarea')]) {
      expect(html).toContain(`for="${input.id}"`);
    }
    expect(html).toMatch(/>First name<span[^>]*aria-hidden="true"> \*<\/span><\/label>/);
    const email = tags(html, 'input').find((i) => i.name === 'email')!;
    expect(email).toMatchObject({ type: 'email', placeholder: 'you@example.com *', autoComplete: 'email' });
    expect(email).toHaveProperty('required');
  });

  it('leaves out fields hidden by hideWhen and places fields on the grid', () => {
    expect(html).not.toContain('Order number');
    expect(html).toMatch(/style="--span:6"><label[^>]*>First name/);
  });

  it('leaves the heading to the page when told, still named by its title', () => {
    const bare = renderBlock(block, { ...example.props, showHeading: false } as unknown as FormProps);
    expect(bare).not.toContain('<h2');
    expect(bare).not.toContain('We reply within one business day.');
    expect(tags(bare, 'form')[0]).toMatchObject({ 'aria-label': 'Send us a message' });
  });

  it('keeps the live regions for messages in the page from the start', () => {
    expect(html).toMatch(/<div role="status"[^>]*><\/div><div role="alert"><\/div>/);
  });
});

describe('the estimator, prerendered', () => {
  const pricing = JSON.parse(readFileSync(join(FORMS_DIR, '../data/estimator-pricing.json'), 'utf8'));
  const html = render({ definition: siteForm('estimator'), pricing, showHeading: false });

  it('opens the first accordion section and keeps the others in the page, closed', () => {
    const toggles = tags(html, 'button').filter((b) => 'aria-controls' in b);
    expect(toggles.map((b) => b['aria-expanded'] ?? b['aria-haspopup'])).toEqual(['true', 'false', 'false', 'false', 'false', 'false', 'dialog']);
    const panels = tags(html, 'div').filter((d) => d.role === 'region');
    expect(panels.map((p) => 'hidden' in p)).toEqual([false, true, true, true, true, true]);
    expect(html).toMatch(/<dialog [^>]*aria-labelledby="[^"]+"[^>]*>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Send my estimate<\/button>/);
  });

  it('shows the price summary at zero, with Print/download and Reset', () => {
    expect(html).toContain('<dt>Grand total</dt><dd>$0.00 - $0.00</dd>');
    expect(html).toMatch(/>Print\/download<\/button>/);
    expect(html).toMatch(/>Reset<\/button>/);
  });

  it('has no summary without a price list (a form with sections only)', () => {
    expect(render({ definition: siteForm('estimator') })).not.toContain('data-estimate-summary');
  });
});

describe('the shipped forms', () => {
  const names = readdirSync(FORMS_DIR).map((f) => f.replace(/\.json$/, ''));

  it('are all there and each compiles and prerenders', () => {
    expect(names.sort()).toEqual(['become-dealer', 'claim', 'contact', 'estimator', 'free-kitchen-design', 'newsletter', 'register', 'schedule-a-call']);
    for (const name of names) {
      const def = siteForm(name);
      expect(def.name).toBe(name);
      expect(compileForm(def).fields.length).toBeGreaterThan(0);
      expect(render({ definition: def })).toContain('<form');
    }
  });

  it('use the contact success text on contact and dealer forms, and mail the admin and the sender', () => {
    for (const name of ['contact', 'become-dealer']) {
      expect(successTexts(siteForm(name))).toEqual({ title: 'Thank you!', text: 'We have received your message. Our Team will contact you soon.' });
      expect(siteForm(name).emailNotifications?.map((n) => n.to)).toEqual(['admin', 'field:email']);
    }
  });

  it('do not need reCAPTCHA (the end-to-end suite has no Google), and the newsletter is e-mail only', () => {
    for (const name of names) expect(siteForm(name).googleReCaptcha ?? false).toBe(false);
    expect(compileForm(siteForm('newsletter')).fields.map((f) => [f.name, f.type])).toEqual([['email', 'email']]);
  });

  it('free-kitchen-design starts at its first step with a step indicator', () => {
    const html = render({ definition: siteForm('free-kitchen-design') });
    const steps = [...html.matchAll(/<li class="[^"]*"( aria-current="step")?>.*?<\/li>/g)];
    expect(steps).toHaveLength(4);
    expect(steps[0]![1]).toBe(' aria-current="step"');
    expect(steps[0]![0]).toContain('Your project');
    expect(html).toMatch(/<h3 tabindex="-1"[^>]*>Your project<\/h3>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Next: measurements<\/button>/);
    expect(html).not.toContain('>Back<');
    // Radio cards are native radios in a labelled group: arrow keys and screen readers work.
    expect(html).toMatch(/<fieldset[^>]*role="radiogroup"[^>]*><legend[^>]*>Which room are we designing\?/);
    const room = tags(html, 'input').filter((i) => i.name === 'roomType');
    expect(room.map((r) => r.type)).toEqual(['radio', 'radio', 'radio', 'radio']);
    expect(room[0]!['aria-describedby']).toMatch(/-desc$/);
  });

  it('claim has a drag-and-drop photo field: a labelled button, a hidden picker and what it takes', () => {
    const html = render({ definition: siteForm('claim') });
    const [button] = tags(html, 'button').filter((b) => b.type === 'button');
    const labelId = /<label for="([^"]+)" id="([^"]+)"[^>]*>Photos of the damage or defect/.exec(html)!;
    expect(button!.id).toBe(labelId[1]);
    expect(button!['aria-labelledby']).toBe(`${labelId[2]} ${labelId[1]}-action`);
    expect(html).toContain('Drag and drop files here, or click to browse');
    const picker = tags(html, 'input').find((i) => i.type === 'file')!;
    expect(picker).toMatchObject({ accept: 'image/jpeg,image/png,image/webp,application/pdf', hidden: '', name: 'photos' });
    expect(html).toContain('JPG, PNG, WEBP or PDF, up to 5 MB each, at most 6 files.');
  });

  it('prerenders a geo select as loading: its options come from /api/geo in the browser', () => {
    const html = render({ definition: siteForm('become-dealer') });
    expect(html).toMatch(/<select id="[^"]+-state" name="state"[^>]*aria-busy="true"[^>]*><option value="" selected="">Loading...<\/option><\/select>/);
    expect(tags(html, 'input').find((i) => i.name === 'country')).toMatchObject({ type: 'hidden', value: 'US' });
  });

  it('adds the reCAPTCHA box only when the form asks for it and the site has a key', () => {
    const def = { ...siteForm('newsletter'), googleReCaptcha: true };
    expect(render({ definition: def })).not.toContain('recaptcha');
    const withKey = render({ definition: def }, { ...testSite, integrations: { recaptchaSiteKey: 'site-key' } });
    expect(withKey).toMatch(/class="_?recaptcha_[^"]*" tabindex="-1"/);
  });

  it('the footer band variant keeps one row of field and button', () => {
    const html = render({ definition: siteForm('newsletter'), variant: 'band', load: 'visible' });
    expect(html).toMatch(/class="_?bandBlock_[^"]*"><!--\$--><form class="_?form_[^ ]* _?band_/);
  });
});

describe('form blocks in the site content', () => {
  /** Every form block of every page and template, with where it sits. */
  function formBlocks(): { file: string; props: Record<string, unknown> }[] {
    const site = join(import.meta.dirname, '../../site-config');
    const found: { file: string; props: Record<string, unknown> }[] = [];
    const walk = (value: unknown, file: string) => {
      if (Array.isArray(value)) value.forEach((v) => walk(v, file));
      else if (value && typeof value === 'object') {
        const v = value as { type?: unknown; props?: Record<string, unknown> };
        if (v.type === 'form' && v.props) found.push({ file, props: v.props });
        Object.values(value).forEach((child) => walk(child, file));
      }
    };
    for (const dir of ['pages', 'templates'])
      for (const f of readdirSync(join(site, dir))) walk(JSON.parse(readFileSync(join(site, dir, f), 'utf8')), `${dir}/${f}`);
    return found;
  }

  it('each takes its definition from the form file it names', () => {
    const blocks = formBlocks();
    expect(blocks.map((b) => b.props.form).sort()).toEqual(
      expect.arrayContaining(['become-dealer', 'claim', 'contact', 'free-kitchen-design', 'newsletter', 'register', 'schedule-a-call']),
    );
    for (const { file, props } of blocks) expect({ file, definition: props.definition }).toEqual({ file, definition: { $data: `forms/${String(props.form)}.json` } });
  });
});

describe('postForm', () => {
  const reply = (status: number, body: unknown) => async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  const body = () => new FormData();

  it('reads success and the id', async () => {
    expect(await postForm('/api/forms/x', body(), reply(200, { success: true, message: 'ok', data: { id: 'abc' } }))).toEqual({ ok: true, id: 'abc' });
    expect(await postForm('/api/forms/x', body(), reply(200, { success: true }))).toEqual({ ok: true });
  });

  it('returns field errors and the server message of a 422', async () => {
    const out = await postForm('/x', body(), reply(422, { success: false, message: 'Please check the form.', errors: { email: 'Invalid email address', bad: 3 } }));
    expect(out).toEqual({ ok: false, network: false, status: 422, message: 'Please check the form.', errors: { email: 'Invalid email address' } });
  });

  it('treats a non-JSON error page and a refused connection apart', async () => {
    expect(await postForm('/x', body(), reply(502, '<html>Bad gateway</html>'))).toEqual({ ok: false, network: false, status: 502, errors: {} });
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
    expect(successTexts({ name: 'x' })).toEqual({ title: 'Thank you!', text: 'Your form has been submitted successfully.' });
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
