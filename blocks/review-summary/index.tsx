import { useId } from 'react';
import { Stars, countByPlatform, defineBlock, summarizeReviews } from '../../engine/index.ts';
import type { ReviewSummaryProps } from '../../schemas/types/blocks/review-summary.ts';
import styles from './review-summary.module.css';

const fill = (text: string, avg: string, count: number) => text.replace('{avg}', avg).replace('{count}', String(count));

/** The average rating and the number of reviews, computed as /api/reviews/summary does. */
function ReviewSummary({ title, text, reviews, platforms }: ReviewSummaryProps) {
  const headingId = useId();
  const list = (Array.isArray(reviews) ? reviews : []).filter((r) => typeof r?.rating === 'number');
  const { avgRating, reviewCount } = summarizeReviews(list);
  if (!reviewCount) return null;
  const avg = avgRating.toFixed(1);
  return (
    <section
      className={styles.section}
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : 'Review summary'}
    >
      {title && (
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
      )}
      <div className={styles.score}>
        <span className={styles.avg} aria-hidden="true">
          {avg}
        </span>
        <div>
          <Stars value={avgRating} className={styles.stars} label={`Rated ${avg} out of 5`} />
          <p className={styles.text}>{fill(text, avg, reviewCount)}</p>
        </div>
      </div>
      {platforms && (
        <ul className={styles.platforms}>
          {countByPlatform(list.map((r) => ({ platform: r.platform ?? '' }))).map(([name, n]) => (
            <li key={name}>
              <strong>{name}</strong> {n} {n === 1 ? 'review' : 'reviews'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default defineBlock({
  type: 'review-summary',
  component: ReviewSummary,
  description: 'Average rating with stars, review count and per-platform counts.',
});
