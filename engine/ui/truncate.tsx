/**
 * Long text cut at a word boundary with a toggle (Read more / Show less, or any labels), with no
 * script: the whole text is in the HTML, its end hidden by CSS until the toggle (a <details>
 * whose <summary> is the control, its state announced as expanded or collapsed) is opened.
 * The cut text shows first, so nothing shifts while the page loads.
 */
import type { ElementType } from 'react';
import styles from './ui.module.css';

/** The start of `text` kept when it is cut at `limit`: a prefix of it, at a word boundary. */
function cutAt(text: string, limit: number): string {
  // One character more, so a word that ends exactly at the limit is kept whole.
  const cut = text.slice(0, limit + 1);
  const space = cut.lastIndexOf(' ');
  const base = space > limit * 0.6 ? cut.slice(0, space) : text.slice(0, limit);
  return base.replace(/[\s,;:.\-–—]+$/, '');
}

/** The text cut to at most `limit` characters at a word boundary, with an ellipsis; unchanged when short enough. */
export function truncateText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${cutAt(text, limit)}…`;
}

export interface TruncateProps {
  text: string;
  limit: number;
  moreLabel?: string;
  lessLabel?: string;
  as?: ElementType;
  className?: string;
}

export function Truncate({
  text,
  limit,
  moreLabel = 'Read more',
  lessLabel = 'Show less',
  as: Tag = 'p',
  className,
}: TruncateProps) {
  if (text.length <= limit) return <Tag className={className}>{text}</Tag>;
  const kept = cutAt(text, limit);
  return (
    <div className={styles.truncate}>
      <Tag className={className}>
        {kept}
        <span className={styles.truncateCut}>…</span>
        <span className={styles.truncateRest}>{text.slice(kept.length)}</span>
      </Tag>
      <details className={styles.truncateToggle}>
        <summary className={styles.textButton}>
          <span className={styles.truncateMore}>{moreLabel}</span>
          <span className={styles.truncateLess}>{lessLabel}</span>
        </summary>
      </details>
    </div>
  );
}
