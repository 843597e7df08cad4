import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { BlogPopularPostsProps } from '../../schemas/types/blocks/blog-popular-posts.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogPopularPostsProps;
const titles = (html: string) => [...html.matchAll(/<a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);

describe('blog-popular-posts', () => {
  it('lists the popular posts newest first', () => {
    const html = renderBlock(block, props);
    expect(html).toMatch(/<h2[^>]*>Popular Posts<\/h2>/);
    expect(titles(html)).toEqual(['Top 10 Bathroom Vanity Designs', 'Top 10 Kitchen Designs We Built This Year', 'Dressing the Kitchen: The Essential Styling Trends That Started in 2020']);
  });

  it('leaves out the post being read', () => {
    const html = renderBlock(block, props, { path: '/blogs/top-10-bathroom-designs' });
    expect(titles(html)).not.toContain('Top 10 Bathroom Vanity Designs');
    expect(titles(html)).toHaveLength(2);
  });
});
