/** A content card (image, eyebrow, title, text, action), shared by card grids and sliders. */
import { renderInline } from '../text/inline.tsx';
import { ActionLink, Img, type ActionData, type ImageData } from './image.tsx';
import styles from './ui.module.css';

export interface CardData {
  image?: ImageData;
  eyebrow?: string;
  title: string;
  text?: string;
  action?: ActionData;
}

export function Card({ card, heading = 'h3' }: { card: CardData; heading?: 'h2' | 'h3' }) {
  const Heading = heading;
  return (
    <article className={styles.card}>
      {card.image && <Img image={card.image} className={styles.cardImage} />}
      <div className={styles.cardBody}>
        {card.eyebrow && <p className={styles.cardEyebrow}>{card.eyebrow}</p>}
        <Heading className={styles.cardTitle}>{card.title}</Heading>
        {card.text && <p className={styles.cardText}>{renderInline(card.text)}</p>}
        {card.action && (
          <div className={styles.cardFooter}>
            <ActionLink action={card.action} variant="outline" />
          </div>
        )}
      </div>
    </article>
  );
}
