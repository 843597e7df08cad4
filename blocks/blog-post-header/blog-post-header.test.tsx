import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { BlogPostHeaderProps } from '../../schemas/types/blocks/blog-post-header.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogPostHeaderProps;

describe('blog-post-header', () => {
  it('shows category, title, author, date and the hero image', () => {
    const html = renderBlock(block, props, { path: '/blogs/top-10-kitchens-designs-4' });
    expect(html).toMatch(/<a href="\/blogs\/category\/must-read"[^>]*>Must Read<\/a>/);
    expect(html).toMatch(/<h1[^>]*>Top 10 Kitchen Designs, Part 4: Small Kitchens<\/h1>/);
    expect(html).toMatch(/By<!-- --> <a href="\/blogs\/authors\/daniel-okafor"[^>]*>Daniel Okafor<\/a>/);
    expect(html).toContain('<time dateTime="2024-04-18">April 18, 2024</time>');
    const hero = /<img[^>]*hero-small-kitchens[^>]*>/.exec(html)![0];
    expect(hero).toContain('width="1200"');
    expect(hero).toContain('height="630"');
    expect(hero).toContain('loading="eager"');
    expect(hero).toMatch(/alt="Small white shaker kitchen/);
  });

  it('shows Invalid blog data for a malformed post', () => {
    expect(renderBlock(block, { post: { ...props.post, author: undefined } } as unknown as BlogPostHeaderProps)).toContain('Invalid blog data');
  });
});
