import { SiteLink, defineBlock } from '../../engine/index.ts';
import type { NotFoundProps } from '../../schemas/types/blocks/not-found.ts';
import styles from './not-found.module.css';

/** Page-not-found content. Go back returns to the previous page, or home when there is none. */
function NotFound({ title, subtitle, image, backText, homeText }: NotFoundProps) {
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign('/');
  };
  return (
    <section className={styles.notFound}>
      {image && (
        <img className={styles.image} src={image.src} alt={image.alt} width={image.width} height={image.height} />
      )}
      {title && <h1 className={styles.title}>{title}</h1>}
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      <div className={styles.actions}>
        <button type="button" className={styles.back} onClick={goBack}>
          {backText}
        </button>
        <SiteLink href="/" className={styles.home}>
          {homeText}
        </SiteLink>
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'not-found',
  component: NotFound,
  island: { start: 'interaction', code: 'component' },
  description: 'Page-not-found content with Go back and Go to home.',
});
