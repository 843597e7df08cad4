import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { CardGridProps } from '../../schemas/types/blocks/card-grid.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('card-grid', () => {
  it('renders one card per entry with image, title, text links and action', () => {
    const html = renderBlock(block, example.props as CardGridProps);
    expect(html).toMatch(/<h2[^>]*>Why homeowners choose Hearthline<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>3\/4 inch plywood boxes<\/h3>/);
    expect(html).toMatch(/<h3[^>]*>Dovetail drawers<\/h3>/);
    expect(html).toMatch(/Read <a href="\/about-us"[^>]*>how we build<\/a>\./);
    expect(html).toMatch(/<a[^>]*href="\/about-us"[^>]*>Learn more<\/a>/);
    expect(html).toMatch(/<img[^>]*alt="Cut-away of a plywood cabinet box"[^>]*width="480"[^>]*height="320"[^>]*loading="lazy"/);
  });
});
