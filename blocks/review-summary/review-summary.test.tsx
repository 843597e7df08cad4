import { describe, expect, it } from 'vitest';
import { renderBlockScreen, type WrittenProps, renderBlock } from '../../engine/testing/index.ts';
import type { ReviewSummaryProps } from '../../schemas/types/blocks/review-summary.ts';
import block from './index.tsx';

const reviews = [
  { rating: 5, platform: 'Google' },
  { rating: 4.5, platform: 'Houzz' },
  { rating: 5, platform: 'Google' },
];

describe('review-summary', () => {
  it('shows the average to one decimal, the count and the platforms', () => {
    const screen = renderBlockScreen(block, { title: 'Customer rating', reviews } as ReviewSummaryProps);
    expect(screen.getByRole('heading', { level: 2, name: 'Customer rating' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeTruthy();
    expect(screen.getByText(/4\.8 out of 5 from 3 reviews/)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Google 2 reviews', 'Houzz 1 review']);
  });

  it('renders nothing without reviews', () => {
    expect(renderBlock(block, { reviews: [] } as WrittenProps<ReviewSummaryProps>)).toBe('');
  });
});
