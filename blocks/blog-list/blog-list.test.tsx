import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { BlogListProps } from '../../schemas/types/blocks/blog-list.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogListProps;
const render = (p: Partial<BlogListProps>, path = '/blogs') => renderBlock(block, { ...props, ...p }, { path });
const titles = (html: string) => [...html.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);

describe('blog-list', () => {
  it('shows the newest posts first, three per page, with page links', () => {
    const html = render({});
    expect(titles(html)).toEqual(['Top 10 Bathroom Vanity Designs', 'Top 10 Kitchen Designs, Part 4: Small Kitchens', 'Gray Sofa, Fresh Flowers: Styling an Open-Plan Kitchen and Living Room']);
    expect(html).toContain('href="/blogs/top-10-bathroom-designs"');
    expect(html).toMatch(/<nav[^>]*aria-label="All articles: pages"/);
    expect(html).toMatch(/<a(?=[^>]*aria-current="page")(?=[^>]*href="\/blogs")[^>]*><span class="jv-sr-only">Page <\/span>1<\/a>/);
    expect(html).toMatch(/<a(?=[^>]*rel="next")(?=[^>]*href="\/blogs\?page=2")[^>]*>/);
    expect(html).toContain('<time dateTime="2024-05-09">May 9, 2024</time>');
    expect(html).toContain('Tom Whitfield');
  });

  it("filters by category and by author", () => {
    expect(titles(render({ category: 'latest-trends' }))).toEqual(['Top 10 Bathroom Vanity Designs', 'Dressing the Kitchen: The Essential Styling Trends That Started in 2020']);
    expect(titles(render({ author: 'priya-raman', pageSize: 6 }))).toHaveLength(2);
  });

  it('says so when a category has no posts or does not exist', () => {
    const categories = [...props.categories!, { key: 'outdoor-kitchens', title: 'Outdoor Kitchens' }];
    expect(render({ categories, category: 'outdoor-kitchens' })).toContain('No blogs found in this category');
    expect(render({ category: 'no-such-category' })).toContain('Blog Category Not Found');
    expect(render({ posts: [], category: undefined })).toContain('No Blogs Found');
  });

  it('shows Invalid blog data for malformed posts or categories', () => {
    const broken = [{ ...props.posts[0]!, publishDate: 'last week' }];
    expect(render({ posts: broken })).toContain('Invalid blog data');
    expect(render({ posts: 'x' as unknown as BlogListProps['posts'] })).toContain('Invalid blog data');
    expect(render({ categories: [{ key: 'x' }] as unknown as BlogListProps['categories'] })).toContain('Invalid blog data');
  });
});
