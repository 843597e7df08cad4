// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { islandPage, blockProps, renderBlock, testSite, type WrittenProps } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import type { CookieBannerProps } from '../../schemas/types/blocks/cookie-banner.ts';
import { start } from './client.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('cookie-banner', () => {
  it('is prerendered hidden, for the notice script to show without a consent cookie; its buttons name what they do', () => {
    const html = renderBlock(block, example.props);
    expect(html).toMatch(/^<section [^>]*hidden=""/);
    expect(html).toContain(
      'data-jv-unless-cookie="cookie_consent=accepted cookie_consent=rejected cookie_consent=analytics cookie_consent=marketing cookie_consent=analytics+marketing"',
    );
    expect(html).toContain(
      `data-jv-set-cookie="cookie_consent=accepted; Max-Age=${180 * 86400}; Path=/; SameSite=Lax"`,
    );
    expect(html).toContain('data-jv-set-cookie="cookie_consent=rejected; Max-Age=');
    expect(html).not.toContain('data-jv-alert');
    expect(html).toContain(example.props.text);
  });

  it('Manage Preferences opens a labelled dialog: necessary always on, analytics and marketing off, a form that names its cookie', () => {
    document.body.innerHTML = renderBlock(block, example.props);
    const manage = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Manage Preferences')!;
    const dialog = document.getElementById(manage.dataset.jvShowModal!)!;
    expect(dialog.tagName).toBe('DIALOG');
    expect(manage.getAttribute('aria-haspopup')).toBe('dialog');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Cookie preferences');
    const boxes = [...dialog.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].map((b) => [
      document.querySelector(`label[for="${b.id}"]`)!.textContent,
      b.value,
      b.checked,
      b.disabled,
    ]);
    expect(boxes).toEqual([
      ['Necessary', 'necessary', true, true],
      ['Analytics', 'analytics', false, false],
      ['Marketing', 'marketing', false, false],
    ]);
    const form = dialog.querySelector<HTMLFormElement>('form[data-jv-cookie-form]')!;
    expect(form.getAttribute('method')).toBe('dialog');
    expect(form.dataset.jvCookieForm).toBe(`cookie_consent={}; Max-Age=${180 * 86400}; Path=/; SameSite=Lax`);
    expect(form.dataset.jvCookieNone).toBe('rejected');
    const buttons = [...dialog.querySelectorAll('button')].map((b) => [b.textContent, b.getAttribute('form')]);
    expect(buttons).toEqual([
      ['Save preferences', null],
      ['Cancel', `${dialog.id}-cancel`],
    ]);
    expect(document.getElementById(`${dialog.id}-cancel`)!.getAttribute('method')).toBe('dialog');
    document.body.innerHTML = '';
  });

  it('is a framework-free island (client.ts) started when the browser is idle', () => {
    expect(block.island).toEqual({ start: 'idle', code: 'client' });
  });
});

describe('cookie-banner in the browser, with the page data an island has (no head content, no regions)', () => {
  const site = { ...testSite, integrations: { tagManagerId: 'GTM-TEST1' } };
  // As the islands' runtime gets it: islandPage() of the page's data.
  const page = (tagManager: boolean) =>
    islandPage({
      path: '/blogs',
      route: '/blogs',
      status: 200,
      breadcrumbs: [],
      regions: [],
      blockTypes: [],
      site,
      head: { title: 'Blog', description: '', canonical: '', meta: [], jsonLd: [], tagManager },
    } as unknown as PageData);
  let box: HTMLElement | undefined;
  afterEach(() => {
    box?.remove();
    box = undefined;
    // biome-ignore lint/suspicious/noDocumentCookie: the banner reads document.cookie
    document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
    for (const s of document.head.querySelectorAll('script')) s.remove();
  });

  function started(tagManager: boolean, props: Record<string, unknown> = example.props): HTMLElement {
    box = document.createElement('div');
    const full = blockProps(block, props as WrittenProps<CookieBannerProps>);
    box.innerHTML = renderToString(<block.component {...full} />);
    document.body.append(box);
    void start(box, full, page(tagManager));
    return box;
  }
  const tagManagerScripts = () =>
    document.head.querySelectorAll('script[src*="googletagmanager.com/gtm.js?id=GTM-TEST1"]').length;

  it('with analytics allowed, loads the tag manager only where the route allows it, told the marketing choice', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the banner reads document.cookie
    document.cookie = 'cookie_consent=marketing; Path=/';
    started(true);
    expect(tagManagerScripts()).toBe(0);
    box!.remove();
    // biome-ignore lint/suspicious/noDocumentCookie: the banner reads document.cookie
    document.cookie = 'cookie_consent=analytics; Path=/';
    started(false);
    expect(tagManagerScripts()).toBe(0);
    box!.remove();
    started(true);
    expect(tagManagerScripts()).toBe(1);
    const layer = (window as unknown as { dataLayer: unknown[] }).dataLayer;
    const consent = layer.find((e) => (e as ArrayLike<unknown>)[0] === 'consent') as ArrayLike<unknown>;
    expect(Array.from(consent)).toEqual([
      'consent',
      'default',
      { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
  });

  const bar = () => box!.querySelector<HTMLElement>('[data-jv-unless-cookie]')!;
  const button = (name: string) => [...box!.querySelectorAll('button')].find((b) => b.textContent === name)!;
  const shown = () => {
    const el = started(true);
    bar().hidden = false; // as the notice script shows it
    return el;
  };

  it('Accept All stores the choice and hides the bar', () => {
    shown();
    button('Accept All').click();
    expect(document.cookie).toBe('cookie_consent=accepted');
    expect(bar().hidden).toBe(true);
  });

  it('Reject All stores "rejected" and loads no tag manager', () => {
    shown();
    button('Reject All').click();
    expect(document.cookie).toBe('cookie_consent=rejected');
    expect(bar().hidden).toBe(true);
    expect(tagManagerScripts()).toBe(0);
  });

  it('Manage Preferences opens the dialog; Save stores the kinds ticked and hides the bar', () => {
    shown();
    button('Manage Preferences').click();
    const dialog = box!.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    dialog.querySelector<HTMLInputElement>('input[value="marketing"]')!.checked = true;
    dialog.querySelector('form')!.requestSubmit();
    expect(document.cookie).toBe('cookie_consent=marketing');
    expect(bar().hidden).toBe(true);
    expect(tagManagerScripts()).toBe(0);
  });

  it('a link to the dialog elsewhere on the page opens it with the stored choice ticked', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the banner reads document.cookie
    document.cookie = 'cookie_consent=analytics; Path=/';
    shown();
    const link = document.createElement('a');
    link.href = `#${box!.querySelector('dialog')!.id}`;
    document.body.append(link);
    link.click();
    link.remove();
    const dialog = box!.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    const ticked = [...dialog.querySelectorAll<HTMLInputElement>('input:checked:not(:disabled)')].map((b) => b.value);
    expect(ticked).toEqual(['analytics']);
    expect(location.hash).toBe('');
  });

  it('pushes a cta_click for a click on a tracked link, whatever the consent', () => {
    const el = started(false, { ...example.props, trackClicksTo: ['/only-this-test'] });
    const link = document.createElement('a');
    link.href = '/only-this-test';
    link.addEventListener('click', (e) => e.preventDefault());
    el.append(link);
    link.click();
    const layer = (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [];
    expect(layer.filter((e) => e.event === 'cta_click').length).toBe(1);
  });
});
