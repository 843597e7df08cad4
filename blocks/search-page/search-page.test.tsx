import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf } from '../../engine/testing/index.ts';
import example from './example.json' with { type: 'json' };
import block, { resultsHeading } from './index.tsx';

describe('search-page', () => {
  it('prerenders the query box empty (the query is read after hydration)', () => {
    const SearchPage = block.component;
    const html = renderToString(
      <StaticRouter location="/search?query=white">
        <SearchPage {...blockProps(block, example.props)} />
      </StaticRouter>,
    );
    const screen = screenOf(html);
    const box = screen.getByLabelText('Search the shop') as HTMLInputElement;
    expect([box.getAttribute('name'), box.value]).toEqual(['query', '']);
    expect(screen.getByRole('button', { name: 'Search' }).getAttribute('type')).toBe('submit');
    expect(screen.queryByText('Please enter at least 3 characters to search.')).toBeNull();
  });

  it('fills the results heading', () => {
    expect(resultsHeading('{count} results for "{query}"', 3, 'white')).toBe('3 results for "white"');
  });
});
