import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { BlogListProps } from '../../schemas/types/blocks/blog-list.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogListProps;
const render = (p: Partial<BlogListProps>, path = '/blogs') => renderBlockScreen(block, { ...props, ...p }, { path });
const titles = (screen: ReturnType<typeof render>) =>
  screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
/** The text a reader sees in the block. */
const text = (screen: ReturnType<typeof render>) => screen.container.textContent;

describe('blog-list', () => {
  it('shows the newest posts first, three per page, with page links', () => {
    const screen = render({});
    expect(titles(screen)).toEqual([
      'Top 10 Bathroom Vanity Designs',
      'Top 10 Kitchen Designs, Part 4: Small Kitchens',
      'Gray Sofa, Fresh Flowers: Styling an Open-Plan Kitchen and Living Room',
    ]);
    expect(screen.getByRole('link', { name: 'Top 10 Bathroom Vanity Designs' }).getAttribute('href')).toBe(
      '/blogs/top-10-bathroom-designs',
    );
    const pages = within(screen.getByRole('navigation', { name: 'All articles: pages' }));
    const current = pages.getByRole('link', { name: 'Page 1' });
    expect([current.getAttribute('href'), current.getAttribute('aria-current')]).toEqual(['/blogs', 'page']);
    expect(
      pages
        .getAllByRole('link')
        .find((a) => a.getAttribute('rel') === 'next')
        ?.getAttribute('href'),
    ).toBe('/blogs?page=2');
    const date = screen.getByText('May 9, 2024');
    expect([date.tagName, date.getAttribute('datetime')]).toEqual(['TIME', '2024-05-09']);
    expect(screen.getByText(/Tom Whitfield/)).toBeTruthy();
  });

  it('filters by category and by author', () => {
    expect(titles(render({ category: 'latest-trends' }))).toEqual([
      'Top 10 Bathroom Vanity Designs',
      'Dressing the Kitchen: The Essential Styling Trends That Started in 2020',
    ]);
    expect(titles(render({ author: 'priya-raman', pageSize: 6 }))).toHaveLength(2);
  });

  it('says so when a category has no posts or does not exist', () => {
    const categories = [...props.categories!, { key: 'outdoor-kitchens', title: 'Outdoor Kitchens' }];
    expect(text(render({ categories, category: 'outdoor-kitchens' }))).toContain('No blogs found in this category');
    expect(text(render({ category: 'no-such-category' }))).toContain('Blog Category Not Found');
    expect(text(render({ posts: [], category: undefined }))).toContain('No Blogs Found');
  });

  it('shows Invalid blog data for malformed posts or categories', () => {
    const broken = [{ ...props.posts[0]!, publishDate: 'last week' }];
    expect(text(render({ posts: broken }))).toContain('Invalid blog data');
    expect(text(render({ posts: 'x' as unknown as BlogListProps['posts'] }))).toContain('Invalid blog data');
    expect(text(render({ categories: [{ key: 'x' }] as unknown as BlogListProps['categories'] }))).toContain(
      'Invalid blog data',
    );
  });
});
