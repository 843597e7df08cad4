import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { BlogFeatureCardsProps } from '../../schemas/types/blocks/blog-feature-cards.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogFeatureCardsProps;
const titles = (html: string) => [...html.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);

describe('blog-feature-cards', () => {
  it('features the popular posts, newest first, the first image loaded eagerly', () => {
    const html = renderBlock(block, props);
    expect(html).toMatch(/<h2[^>]*>Featured articles<\/h2>/);
    expect(titles(html)).toEqual(['Top 10 Bathroom Vanity Designs', 'Top 10 Kitchen Designs We Built This Year', 'Dressing the Kitchen: The Essential Styling Trends That Started in 2020']);
    const imgs = [...html.matchAll(/<img[^>]*>/g)].map((m) => m[0]);
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[1]).toContain('loading="lazy"');
    expect(imgs[0]).toContain('width="1200"');
    expect(html).toContain('Latest Trends');
  });

  it('takes given slugs in order', () => {
    const html = renderBlock(block, { ...props, slugs: ['top-10-kitchens-designs-4', 'gray-sofa-combination-with-flower'] });
    expect(titles(html)).toEqual(['Top 10 Kitchen Designs, Part 4: Small Kitchens', 'Gray Sofa, Fresh Flowers: Styling an Open-Plan Kitchen and Living Room']);
  });

  it('reports malformed data', () => {
    expect(renderBlock(block, { ...props, posts: [{ slug: 'x' }] as unknown as BlogFeatureCardsProps['posts'] })).toContain('Invalid blog data');
  });
});
