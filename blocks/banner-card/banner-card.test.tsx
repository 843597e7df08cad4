import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { BannerCardProps } from '../../schemas/types/blocks/banner-card.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('banner-card', () => {
  it('renders image, title, ratings with stars, text and action', () => {
    const html = renderBlock(block, example.props as BannerCardProps);
    expect(html).toMatch(/<h2[^>]*>Loved in 1,240 kitchens<\/h2>/);
    expect(html).toContain('role="img" aria-label="Rated 4.8 out of 5"');
    expect(html).toContain('4.8 out of 5 from verified buyers');
    expect(html).toMatch(/<img[^>]*src="\/images\/about\/showroom.svg"[^>]*width="800"[^>]*height="600"/);
    expect(html).toMatch(/<a[^>]*href="\/reviews"[^>]*>Read reviews<\/a>/);
  });
});
