/**
 * The page's only script tag: starts the hydration code (entry.tsx, URL in data-jv-entry) once
 * the first screen is painted, its largest image included. On a slow link the HTML, the inlined
 * CSS and that image then get the bandwidth first; the page is readable, and its links work,
 * before any script runs. No imports: this file is fetched at once and must stay tiny.
 */
const me = document.querySelector<HTMLScriptElement>('script[data-jv-entry]');

/** Resolves after the LCP image (the one fetched with high priority) is loaded and painted, or after `ms`. */
function firstScreenShown(ms: number): Promise<void> {
  const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const loaded =
    hero && !hero.complete
      ? new Promise((done) => (hero.addEventListener('load', done, { once: true }), hero.addEventListener('error', done, { once: true })))
      : Promise.resolve();
  // Two frames: the one that paints the image, then the start of the next.
  const painted = loaded.then(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  // A hidden tab paints no frames, and a stalled image must not hold hydration up for long; the
  // load event (every eager image in) ends the wait too, also where timers and frames are held.
  const pageLoaded = document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((done) => addEventListener('load', () => done(), { once: true }));
  return Promise.race([painted, pageLoaded, new Promise<void>((done) => setTimeout(done, ms))]);
}

if (me?.dataset.jvEntry) {
  await firstScreenShown(document.visibilityState === 'hidden' ? 0 : 3000);
  for (const href of (me.dataset.jvPreload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  await import(/* @vite-ignore */ me.dataset.jvEntry);
}
export {};
