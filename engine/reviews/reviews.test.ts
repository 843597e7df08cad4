import { describe, expect, it } from 'vitest';
import { countByPlatform, isReview, reviewerInitials, sortReviews, summarizeReviews, type Review } from './index.ts';

const review = (id: string, rating: number, date: string, platform = 'Google'): Review => ({
  id,
  name: 'Dana R.',
  rating,
  platform,
  location: 'Columbus, OH',
  reviewText: 'Great cabinets.',
  date,
});

describe('reviews', () => {
  it('summarizes to one decimal, and zero for none', () => {
    expect(
      summarizeReviews([review('a', 5, '2024-01-01'), review('b', 4.5, '2024-01-02'), review('c', 4, '2024-01-03')]),
    ).toEqual({ avgRating: 4.5, reviewCount: 3 });
    expect(
      summarizeReviews([review('a', 5, '2024-01-01'), review('b', 4.5, '2024-01-02'), review('c', 5, '2024-01-03')])
        .avgRating,
    ).toBe(4.8);
    expect(summarizeReviews([])).toEqual({ avgRating: 0, reviewCount: 0 });
  });

  it('counts per platform and sorts', () => {
    const list = [review('a', 4, '2024-01-01', 'Houzz'), review('b', 5, '2023-01-01'), review('c', 5, '2024-06-01')];
    expect(countByPlatform(list)).toEqual([
      ['Google', 2],
      ['Houzz', 1],
    ]);
    expect(sortReviews(list, 'newest').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(sortReviews(list, 'rating').map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(sortReviews(list, 'file').map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('checks shapes and makes initials', () => {
    expect(isReview(review('a', 5, '2024-01-01'))).toBe(true);
    expect(isReview({ ...review('a', 6, '2024-01-01') })).toBe(false);
    expect(isReview({ ...review('a', 5, 'June 1') })).toBe(false);
    expect(reviewerInitials('Dana R.')).toBe('DR');
    expect(reviewerInitials('Alicia and Ben R.')).toBe('AR');
    expect(reviewerInitials('Émile')).toBe('É');
  });
});
