import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import example from './example.json' with { type: 'json' };
import block, { resultsHeading } from './index.tsx';

describe('search-page', () => {
  it('prerenders the query box empty (the query is read after hydration)', () => {
    const SearchPage = block.component;
    const html = renderToString(
      <StaticRouter location="/search?query=white">
        <SearchPage {...example.props} />
      </StaticRouter>,
    );
    expect(html).toMatch(/<label[^>]*for="query-box"[^>]*>Search the shop<\/label>/);
    expect(html).toMatch(/<input[^>]*id="query-box"[^>]*name="query"[^>]*value=""/);
    expect(html).toMatch(/<button type="submit"[^>]*>Search<\/button>/);
    expect(html).not.toContain('Please enter at least 3 characters to search.');
  });

  it('fills the results heading', () => {
    expect(resultsHeading('{count} results for "{query}"', 3, 'white')).toBe('3 results for "white"');
  });
});
