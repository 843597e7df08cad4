import { defineBlock } from '../../engine/index.ts';
import type { HeadingProps } from '../../schemas/types/blocks/heading.ts';
import styles from './heading.module.css';

function Heading({ eyebrow, title, level, intro, align }: HeadingProps) {
  const Tag = `h${level}` as 'h1' | 'h2' | 'h3';
  return (
    <section className={`${styles.heading} ${align === 'center' ? styles.center : ''}`}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <Tag className={styles.title}>{title}</Tag>
      {intro && <p className={styles.intro}>{intro}</p>}
    </section>
  );
}

export default defineBlock({
  type: 'heading',
  component: Heading,
  description: 'Page heading with eyebrow and intro.',
});
