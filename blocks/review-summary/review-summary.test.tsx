import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { ReviewSummaryProps } from '../../schemas/types/blocks/review-summary.ts';
import block from './index.tsx';

const reviews = [
  { rating: 5, platform: 'Google' },
  { rating: 4.5, platform: 'Houzz' },
  { rating: 5, platform: 'Google' },
];

describe('review-summary', () => {
  it('shows the average to one decimal, the count and the platforms', () => {
    const html = renderBlock(block, { title: 'Customer rating', reviews } as ReviewSummaryProps);
    expect(html).toMatch(/<h2[^>]*>Customer rating<\/h2>/);
    expect(html).toContain('aria-label="Rated 4.8 out of 5"');
    expect(html).toContain('4.8 out of 5 from 3 reviews');
    expect(html).toMatch(/<li><strong>Google<\/strong> <!-- -->2<!-- --> <!-- -->reviews<\/li><li><strong>Houzz<\/strong> <!-- -->1<!-- --> <!-- -->review<\/li>/);
  });

  it('renders nothing without reviews', () => {
    expect(renderBlock(block, { reviews: [] } as ReviewSummaryProps)).toBe('');
  });
});
