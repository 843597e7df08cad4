/**
 * The page's only script tag: starts the islands' runtime (entry.tsx, URL in data-jv-entry) once
 * the first screen is painted, its largest image included. On a slow link the HTML, the inlined
 * CSS and that image then get the bandwidth first; the page is readable, and its links work,
 * before any script runs. It only starts islands: a block's behaviour is its own island's code
 * (blocks/<type>/client.ts or its component). It imports nothing that brings code along.
 */
import { sheetsWhenNeeded } from '../render/deferred-sheet.ts';
import { holdEarlyClicks } from './early-clicks.ts';
import { SMART_TV } from '../render/smart-tv.ts';

const me = document.querySelector<HTMLScriptElement>('script[data-jv-entry]');

// A smart TV: blocks and menu items listed for one platform show on it alone (visibility.ts's CSS).
if (SMART_TV.test(navigator.userAgent)) document.documentElement.classList.add('jv-tv');

// The full stylesheet stays off until the page shows a class its inlined CSS may lack (deferred-sheet.ts).
const sheets = sheetsWhenNeeded();

/** Resolves once the browser has painted the page's first content (at once where it does not tell). */
function contentPainted(): Promise<void> {
  return new Promise((done) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return done();
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      done();
    }).observe({ type: 'paint', buffered: true });
  });
}

/**
 * Resolves once the first screen is painted: its first content and its LCP image (the one
 * fetched with high priority), then two frames (this script runs once the HTML is parsed: the
 * next frame paints all of it, the cookie banner included, even when the first paint showed the
 * top of the page only, as document.ts allows); or after `ms` (a stalled image, a hidden tab that
 * paints nothing). Two frames, not more: each frame more keeps hydration's long tasks later, in
 * the window where they count as blocking time.
 */
function firstScreenShown(ms: number): Promise<void> {
  const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const loaded =
    hero && !hero.complete
      ? new Promise((done) => {
          hero.addEventListener('load', done, { once: true });
          hero.addEventListener('error', done, { once: true });
        })
      : Promise.resolve();
  const shown = Promise.all([loaded, contentPainted()]).then(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  return Promise.race([shown, new Promise<void>((done) => setTimeout(done, ms))]);
}

if (me?.dataset.jvEntry) {
  const clicks = holdEarlyClicks();
  await firstScreenShown(document.visibilityState === 'hidden' ? 0 : 3000);
  // The page's chunks all fetched at once, not one after the other as the entry's imports would
  // find them. By import(), not <link rel="modulepreload">: adding a link took a millisecond or
  // more each on a phone, a page's ten of them one long task. A chunk that fails to load fails
  // the entry's own import below, as before.
  for (const href of (me.dataset.jvPreload ?? '').split(' ').filter(Boolean))
    import(/* @vite-ignore */ href).catch(() => {});
  // The full sheet's text is in before any island runs, so what an island shows is styled in its first frame.
  await sheets.prefetch();
  // The runtime's module has run: every island holds its own clicks now (entry.tsx).
  await import(/* @vite-ignore */ me.dataset.jvEntry).finally(() => clicks.replay());
}
