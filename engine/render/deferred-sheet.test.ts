// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sheetsWhenNeeded } from './deferred-sheet.ts';

const SHEET = '.card{color:red}.suggestions{position:absolute}';
const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('the deferred full stylesheet', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<style data-jv-critical>.card{color:red}</style><link rel="stylesheet" href="/assets/style-1.css" disabled data-jv-sheet>';
    document.body.innerHTML = '<div class="card"><p class="card">A</p></div>';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(SHEET, { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stays off while the page shows only the classes it loaded with', async () => {
    const sheets = sheetsWhenNeeded();
    await sheets.prefetch();
    const more = document.createElement('p');
    more.className = 'card';
    document.body.append(more);
    document.querySelector('p')!.className = 'card';
    await settle();
    expect(document.querySelector('link[data-jv-sheet]')?.hasAttribute('disabled')).toBe(true);
    expect(document.querySelector('style[data-jv-sheet]')).toBeNull();
  });

  it('is put in the link’s place, with the fetched text, when an element with a new class is added', async () => {
    const sheets = sheetsWhenNeeded();
    await sheets.prefetch();
    const list = document.createElement('div');
    list.innerHTML = '<ul class="suggestions"><li>Shaker</li></ul>';
    document.body.append(list);
    await settle();
    expect(document.querySelector('link[data-jv-sheet]')).toBeNull();
    const style = document.querySelector('style[data-jv-sheet]');
    expect(style?.textContent).toBe(SHEET);
    // In the cascade where the link was: after the inlined CSS.
    expect(style?.previousElementSibling?.hasAttribute('data-jv-critical')).toBe(true);
  });

  it('switches on when an element takes a class the page did not have', async () => {
    const sheets = sheetsWhenNeeded();
    await sheets.prefetch();
    document.querySelector('p')!.classList.add('open');
    await settle();
    expect(document.querySelector('style[data-jv-sheet]')?.textContent).toBe(SHEET);
  });

  it('enables the link itself when its text could not be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    const sheets = sheetsWhenNeeded();
    await sheets.prefetch();
    document.querySelector('p')!.classList.add('open');
    await settle();
    expect(document.querySelector('link[data-jv-sheet]')?.hasAttribute('disabled')).toBe(false);
    expect(document.querySelector('style[data-jv-sheet]')).toBeNull();
  });
});
