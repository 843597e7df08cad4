/**
 * The header menus' browser code, without a UI library: each menu is an island part of its own
 * (index.tsx), started at the shopper's first pointer, focus or key on it.
 *
 * The desktop menu: its panels are <details> that open and close by their <summary> as HTML does
 * (click, tap, Enter, Space); on top of that:
 * - a mouse resting on an item for OPEN_MS opens its panel, and leaving the item closes it after
 *   CLOSE_MS (coming back in time keeps it); a click on the summary of a panel the mouse opened
 *   keeps it open;
 * - a click outside the open panel, or the focus moving out of it, closes it;
 * - Escape closes it, and gives the focus back to its summary when the focus was in it.
 *
 * The mobile menu: its panel is a popover dialog (over the page as a modal is) that opens, closes
 * and takes Escape as HTML does; on top of that, Tab and Shift+Tab stay inside it while it is
 * open: past its last control the focus goes to its first, and back. Pointer focus is left alone,
 * as a click outside closes the panel.
 */
import type { IslandClient } from '../../engine/framework-free.ts';

/** How long the mouse rests on an item before its panel opens (passing over it opens nothing). */
export const OPEN_MS = 150;
/** How long the panel stays once the mouse has left its item (a path that cuts a corner keeps it). */
export const CLOSE_MS = 300;

export const start: IslandClient<Record<string, never>>['start'] = (el) => {
  const popover = el.querySelector<HTMLElement>('[popover][role="dialog"]');
  if (popover) keepTabInside(popover);
  else startDesktopMenu(el);
};

function keepTabInside(panel: HTMLElement): void {
  let tabbing = false;
  addEventListener('keydown', (e) => (tabbing = e.key === 'Tab'), true);
  addEventListener('pointerdown', () => (tabbing = false), true);
  addEventListener('focusin', (e) => {
    const to = e.target instanceof Node ? e.target : null;
    if (!tabbing || !to || !panel.matches(':popover-open') || panel.contains(to)) return;
    const controls = [
      ...panel.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), summary, input:not(:disabled)'),
    ].filter((c) => c.getClientRects().length);
    const after = panel.compareDocumentPosition(to) & Node.DOCUMENT_POSITION_FOLLOWING;
    (after ? controls[0] : controls.at(-1))?.focus();
  });
}

function startDesktopMenu(el: HTMLElement): void {
  const panels = [...el.querySelectorAll<HTMLDetailsElement>('nav details')];
  const summaryOf = (d: HTMLDetailsElement) => d.querySelector<HTMLElement>(':scope > summary');
  const itemOf = (d: HTMLDetailsElement) => d.parentElement ?? d;
  const openPanel = () => panels.find((d) => d.open);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let byMouse: HTMLDetailsElement | undefined;

  const later = (ms: number, action: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(action, ms);
  };
  // Focus on a link of the panel would be left on a hidden element: it goes to the summary.
  const close = (d: HTMLDetailsElement | undefined) => {
    if (!d?.open) return;
    const focusInside = d.contains(document.activeElement);
    d.open = false;
    if (focusInside) summaryOf(d)?.focus();
  };
  const hoverOpen = (d: HTMLDetailsElement) => {
    if (d.open) return clearTimeout(timer);
    later(OPEN_MS, () => {
      d.open = true; // the shared name closes any other
      byMouse = d;
    });
  };

  for (const d of panels) {
    const item = itemOf(d);
    item.addEventListener('pointerenter', (e) => e.pointerType === 'mouse' && hoverOpen(d));
    item.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse') later(CLOSE_MS, () => close(openPanel()));
    });
    summaryOf(d)?.addEventListener('click', (e) => {
      clearTimeout(timer);
      // The mouse opened it: the click that was on its way as it opened does not close it.
      if (byMouse === d && d.open) e.preventDefault();
      byMouse = undefined;
    });
    d.addEventListener('toggle', () => {
      if (!d.open && byMouse === d) byMouse = undefined;
    });
    d.addEventListener('focusout', (e) => {
      const to = e.relatedTarget;
      // Focus gone to another control (Tab, a click on one); not to nothing (a click on text, another window).
      if (to instanceof Node && !d.contains(to)) close(d);
    });
  }

  document.addEventListener('click', (e) => {
    const d = openPanel();
    if (d && e.target instanceof Node && !d.contains(e.target)) close(d);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    const d = openPanel();
    if (!d) return;
    clearTimeout(timer);
    close(d);
  });

  // The pointer that started this island may already rest on an item.
  if (matchMedia('(hover: hover)').matches) {
    const hovered = panels.find((d) => itemOf(d).matches(':hover'));
    if (hovered) hoverOpen(hovered);
  }
}
