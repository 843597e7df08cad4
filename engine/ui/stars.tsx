/**
 * Five stars with half-star precision and an accessible name ("Rated 4.5 out of 5"). The
 * filled row is clipped over the empty row, so any fraction works without per-star state.
 */
import type { CSSProperties } from 'react';
import styles from './ui.module.css';

/** The value shown: clamped to 0..max and rounded to the nearest half star. */
export const roundToHalf = (value: number, max = 5) => Math.min(max, Math.max(0, Math.round(value * 2) / 2));

/** "Rated 4.5 out of 5": the value itself (one decimal), not the rounded stars. */
export const ratingLabel = (value: number, max = 5) =>
  `Rated ${Math.round(Math.min(max, Math.max(0, value)) * 10) / 10} out of ${max}`;

const STAR = 'M12 2.5l2.94 6.06 6.56.92-4.78 4.6 1.17 6.53L12 17.5l-5.89 3.11 1.17-6.53-4.78-4.6 6.56-.92z';

function Row({ max, className }: { max: number; className: string }) {
  return (
    <span className={className}>
      {Array.from({ length: max }, (_, i) => (
        <svg key={i} viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}

export interface StarsProps {
  value: number;
  max?: number;
  /** Accessible name; defaults to ratingLabel(value, max). */
  label?: string;
  className?: string;
}

export function Stars({ value, max = 5, label, className }: StarsProps) {
  const shown = roundToHalf(value, max);
  return (
    <span
      className={[styles.stars, className].filter(Boolean).join(' ')}
      style={max === 5 ? undefined : ({ '--stars-max': max } as CSSProperties)}
      role="img"
      aria-label={label ?? ratingLabel(value, max)}
    >
      <Row max={max} className={styles.starsEmpty!} />
      <span className={styles.starsFill} style={{ width: `${(shown / max) * 100}%` }}>
        <Row max={max} className={styles.starsRow!} />
      </span>
    </span>
  );
}
