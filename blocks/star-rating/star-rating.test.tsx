import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { StarRatingProps } from '../../schemas/types/blocks/star-rating.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('star-rating', () => {
  it('renders five stars filled to the half star with the rating as text', () => {
    const html = renderBlock(block, example.props as StarRatingProps);
    expect(html).toMatch(/<h2[^>]*>What homeowners say<\/h2>/);
    expect(html).toContain('role="img" aria-label="Rated 4.5 out of 5"');
    expect(html).toContain('style="width:90%"');
    expect(html).toContain('4.5 out of 5');
    expect(html).toContain('from 1,240 verified reviews');
  });
});
