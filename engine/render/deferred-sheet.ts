/**
 * The full stylesheet of a page that inlines its critical CSS: linked `disabled` with this
 * attribute (document.ts), so the browser fetches nothing for it while the first screen loads.
 * The inlined CSS holds every rule whose classes the page's markup has (critical-css.ts), so the
 * page needs the full sheet only once it shows a class it did not have: what an island renders
 * that the server did not (a search suggestion, a message). The boot script switches it on then,
 * in the same frame, and not before: switching a sheet on restyles the whole page, a long task
 * on a phone.
 */
export const SHEET_ATTR = 'data-jv-sheet';

const RELATIVE_URL = /url\(\s*['"]?(?![a-z][\w+.-]*:|\/|#)/i;

export interface DeferredSheets {
  /** Fetches the sheets' text, so that switching them on later is synchronous; resolves when done (or failed). */
  prefetch(): Promise<void>;
}

/**
 * Watches the page: the first element to show a class the page did not have when this ran
 * switches its deferred sheets on (a fetched sheet as a <style> in the link's place, in the
 * mutation's frame; one not yet fetched by enabling its link).
 */
export function sheetsWhenNeeded(doc: Document = document): DeferredSheets {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[${SHEET_ATTR}]`)];
  if (!links.length) return { prefetch: () => Promise.resolve() };
  const known = new Set<string>();
  for (const el of doc.querySelectorAll('[class]')) for (const c of el.classList) known.add(c);
  const texts = new Map<HTMLLinkElement, string>();
  const isNew = (el: Element) => {
    for (const c of el.classList) if (!known.has(c)) return true;
    return false;
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes' ? isNew(r.target as Element) : [...r.addedNodes].some(showsNewClass)) return apply();
    }
  });
  const showsNewClass = (n: Node) =>
    n instanceof Element && (isNew(n) || [...n.querySelectorAll('[class]')].some(isNew));
  function apply() {
    observer.disconnect();
    for (const link of links) {
      const text = texts.get(link);
      if (text === undefined) {
        link.removeAttribute('disabled');
        continue;
      }
      const style = doc.createElement('style');
      style.setAttribute(SHEET_ATTR, link.href);
      style.textContent = text;
      link.replaceWith(style);
    }
  }
  observer.observe(doc.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['class'],
  });
  return {
    prefetch: () =>
      Promise.all(
        links.map((link) =>
          fetch(link.href)
            .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
            .then(
              (text) => {
                // A relative url() would resolve against the page, not the sheet, in a <style>.
                if (link.isConnected && link.hasAttribute('disabled') && !RELATIVE_URL.test(text))
                  texts.set(link, text);
              },
              () => {},
            ),
        ),
      ).then(() => {}),
  };
}
