import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { StarRatingProps } from '../../schemas/types/blocks/star-rating.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('star-rating', () => {
  it('renders five stars filled to the half star with the rating as text', () => {
    const screen = renderBlockScreen(block, example.props as StarRatingProps);
    expect(screen.getByRole('heading', { level: 2, name: 'What homeowners say' })).toBeTruthy();
    const stars = screen.getByRole('img', { name: 'Rated 4.5 out of 5' });
    // The filled layer covers 90 % of the five stars.
    expect(stars.querySelector('[style]')?.getAttribute('style')).toBe('width:90%');
    expect(screen.getByText(/4\.5 out of 5/)).toBeTruthy();
    expect(screen.getByText(/from 1,240 verified reviews/)).toBeTruthy();
  });
});
