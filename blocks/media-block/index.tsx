import { ActionLink, Img, Truncate, defineBlock, sectionStyles } from '../../engine/index.ts';
import type { MediaBlockProps } from '../../schemas/types/blocks/media-block.ts';
import styles from './media-block.module.css';

/** Image-and-text items; descriptions longer than `limit` (220) get Read more / Show less. */
function MediaBlock({ title, intro, items, limit, alternate }: MediaBlockProps) {
  const Heading = title ? 'h3' : 'h2';
  return (
    <section className={sectionStyles.section}>
      {title && <h2 className={sectionStyles.title}>{title}</h2>}
      {intro && <p className={sectionStyles.intro}>{intro}</p>}
      <ul className={styles.list}>
        {items.map((item, i) => (
          <li
            key={i}
            className={[styles.item, item.image ? '' : styles.noImage, alternate && i % 2 ? styles.flip : '']
              .filter(Boolean)
              .join(' ')}
          >
            {item.image && <Img image={item.image} className={styles.image} />}
            <div className={styles.body}>
              <Heading className={styles.itemTitle}>{item.title}</Heading>
              <Truncate text={item.description} limit={limit} className={styles.description} />
              {item.action && <ActionLink action={item.action} variant="outline" className={styles.action} />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default defineBlock({
  type: 'media-block',
  component: MediaBlock,
  description: 'Image and text items with Read more / Show less descriptions.',
});
