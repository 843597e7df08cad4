import { SiteLink, defineBlock } from '../../engine/index.ts';
import type { CtaBandProps } from '../../schemas/types/blocks/cta-band.ts';
import styles from './cta-band.module.css';

function CtaBand({ title, text, action, tone }: CtaBandProps) {
  return (
    <section className={`${styles.band} ${tone === 'surface' ? styles.surface : styles.accent}`}>
      <div className={styles.inner}>
        <div>
          <h2 className={styles.title}>{title}</h2>
          {text && <p className={styles.text}>{text}</p>}
        </div>
        <SiteLink href={action.url} className={styles.action}>
          {action.label}
        </SiteLink>
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'cta-band',
  component: CtaBand,
  description: 'A band with a title, a sentence and one call to action.',
});
