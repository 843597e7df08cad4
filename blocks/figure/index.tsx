import { Picture, defineBlock, useImagePriority } from '../../engine/index.ts';
import type { FigureProps } from '../../schemas/types/blocks/figure.ts';
import styles from './figure.module.css';

function Figure({ image, caption, priority: marked = false }: FigureProps) {
  // Marked priority, or the page's first image (engine/ui/image-priority.ts).
  const priority = useImagePriority(marked || undefined);
  return (
    <figure className={styles.figure}>
      <Picture image={image} layout={{ mobile: 1, desktop: '72rem' }}>
        <img
          className={styles.image}
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority && { fetchPriority: 'high' as const })}
        />
      </Picture>
      {caption && <figcaption className={styles.caption}>{caption}</figcaption>}
    </figure>
  );
}

export default defineBlock({ type: 'figure', component: Figure, description: 'One image with an optional caption.' });
