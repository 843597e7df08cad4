import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { BlogCategoryListProps } from '../../schemas/types/blocks/blog-category-list.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogCategoryListProps;
const entries = (html: string) =>
  [...html.matchAll(/<a[^>]*href="([^"]+)"[^>]*><span>([^<]+)<\/span><span[^>]*>(\d+)<span/g)].map((m) => `${m[2]} (${m[3]}) ${m[1]}`);

describe('blog-category-list', () => {
  it('lists every category with its number of posts', () => {
    expect(entries(renderBlock(block, props))).toEqual([
      'All articles (5) /blogs',
      'Kitchen Ideas &amp; Inspirations (2) /blogs/category/kitchen-ideas-inspirations',
      'Latest Trends (2) /blogs/category/latest-trends',
      'Must Read (1) /blogs/category/must-read',
    ]);
  });

  it('marks the current category', () => {
    const html = renderBlock(block, props, { path: '/blogs/category/must-read' });
    // The current category's link, whatever the order of its attributes.
    expect(html).toMatch(/<a(?=[^>]*aria-current="page")(?=[^>]*href="\/blogs\/category\/must-read")[^>]*>/);
    expect(html.match(/aria-current/g)).toHaveLength(1);
  });

  it('reports malformed data', () => {
    expect(renderBlock(block, { ...props, categories: [{}] as BlogCategoryListProps['categories'] })).toContain('Invalid blog data');
  });
});
