import { useId } from 'react';
import {
  ActionLink,
  Stars,
  Truncate,
  defineBlock,
  formatPublishDate,
  isReview,
  reviewerInitials,
  sortReviews,
  type Review,
  sectionStyles,
} from '../../engine/index.ts';
import type { ReviewCardsProps } from '../../schemas/types/blocks/review-cards.ts';
import styles from './review-cards.module.css';

function ReviewCard({ review, limit, Heading }: { review: Review; limit: number; Heading: 'h2' | 'h3' }) {
  return (
    <li className={styles.card}>
      <div className={styles.head}>
        {review.profilePicture ? (
          <img
            className={styles.avatar}
            src={review.profilePicture}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className={styles.initials} aria-hidden="true">
            {reviewerInitials(review.name)}
          </span>
        )}
        <div>
          <Heading className={styles.name}>{review.name}</Heading>
          <p className={styles.location}>{review.location}</p>
        </div>
      </div>
      <p className={styles.rating}>
        <Stars value={review.rating} className={styles.stars} />
        <span className={styles.platform}>{review.platform}</span>
      </p>
      <Truncate
        text={review.reviewText}
        limit={limit}
        moreLabel="Show More"
        lessLabel="Show Less"
        className={styles.text}
      />
      <p className={styles.date}>
        <time dateTime={review.date}>{formatPublishDate(review.date)}</time>
      </p>
    </li>
  );
}

/**
 * Customer reviews from the site's review data (the same file the server's /api/reviews reads),
 * each cut at 150 characters with Show More / Show Less. Entries that are not well-formed
 * reviews are left out rather than breaking the page.
 */
function ReviewCards({ title, intro, reviews, limit, sort, style, truncate, action }: ReviewCardsProps) {
  const headingId = useId();
  let list = (Array.isArray(reviews) ? reviews : []).filter(isReview);
  if (style) list = list.filter((r) => r.styles?.includes(style));
  list = sortReviews(list, sort);
  if (limit) list = list.slice(0, limit);
  if (!list.length) return null;
  return (
    <section className={sectionStyles.section} aria-labelledby={title ? headingId : undefined}>
      {title && (
        <h2 id={headingId} className={sectionStyles.title}>
          {title}
        </h2>
      )}
      {intro && <p className={sectionStyles.intro}>{intro}</p>}
      <ul className={styles.grid}>
        {list.map((r) => (
          <ReviewCard key={r.id} review={r} limit={truncate} Heading={title ? 'h3' : 'h2'} />
        ))}
      </ul>
      {action && (
        <p className={styles.action}>
          <ActionLink action={action} variant="outline" />
        </p>
      )}
    </section>
  );
}

export default defineBlock({
  type: 'review-cards',
  component: ReviewCards,
  description: 'Customer review cards with stars, platform and Show More / Show Less.',
});
