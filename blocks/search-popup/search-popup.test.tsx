import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { screenOf } from '../../engine/testing/screen.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { searchUrl } from './search-popup.tsx';

describe('search-popup', () => {
  const SearchPopup = block.component;
  const html = renderToString(
    <StaticRouter location="/">
      <SearchPopup {...example.props} />
    </StaticRouter>,
  );

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
