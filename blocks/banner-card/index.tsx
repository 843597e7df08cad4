import { ActionLink, Img, Stars, defineBlock, ratingLabel, sectionStyles } from '../../engine/index.ts';
import type { BannerCardProps } from '../../schemas/types/blocks/banner-card.ts';
import styles from './banner-card.module.css';

/** A highlighted card: image, title, text, a ratings line and one call to action. */
function BannerCard({ image, eyebrow, title, text, ratings, action, imagePosition }: BannerCardProps) {
  return (
    <section className={styles.wrap}>
      <div
        className={[styles.card, image ? '' : styles.noImage, imagePosition === 'right' ? styles.imageRight : '']
          .filter(Boolean)
          .join(' ')}
      >
        {image && <Img image={image} className={styles.image} />}
        <div className={styles.body}>
          {eyebrow && <p className={sectionStyles.eyebrow}>{eyebrow}</p>}
          <h2 className={styles.title}>{title}</h2>
          {ratings && (
            <p className={styles.ratings}>
              <Stars value={ratings.value} label={ratingLabel(ratings.value)} />
              <span>{ratings.text ?? `${ratings.value} out of 5`}</span>
            </p>
          )}
          {text && <p className={styles.text}>{text}</p>}
          {action && <ActionLink action={action} className={styles.action} />}
        </div>
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'banner-card',
  component: BannerCard,
  description: 'A highlighted card with image, ratings and a call to action.',
});
