import { Img, SiteLink, defineBlock, gridLayout, linkCardStyles, sectionStyles } from '../../engine/index.ts';
import type { LinkCardsProps } from '../../schemas/types/blocks/link-cards.ts';
import styles from './link-cards.module.css';

/** A grid of cards; the whole card is clickable through its title link. Images load lazily unless the first is the page's first image. */
function LinkCards({ title, intro, columns, cards }: LinkCardsProps) {
  const CardHeading = title ? 'h3' : 'h2';
  return (
    <section className={sectionStyles.section}>
      {title && <h2 className={sectionStyles.title}>{title}</h2>}
      {intro && <p className={sectionStyles.intro}>{intro}</p>}
      <ul className={`${styles.grid} ${sectionStyles[`cols${columns}`] ?? ''}`}>
        {cards.map((card, i) => (
          <li key={i} className={linkCardStyles.card}>
            {card.image && <Img className={styles.image} image={card.image} layout={gridLayout(columns)} />}
            <div className={styles.body}>
              <CardHeading className={styles.cardTitle}>
                <SiteLink href={card.url} className={linkCardStyles.link}>
                  {card.title}
                </SiteLink>
              </CardHeading>
              {card.text && <p className={styles.text}>{card.text}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default defineBlock({
  type: 'link-cards',
  component: LinkCards,
  description: 'A grid of linked cards with title, text and image.',
});
