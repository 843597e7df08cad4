import { Stars, defineBlock, ratingLabel } from '../../engine/index.ts';
import type { StarRatingProps } from '../../schemas/types/blocks/star-rating.ts';
import styles from './star-rating.module.css';

/** Five stars with half stars; the rating is also written out for everyone ("4.5 out of 5"). */
function StarRating({ value, title, text, align }: StarRatingProps) {
  return (
    <section className={[styles.rating, align === 'center' ? styles.center : ''].filter(Boolean).join(' ')}>
      {title && <h2 className={styles.title}>{title}</h2>}
      <p className={styles.line}>
        <Stars value={value} label={ratingLabel(value)} className={styles.stars} />
        <span className={styles.value} aria-hidden="true">
          {ratingLabel(value).replace(/^Rated /, '')}
        </span>
        {text && <span className={styles.text}>{text}</span>}
      </p>
    </section>
  );
}

export default defineBlock({
  type: 'star-rating',
  component: StarRating,
  description: 'Five-star rating with half stars and the rating as text.',
});
