/**
 * Third-party scripts, loaded from effects (after hydration, never blocking the page), once
 * per URL per page: a second widget using the same script shares the first's promise.
 */
const loading = new Map<string, Promise<void>>();

export function loadScript(
  src: string,
  attributes: Record<string, string> = {},
  parent: HTMLElement = document.body,
): Promise<void> {
  let p = loading.get(src);
  if (p) return p;
  p = new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    for (const [k, v] of Object.entries(attributes)) s.setAttribute(k, v);
    s.src = src;
    s.async = true;
    s.addEventListener('load', () => resolve());
    s.addEventListener('error', () => {
      loading.delete(src); // a later mount may try again
      s.remove();
      reject(new Error(`could not load ${src}`));
    });
    parent.appendChild(s);
  });
  loading.set(src, p);
  return p;
}
