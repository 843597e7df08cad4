import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
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
    expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/search"[^>]*method="get"/);
    const input = html.match(/<input[^>]*>/)![0];
    expect(input).toContain('role="combobox"');
    expect(input).toContain('name="query"');
    expect(input).toContain('aria-expanded="false"');
    expect(input).toContain('aria-autocomplete="list"');
    expect(input).not.toContain('aria-controls');
    const id = input.match(/id="([^"]+)"/)![1];
    expect(html).toContain(`for="${id}"`);
    expect(html).not.toContain('role="listbox"');
  });

  it('links See all Result to the search page with the trimmed text as ?query=', () => {
    expect(searchUrl('/search', '  aw-sd aw ')).toBe('/search?query=aw-sd+aw');
  });
});
