import { useId } from 'react';
import { defineBlock } from '../../engine/index.ts';
import type { FaqListProps } from '../../schemas/types/blocks/faq-list.ts';
import styles from './faq-list.module.css';

/**
 * An accordion of questions. Native <details> elements sharing a `name` keep one item open at a
 * time (clicking the open one closes it) with no JavaScript; the engine reads `faqs` for the
 * FAQPage JSON-LD, so the structured data always matches what the page shows.
 */
function FaqList({ title, faqs }: FaqListProps) {
  const group = useId();
  return (
    <section className={styles.faqs}>
      {title && <h2 className={styles.title}>{title}</h2>}
      {faqs.map((f, i) => (
        <details key={i} name={group} className={styles.item}>
          <summary className={styles.question}>{f.question}</summary>
          <p className={styles.answer}>{f.answer}</p>
        </details>
      ))}
    </section>
  );
}

export default defineBlock({
  type: 'faq-list',
  component: FaqList,
  description: 'Questions and answers as a one-open-at-a-time accordion.',
});
