/**
 * Calls to action: one delegated click listener on the document pushes an event for every click
 * on a link to one of the given paths (buttons, cards, menu items alike; query and hash ignored).
 * Capture phase, so it runs before client-side navigation handles the click.
 */
import { pushEvent } from './data-layer.ts';

const CTA_EVENT = 'cta_click';

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The tracked path a clicked element leads to, if any. */
function ctaTarget(target: EventTarget | null, paths: ReadonlySet<string>, base: string): string | undefined {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!link) return undefined;
  let url: URL;
  try {
    url = new URL(link.getAttribute('href')!, base);
  } catch {
    return undefined;
  }
  const path = normalize(url.pathname);
  return url.origin === new URL(base).origin && paths.has(path) ? path : undefined;
}

const installed = new Map<string, () => void>();

/** Installs the listener (once per set of paths and event name); returns a function removing it. */
export function installCtaTracking(paths: readonly string[], event = CTA_EVENT): () => void {
  const key = `${event} ${[...paths].sort().join(' ')}`;
  const existing = installed.get(key);
  if (existing) return existing;
  const set = new Set(paths.map(normalize));
  const onClick = (e: MouseEvent) => {
    const path = ctaTarget(e.target, set, location.href);
    if (!path) return;
    const link = (e.target as Element).closest('a')!;
    pushEvent(event, {
      cta_path: path,
      cta_text: (link.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 100),
      page_path: location.pathname,
    });
  };
  document.addEventListener('click', onClick, true);
  const remove = () => {
    document.removeEventListener('click', onClick, true);
    installed.delete(key);
  };
  installed.set(key, remove);
  return remove;
}
