/**
 * GET /api/reviews/birdeye and GET /api/reviews/summary: the shop's reviews, served from the
 * site's own review data (<siteDir>/data/reviews.json, the file the review blocks show), in the
 * shapes of the review service the original shop called:
 *
 * - birdeye: `[{ reviewId, rating, reviewer: { nickName }, rdate, comments, sourceType }]`,
 *   newest first; `rdate` is the review date as epoch milliseconds (UTC midnight), as that
 *   service gives it.
 * - summary: `{ avgRating, reviewCount }` (average to one decimal; `{ avgRating: 0,
 *   reviewCount: 0 }` when the file holds no reviews).
 *
 * Failure gives an empty list: when the file is missing, unreadable or not a review
 * file, both answer 200 with `[]` (and the server logs why, once per version of the file), so
 * a caller building structured data simply gets nothing; never a 500. Entries that are not
 * well-formed reviews are skipped (`joinery lint` reports them). The parsed file is kept in
 * memory and read again only when its modification time or size changes.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { isReview, sortReviews, summarizeReviews, type Review } from '../../engine/node.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/env.ts';
import type { Logger } from '../logger.ts';

const REVIEWS_FILE = 'data/reviews.json';

export interface BirdeyeReview {
  reviewId: string;
  rating: number;
  reviewer: { nickName: string };
  rdate: number;
  comments: string;
  sourceType: string;
}

const toBirdeye = (r: Review): BirdeyeReview => ({
  reviewId: r.id,
  rating: r.rating,
  reviewer: { nickName: r.name },
  rdate: Date.parse(`${r.date}T00:00:00Z`),
  comments: r.reviewText,
  sourceType: r.platform,
});

export interface ReviewSource {
  /** The reviews, newest first, or null when the file cannot be used. */
  load(): Promise<Review[] | null>;
}

function fileReviewSource(file: string, log: Logger): ReviewSource {
  let cache: { version: string; reviews: Review[] | null } | undefined;
  return {
    async load() {
      let version: string;
      try {
        const s = await stat(file);
        version = `${s.mtimeMs}:${s.size}`;
      } catch (e) {
        version = `missing:${(e as NodeJS.ErrnoException).code ?? 'error'}`;
      }
      if (cache?.version === version) return cache.reviews;
      let reviews: Review[] | null = null;
      try {
        const data = JSON.parse(await readFile(file, 'utf8')) as { reviews?: unknown };
        if (!Array.isArray(data?.reviews)) throw new Error('it has no "reviews" list');
        reviews = sortReviews(data.reviews.filter(isReview), 'newest');
        const skipped = data.reviews.length - reviews.length;
        if (skipped) log.warn(`reviews: skipped ${skipped} malformed entr${skipped === 1 ? 'y' : 'ies'} in ${file}`);
      } catch (e) {
        log.error(`reviews: cannot use ${file}: ${(e as Error).message}`);
      }
      cache = { version, reviews };
      return reviews;
    },
  };
}

export function reviewsRoutes(
  deps: Pick<AppDeps, 'siteDir' | 'log'>,
  source: ReviewSource = fileReviewSource(join(deps.siteDir, REVIEWS_FILE), deps.log),
): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/birdeye', async (c) => {
      const reviews = await source.load().catch(() => null);
      return c.json(reviews ? reviews.map(toBirdeye) : []);
    })
    .get('/summary', async (c) => {
      const reviews = await source.load().catch(() => null);
      return c.json(reviews ? summarizeReviews(reviews) : []);
    });
}
