// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockProps, screenOf } from '../../engine/testing/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { LOADING_TEXT, searchUrl } from './search-popup.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('search-popup', () => {
  const SearchPopup = block.component;
  const html = renderToString(<SearchPopup {...blockProps(block, example.props)} />);

  it('is an island whose code starts at the first pointer, focus or key on it', () => {
    expect(block.island).toEqual({ start: 'interaction', code: 'component' });
  });

  it('prerenders a labelled, closed combobox in a search form that works without script', () => {
    const screen = screenOf(html);
    const form = screen.getByRole('search');
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/search', 'get']);
    // Labelled (by its <label for>), closed, and pointing at no list yet.
    const input = screen.getByRole('combobox', { name: /\S/, expanded: false });
    expect(input.getAttribute('name')).toBe('query');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.hasAttribute('aria-controls')).toBe(false);
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
  });

  it('links See all Result to the search page with the trimmed text as ?query=', () => {
    expect(searchUrl('/search', '  aw-sd aw ')).toBe('/search?query=aw-sd+aw');
  });
});

describe('search-popup started by the shopper', () => {
  const SearchPopup = block.component;
  let root: Root | undefined;
  let box: HTMLElement | undefined;
  afterEach(() => {
    if (root) act(() => root!.unmount());
    box?.remove();
    root = box = undefined;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** The prerendered box in the page; `before` acts on its field as the shopper does before the code has loaded. */
  async function start(before: (field: HTMLInputElement) => void) {
    box = document.createElement('div');
    box.innerHTML = renderToString(<SearchPopup {...blockProps(block, example.props)} />);
    document.body.append(box);
    const field = box.querySelector('input')!;
    before(field);
    await act(async () => {
      root = hydrateRoot(box!, <SearchPopup {...blockProps(block, example.props)} />);
    });
    return field;
  }

  it('takes over the focus and the text the field got before its code ran: the popup opens with them', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => {})); // the index never arrives
    const field = await start((f) => {
      f.focus();
      f.value = 'shaker';
    });
    expect(field.getAttribute('aria-expanded')).toBe('false'); // no suggestions yet
    expect(field.value).toBe('shaker');
    expect(box!.querySelector('[role="status"]')!.textContent).toBe(LOADING_TEXT);
    expect([...box!.querySelectorAll('button')].map((b) => b.textContent)).toContain('Close');
  });

  it('stays closed when the field was not focused', async () => {
    await start(() => {});
    expect(box!.querySelector('[role="status"]')).toBeNull();
  });

  it('opens the search page for the text with a page load', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const field = await start((f) => {
      f.focus();
      f.value = '  shaker white ';
    });
    await act(async () => void field.form!.requestSubmit());
    expect(assign).toHaveBeenCalledWith('/search?query=shaker+white');
  });
});
