/**
 * A click on an island before the islands' runtime has come (boot.ts loads it once the first
 * screen is painted: seconds on a slow phone) is held, and made again on the same control once
 * the runtime holds the island's clicks itself (entry.tsx, which makes it again once the island
 * is live): no tap is lost in either wait. A click on a link works as HTML.
 */

/**
 * An island's wrapper: render/island-attrs.ts's ISLAND_ATTR, written out (the test holds them
 * equal). Imported, that module would be a chunk of its own that the boot script waits for.
 */
export const ISLAND_SELECTOR = '[data-jv-island]';

export function holdEarlyClicks(): { replay(): void } {
  const held = new Map<Element, HTMLElement>();
  const hold = (e: Event) => {
    if (!(e.target instanceof Element) || e.target.closest('a[href]')) return;
    const island = e.target.closest(ISLAND_SELECTOR);
    let control: Element | null = e.target;
    while (control && !(control instanceof HTMLElement)) control = control.parentElement; // an icon's <svg> part: its button
    if (!island || !control) return;
    e.preventDefault();
    e.stopPropagation();
    held.set(island, control as HTMLElement);
  };
  document.addEventListener('click', hold, true);
  return {
    /** Stops holding; each island's last held click is made again (on the HTML alone when the runtime failed to load). */
    replay() {
      document.removeEventListener('click', hold, true);
      for (const control of held.values()) if (control.isConnected) control.click();
      held.clear();
    },
  };
}
