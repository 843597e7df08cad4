/**
 * The page's only script tag: starts the hydration code (entry.tsx, URL in data-jv-entry) once
 * the first screen is painted, its largest image included. On a slow link the HTML, the inlined
 * CSS and that image then get the bandwidth first; the page is readable, and its links work,
 * before any script runs. It imports nothing that brings code along: it must stay tiny.
 */
import { applyDeferredSheets } from '../render/deferred-sheet.ts';
import { SMART_TV } from '../render/smart-tv.ts';

const me = document.querySelector<HTMLScriptElement>('script[data-jv-entry]');

// A smart TV: blocks and menu items listed for one platform show on it alone (visibility.ts's CSS).
if (SMART_TV.test(navigator.userAgent)) document.documentElement.classList.add('jv-tv');

/**
 * A prerendered notice (the cookie banner): the page's inline line (engine/render/notice-script.ts)
 * has shown it while the HTML was parsed when the page has none of the cookies
 * `data-jv-unless-cookie` lists. Here: the page ends above it while it shows; inside it, a click
 * on a `data-jv-set-cookie` button stores that cookie and hides it, one on a `data-jv-show-modal`
 * button opens the <dialog> of that id, and submitting a `data-jv-cookie-form` form stores its
 * cookie (the `{}` of that attribute: the values of its checked, enabled boxes joined by `+`,
 * else `data-jv-cookie-none`) and hides it.
 */
function showNotices(): void {
  const pad = (px: string) =>
    (document.body.style.paddingBottom = document.documentElement.style.scrollPaddingBottom = px);
  for (const el of document.querySelectorAll<HTMLElement>('[data-jv-unless-cookie]')) {
    if (el.hidden) continue;
    // Measured after the browser's own layout (no forced layout here).
    new ResizeObserver(() => pad(el.hidden ? '' : `${el.offsetHeight}px`)).observe(el);
  }
  const store = (cookie = '') => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
    document.cookie = cookie + (location.protocol === 'https:' ? '; Secure' : '');
    for (const notice of document.querySelectorAll<HTMLElement>('[data-jv-unless-cookie]')) notice.hidden = true;
  };
  const cookieValue = (name: string) =>
    document.cookie
      .split('; ')
      .find((c) => c.startsWith(`${name}=`))
      ?.slice(name.length + 1);
  // A dialog's boxes show the choice stored so far: all of them for "accepted", else those named.
  const openDialog = (dialog: HTMLDialogElement) => {
    const form = dialog.querySelector<HTMLFormElement>('form[data-jv-cookie-form]');
    const stored = form && cookieValue(form.dataset.jvCookieForm?.split('=')[0] ?? '');
    if (form && stored)
      for (const box of form.querySelectorAll<HTMLInputElement>('input[type=checkbox]:enabled'))
        box.checked = stored === 'accepted' || stored.split('+').includes(box.value);
    dialog.showModal();
  };
  addEventListener(
    'click',
    (e) => {
      const el = e.target instanceof Element ? e.target : null;
      // A button naming a dialog, or a link to one (a footer's "#cookie-preferences"), opens it.
      const opener = el?.closest<HTMLElement>('[data-jv-show-modal], a[href^="#"]');
      const target = opener && (opener.dataset.jvShowModal ?? opener.getAttribute('href')?.slice(1));
      const dialog = target ? document.getElementById(target) : null;
      if (dialog instanceof HTMLDialogElement) {
        e.preventDefault();
        return openDialog(dialog);
      }
      const button = el?.closest<HTMLElement>('[data-jv-set-cookie]');
      if (button?.closest('[data-jv-unless-cookie]')) store(button.dataset.jvSetCookie);
    },
    true,
  );
  addEventListener(
    'submit',
    (e) => {
      const form = e.target instanceof HTMLFormElement && e.target.dataset.jvCookieForm ? e.target : null;
      if (!form) return;
      const cookie = form.dataset.jvCookieForm ?? '';
      const before = cookieValue(cookie.split('=')[0] ?? '');
      const boxes = form.querySelectorAll<HTMLInputElement>('input[type=checkbox]:checked:enabled');
      const value = [...boxes].map((b) => b.value).join('+') || form.dataset.jvCookieNone;
      store(cookie.replace('{}', value ?? ''));
      // A changed choice applies from a fresh page: what the old one let load is gone then.
      if (before !== undefined && before !== value) location.reload();
    },
    true,
  );
}
showNotices();

// Tab and Shift+Tab stay inside an open menu panel (a popover dialog, over the page as a modal
// is): past its last control the focus goes to its first, and back. Pointer focus is left alone,
// as a click outside closes the panel.
let tabbing = false;
addEventListener(
  'keydown',
  (e) => {
    tabbing = e.key === 'Tab';
  },
  true,
);
addEventListener(
  'pointerdown',
  () => {
    tabbing = false;
  },
  true,
);
addEventListener('focusin', (e) => {
  const panel = document.querySelector<HTMLElement>('[popover][role="dialog"]:popover-open');
  const to = e.target instanceof Node ? e.target : null;
  if (!tabbing || !panel || !to || panel.contains(to)) return;
  const controls = [
    ...panel.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), summary, input:not(:disabled)'),
  ].filter((el) => el.getClientRects().length);
  const after = panel.compareDocumentPosition(to) & Node.DOCUMENT_POSITION_FOLLOWING;
  (after ? controls[0] : controls.at(-1))?.focus();
});

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
 * paints nothing). A third frame was tried: Lighthouse's TBT on the style page rose from 40 to
 * 150 ms.
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
  await firstScreenShown(document.visibilityState === 'hidden' ? 0 : 3000);
  // The page's chunks all fetched at once, not one after the other as the entry's imports would
  // find them. By import(), not <link rel="modulepreload">: adding a link took a millisecond or
  // more each on a phone, a page's ten of them one long task. A chunk that fails to load fails
  // the entry's own import below, as before.
  for (const href of (me.dataset.jvPreload ?? '').split(' ').filter(Boolean))
    import(/* @vite-ignore */ href).catch(() => {});
  await applyDeferredSheets();
  await import(/* @vite-ignore */ me.dataset.jvEntry);
}
