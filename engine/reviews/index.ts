/**
 * Customer reviews (data/reviews.json): shape checks, the summary the site shows and the API
 * serves (average to one decimal and count), per-platform counts and ordering. Shared by the
 * review blocks, the server's /api/reviews and product structured data, so every place shows
 * the same figures.
 */
import type { Review } from '../../schemas/types/reviews.ts';

/** A review as data/reviews.json holds it (the type generated from schemas/reviews.schema.json). */
export type { Review };

export interface ReviewSummary {
  /** Mean rating rounded to one decimal; 0 when there are no reviews. */
  avgRating: number;
  reviewCount: number;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export function isReview(v: unknown): v is Review {
  if (v === null || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return (
    isText(r.id) &&
    isText(r.name) &&
    typeof r.rating === 'number' &&
    r.rating >= 1 &&
    r.rating <= 5 &&
    isText(r.platform) &&
    isText(r.location) &&
    isText(r.reviewText) &&
    typeof r.date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(r.date) &&
    (r.profilePicture === undefined || isText(r.profilePicture)) &&
    (r.styles === undefined || (Array.isArray(r.styles) && r.styles.every(isText)))
  );
}

export function summarizeReviews(reviews: readonly Pick<Review, 'rating'>[]): ReviewSummary {
  if (!reviews.length) return { avgRating: 0, reviewCount: 0 };
  const sum = reviews.reduce((s, r) => s + r.rating, 0);
  return { avgRating: Math.round((sum / reviews.length) * 10) / 10, reviewCount: reviews.length };
}

/** Platform -> number of reviews, most first (ties by name). */
export function countByPlatform(reviews: readonly Pick<Review, 'platform'>[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of reviews) if (r.platform) counts.set(r.platform, (counts.get(r.platform) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export type ReviewOrder = 'file' | 'newest' | 'rating';

export function sortReviews<T extends Pick<Review, 'date' | 'rating'>>(reviews: readonly T[], order: ReviewOrder): T[] {
  const out = [...reviews];
  if (order === 'newest') out.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  else if (order === 'rating')
    out.sort((a, b) => b.rating - a.rating || (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return out;
}

/** "Dana R." -> "DR", "Alicia and Ben R." -> "AR": initials for a reviewer without a picture. */
export function reviewerInitials(name: string): string {
  const words = name
    .replace(/[^\p{L}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !['and', '&'].includes(w.toLowerCase()));
  if (!words.length) return '?';
  const first = words[0]![0]!;
  const last = words.length > 1 ? words.at(-1)![0]! : '';
  return (first + last).toUpperCase();
}
