/**
 * The lint overlay in the browser (`joinery dev` only): Esc or Close closes it, its button
 * reopens it, and the findings the server pushes after each content edit redraw it in place (it
 * asks for them once at start too: an edit made while the page loaded is not missed).
 * While the page's own files have errors the page is left as it is (its render cannot change
 * until they are fixed); once they are fixed, the page's fresh HTML replaces it in place, with no
 * reload; any other content edit reloads the page, as it did before.
 */
import {
  LINT_EVENT,
  OVERLAY_DATA_ID,
  OVERLAY_ID,
  opensAtFirst,
  overlayHtml,
  type LintEvent,
  type OverlayState,
} from './overlay-view.ts';

const host = document.getElementById(OVERLAY_ID)!;
const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
const dataOf = (doc: Document) =>
  JSON.parse(doc.getElementById(OVERLAY_DATA_ID)?.textContent ?? 'null') as OverlayState;
let state = dataOf(document);
let open = opensAtFirst(state);

function draw(focus = false): void {
  root.innerHTML = overlayHtml(state, open);
  if (focus) root.querySelector<HTMLElement>(open ? '[role=dialog]' : '[data-open]')?.focus();
}

root.addEventListener('click', (e) => {
  const target = e.target as Element;
  if (target.closest('[data-close]')) open = false;
  else if (target.closest('[data-open]')) open = true;
  else return;
  draw(true);
});
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || !open) return;
  open = false;
  draw(root.activeElement !== null);
});

/**
 * The page's current HTML in place of the one shown: title, styles it lacks, body; its islands
 * start again with a fresh runtime (the old one's islands went with the old body).
 */
async function refreshPage(): Promise<void> {
  const res = await fetch(location.href, { headers: { accept: 'text/html' } });
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  document.title = doc.title;
  const styled = new Set(
    [...document.querySelectorAll('style[data-vite-dev-id]')].map((s) => s.getAttribute('data-vite-dev-id')),
  );
  for (const style of doc.querySelectorAll('style[data-vite-dev-id]'))
    if (!styled.has(style.getAttribute('data-vite-dev-id'))) document.head.append(style);
  const fresh = dataOf(doc);
  if (fresh) state = fresh;
  doc.getElementById(OVERLAY_ID)?.remove();
  for (const s of doc.body.querySelectorAll('script[type=module]')) s.remove();
  document.body.replaceChildren(...doc.body.childNodes, host);
  if (document.querySelector('[data-jv-island]'))
    await import(/* @vite-ignore */ `${host.dataset.entry}?t=${Date.now()}`);
}

import.meta.hot?.on(LINT_EVENT, async (data: LintEvent) => {
  // Live: the server's findings arrive (the first answer the one asked for below).
  host.setAttribute('data-jv-live', '');
  const hadErrors = opensAtFirst(state);
  const edited = data.version !== state.version;
  const first = state.pending && !edited;
  state = { ...state, ...data, pending: false };
  // The findings of a page served before the site was linted: shown as the page's first would be.
  if (first) open = opensAtFirst(state);
  if (!edited) draw();
  else if (opensAtFirst(state)) {
    if (state.render !== 'none') state.render = 'before-edit';
    open = true;
    draw();
  } else if (hadErrors) {
    await refreshPage();
    open = opensAtFirst(state);
    draw();
  } else location.reload();
});

draw();
import.meta.hot?.send(LINT_EVENT);
