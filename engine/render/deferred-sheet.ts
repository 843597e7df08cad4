/**
 * The full stylesheet of a page that inlines its critical CSS: linked `disabled` with this
 * attribute (document.ts), so the browser fetches nothing for it while the first screen loads
 * (on a slow link it would share the bandwidth with the LCP image); the boot script enables it
 * once the first screen is shown and before any island runs, so what an island adds once live is
 * styled, and the next pages find it cached.
 */
export const SHEET_ATTR = 'data-jv-sheet';

/** Enables the page's deferred stylesheets; resolves once each is loaded (or failed). */
export function applyDeferredSheets(doc: Document = document): Promise<unknown> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[${SHEET_ATTR}]`)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise((done) => {
          link.addEventListener('load', done, { once: true });
          link.addEventListener('error', done, { once: true });
          link.disabled = false;
          if (link.sheet) done(null); // already loaded: no load event comes
        }),
    ),
  );
}
