import { Img, defineBlock } from '../../engine/index.ts';
import type { FigureProps } from '../../schemas/types/blocks/figure.ts';
import styles from './figure.module.css';

/** Marked priority, or the page's first image (engine/ui/image-priority.ts): Img decides. */
function Figure({ image, caption, priority: marked = false }: FigureProps) {
  return (
    <figure className={styles.figure}>
      <Img
        image={image}
        className={styles.image}
        priority={marked || undefined}
        layout={{ mobile: 1, desktop: '72rem' }}
      />
      {caption && <figcaption className={styles.caption}>{caption}</figcaption>}
    </figure>
  );
}

export default defineBlock({ type: 'figure', component: Figure, description: 'One image with an optional caption.' });
