/**
 * The full stylesheet of a page that inlines its critical CSS: linked media="print" with this
 * attribute (document.ts), so it blocks nothing; the boot script applies it before any island
 * runs, so what an island adds once live is styled.
 */
export const SHEET_ATTR = 'data-jv-sheet';

/** Applies the page's deferred stylesheets; resolves once each is loaded (or failed). */
export function applyDeferredSheets(doc: Document = document): Promise<unknown> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[${SHEET_ATTR}]`)];
  return Promise.all(
    links.map((link) => {
      link.media = 'all';
      if (link.sheet) return null;
      return new Promise((done) => {
        link.addEventListener('load', done, { once: true });
        link.addEventListener('error', done, { once: true });
      });
    }),
  );
}
