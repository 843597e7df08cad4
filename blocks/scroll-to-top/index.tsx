import { defineBlock } from '../../engine/index.ts';
import type { ScrollToTopProps } from '../../schemas/types/blocks/scroll-to-top.ts';
import styles from './scroll-to-top.module.css';

/**
 * A button that appears once the page is scrolled past `threshold` (px) and goes back to the
 * top: prerendered hidden, a framework-free island (client.ts) started when the browser is idle.
 */
function ScrollToTop({ label }: ScrollToTopProps) {
  return (
    <button type="button" className={styles.button} style={{ bottom: 'calc(1rem + 0px)' }} aria-label={label} hidden>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 19V5m0 0l-6 6m6-6l6 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

export default defineBlock({
  type: 'scroll-to-top',
  component: ScrollToTop,
  island: { start: 'idle', code: 'client' },
  description: 'Scroll-to-top button shown after 200 px of scrolling.',
});
