import { useEffect, useState, type MouseEvent } from 'react';
import { defineBlock, prefersReducedMotion } from '../../engine/index.ts';
import type { ScrollToTopProps } from '../../schemas/types/blocks/scroll-to-top.ts';
import styles from './scroll-to-top.module.css';

/** A button that appears once the page is scrolled past `threshold` (200 px) and goes back to the top. */
function ScrollToTop({ threshold = 200, label = 'Scroll to top' }: ScrollToTopProps) {
  const [shown, setShown] = useState(false);
  // Fixed bars at the bottom (the cookie banner) say how much they cover with the root's
  // scroll-padding-bottom; the button sits above them so it is never hidden behind one.
  const [covered, setCovered] = useState('0px');
  useEffect(() => {
    const root = document.documentElement;
    const read = () => {
      const pad = getComputedStyle(root).scrollPaddingBottom;
      setCovered(pad && pad !== 'auto' ? pad : '0px');
    };
    read();
    const watch = new MutationObserver(read);
    watch.observe(root, { attributes: true, attributeFilter: ['style'] });
    return () => watch.disconnect();
  }, []);
  useEffect(() => {
    const update = () => setShown(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  const toTop = (e: MouseEvent<HTMLButtonElement>) => {
    // Focus leaves the button first: Chromium stops a smooth scroll when the focused element is
    // hidden, which this button is once the page is back above the threshold. Keyboard users
    // (a click with detail 0) continue from the top of the page; a pointer click just lets go.
    const first = e.detail === 0 ? document.querySelector<HTMLElement>('#root a[href], #root button') : null;
    if (first) first.focus({ preventScroll: true });
    else e.currentTarget.blur();
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };
  return (
    <button type="button" className={styles.button} style={{ bottom: `calc(1rem + ${covered})` }} aria-label={label} hidden={!shown} onClick={toTop}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 19V5m0 0l-6 6m6-6l6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

export default defineBlock({ type: 'scroll-to-top', component: ScrollToTop, island: 'idle', description: 'Scroll-to-top button shown after 200 px of scrolling.' });
