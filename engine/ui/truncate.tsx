/**
 * Long text cut at a word boundary with a toggle (Read more / Show less, or any labels). The
 * prerendered HTML shows the short text, so nothing shifts on hydration; the button says
 * whether the text is expanded (aria-expanded) and which element it controls.
 */
import { useId, useState, type ElementType } from 'react';
import styles from './ui.module.css';

/** The text cut to at most `limit` characters at a word boundary, with an ellipsis; unchanged when short enough. */
export function truncateText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  // One character more, so a word that ends exactly at the limit is kept whole.
  const cut = text.slice(0, limit + 1);
  const space = cut.lastIndexOf(' ');
  const base = space > limit * 0.6 ? cut.slice(0, space) : text.slice(0, limit);
  return `${base.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

export interface TruncateProps {
  text: string;
  limit: number;
  moreLabel?: string;
  lessLabel?: string;
  as?: ElementType;
  className?: string;
}

export function Truncate({ text, limit, moreLabel = 'Read more', lessLabel = 'Show less', as: Tag = 'p', className }: TruncateProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (text.length <= limit) return <Tag className={className}>{text}</Tag>;
  return (
    <div className={styles.truncate}>
      <Tag id={id} className={className}>
        {open ? text : truncateText(text, limit)}
      </Tag>
      <button type="button" className={styles.textButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? lessLabel : moreLabel}
      </button>
    </div>
  );
}
