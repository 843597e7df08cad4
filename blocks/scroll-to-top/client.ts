/**
 * The button's browser code, without a UI library: shown once the page is scrolled past the
 * threshold, it goes back to the top. Fixed bars at the bottom (the cookie banner) say how much
 * they cover with the root's scroll-padding-bottom; the button sits above them, never behind.
 */
import type { IslandClient } from '../../engine/framework-free.ts';
import type { ScrollToTopProps } from '../../schemas/types/blocks/scroll-to-top.ts';

export const start: IslandClient<ScrollToTopProps>['start'] = (el, { threshold }) => {
  const button = el.querySelector('button');
  if (!button) return;
  const root = document.documentElement;
  const cover = () => {
    const pad = getComputedStyle(root).scrollPaddingBottom;
    button.style.bottom = `calc(1rem + ${pad && pad !== 'auto' ? pad : '0px'})`;
  };
  cover();
  new MutationObserver(cover).observe(root, { attributes: true, attributeFilter: ['style'] });
  const update = () => (button.hidden = window.scrollY <= threshold);
  update();
  addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', (e) => {
    // Focus leaves the button first: Chromium stops a smooth scroll when the focused element is
    // hidden, which this button is once the page is back above the threshold. Keyboard users
    // (a click with detail 0) continue from the top of the page; a pointer click just lets go.
    const first = e.detail === 0 ? document.querySelector<HTMLElement>('#root a[href], #root button') : null;
    if (first) first.focus({ preventScroll: true });
    else button.blur();
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  });
};
