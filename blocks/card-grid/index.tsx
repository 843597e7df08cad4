import { Card, defineBlock, sectionStyles } from '../../engine/index.ts';
import type { CardGridProps } from '../../schemas/types/blocks/card-grid.ts';
import styles from './card-grid.module.css';

/** A grid of cards: one column on phones, two on tablets, `columns` on desktops. */
function CardGrid({ title, intro, columns, cards }: CardGridProps) {
  return (
    <section className={sectionStyles.section}>
      {title && <h2 className={sectionStyles.title}>{title}</h2>}
      {intro && <p className={sectionStyles.intro}>{intro}</p>}
      <ul className={`${styles.grid} ${sectionStyles[`cols${columns}`] ?? ''}`}>
        {cards.map((card, i) => (
          <li key={i}>
            <Card card={card} heading={title ? 'h3' : 'h2'} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default defineBlock({
  type: 'card-grid',
  component: CardGrid,
  description: 'A grid of cards with image, title, text and a call to action.',
});
