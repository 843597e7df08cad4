import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { BlogCategoryListProps } from '../../schemas/types/blocks/blog-category-list.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogCategoryListProps;
/** Each category link as a reader gets it: its name, its count ("5 posts") and where it goes. */
const entries = (path = '/') =>
  renderBlockScreen(block, props, { path })
    .getAllByRole('link')
    .map((a) => `${[...a.children].map((c) => c.textContent).join(' ')} ${a.getAttribute('href')}`);

describe('blog-category-list', () => {
  it('lists every category with its number of posts', () => {
    expect(entries()).toEqual([
      'All articles 5 posts /blogs',
      'Kitchen Ideas & Inspirations 2 posts /blogs/category/kitchen-ideas-inspirations',
      'Latest Trends 2 posts /blogs/category/latest-trends',
      'Must Read 1 post /blogs/category/must-read',
    ]);
  });

  it('marks the current category, and only it', () => {
    const screen = renderBlockScreen(block, props, { path: '/blogs/category/must-read' });
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeTruthy();
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.getAttribute('href'))).toEqual(['/blogs/category/must-read']);
  });

  it('reports malformed data', () => {
    expect(
      renderBlockScreen(block, { ...props, categories: [{}] as BlogCategoryListProps['categories'] }).getByText(
        /Invalid blog data/,
      ),
    ).toBeTruthy();
  });
});
