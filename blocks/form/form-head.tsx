/** The form's title and intro, unless the page gives the heading itself. */
import { renderInline } from '../../engine/index.ts';
import styles from './styles.ts';

export function FormHead({
  title,
  titleId,
  intro,
  headingLevel,
}: {
  /** Absent: the form is named by its aria-label instead. */
  title?: string;
  titleId: string;
  intro?: string;
  headingLevel: number;
}) {
  const H = `h${headingLevel}` as 'h2';
  return (
    <div className={styles.head}>
      {title && (
        <H id={titleId} className={styles.title}>
          {title}
        </H>
      )}
      {intro && <p className={styles.intro}>{renderInline(intro)}</p>}
    </div>
  );
}
