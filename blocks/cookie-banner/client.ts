/**
 * The banner's browser code, without a UI library: the whole of its behaviour.
 *
 * - While the bar shows (the page's inline notice script showed it as the HTML was parsed), the
 *   page ends above it: bottom padding and scroll padding of its height, so it never hides the
 *   focused element.
 * - A click on a `data-jv-set-cookie` button of the bar stores that cookie and hides the bar; one
 *   on a `data-jv-show-modal` button, or on a link to the dialog (the footer's
 *   `#cookie-preferences`), opens that <dialog> with the choice stored so far ticked; submitting a
 *   `data-jv-cookie-form` form stores its cookie (the `{}` of that attribute: the values of its
 *   checked, enabled boxes joined by `+`, else `data-jv-cookie-none`) and hides the bar. A link to
 *   the dialog followed before this code ran opens it as it starts.
 * - Call-to-action tracking, and the tag manager once analytics is allowed (at once when it
 *   already is, else right after Accept All or a saved preference).
 */
import { readConsent, installCtaTracking, loadTagManager, type IslandClient } from '../../engine/framework-free.ts';
import type { CookieBannerProps } from '../../schemas/types/blocks/cookie-banner.ts';

const cookieValue = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

export const start: IslandClient<CookieBannerProps>['start'] = (el, props, page) => {
  const bars = [...el.querySelectorAll<HTMLElement>('[data-jv-unless-cookie]')];
  const pad = (px: string) =>
    (document.body.style.paddingBottom = document.documentElement.style.scrollPaddingBottom = px);
  for (const bar of bars) {
    if (bar.hidden) continue;
    // Measured after the browser's own layout (no forced layout here).
    new ResizeObserver(() => pad(bar.hidden ? '' : `${bar.offsetHeight}px`)).observe(bar);
  }
  const store = (cookie = '') => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
    document.cookie = cookie + (location.protocol === 'https:' ? '; Secure' : '');
    for (const bar of bars) bar.hidden = true;
  };
  // A dialog's boxes show the choice stored so far: all of them for "accepted", else those named.
  const openDialog = (dialog: HTMLDialogElement) => {
    const form = dialog.querySelector<HTMLFormElement>('form[data-jv-cookie-form]');
    const stored = form && cookieValue(form.dataset.jvCookieForm?.split('=')[0] ?? '');
    if (form && stored)
      for (const box of form.querySelectorAll<HTMLInputElement>('input[type=checkbox]:not(:disabled)'))
        box.checked = stored === 'accepted' || stored.split('+').includes(box.value);
    dialog.showModal();
  };
  const ownDialog = (id: string | undefined) => {
    const dialog = id ? document.getElementById(id) : null;
    return dialog instanceof HTMLDialogElement && el.contains(dialog) ? dialog : null;
  };

  const { trackClicksTo } = props;
  installCtaTracking(trackClicksTo);
  const containerId = page.site.integrations.tagManagerId;
  const loadIfAllowed = () => {
    const choice = readConsent(document.cookie);
    if (page.head.tagManager && containerId && choice) loadTagManager(containerId, choice);
  };
  loadIfAllowed();

  addEventListener(
    'click',
    (e) => {
      const target = e.target instanceof Element ? e.target : null;
      // A button naming the dialog, or a link to it anywhere on the page, opens it.
      const opener = target?.closest<HTMLElement>('[data-jv-show-modal], a[href^="#"]');
      const dialog = ownDialog(opener?.dataset.jvShowModal ?? opener?.getAttribute('href')?.slice(1));
      if (dialog) {
        e.preventDefault();
        return openDialog(dialog);
      }
      const button = target?.closest<HTMLElement>('[data-jv-set-cookie]');
      if (!button || !el.contains(button) || !button.closest('[data-jv-unless-cookie]')) return;
      store(button.dataset.jvSetCookie);
      loadIfAllowed();
    },
    true,
  );
  el.addEventListener(
    'submit',
    (e) => {
      const form = e.target instanceof HTMLFormElement && e.target.dataset.jvCookieForm ? e.target : null;
      if (!form) return;
      const cookie = form.dataset.jvCookieForm ?? '';
      const before = cookieValue(cookie.split('=')[0] ?? '');
      const boxes = form.querySelectorAll<HTMLInputElement>('input[type=checkbox]:checked:not(:disabled)');
      const value = [...boxes].map((b) => b.value).join('+') || form.dataset.jvCookieNone;
      store(cookie.replace('{}', value ?? ''));
      // A changed choice applies from a fresh page: what the old one let load is gone then.
      if (before !== undefined && before !== value) location.reload();
      else loadIfAllowed();
    },
    true,
  );

  // A link to the dialog followed before this code ran: the dialog opens now, the URL loses the hash.
  const early = ownDialog(decodeURIComponent(location.hash.slice(1)));
  if (early) {
    history.replaceState(history.state, '', location.pathname + location.search);
    openDialog(early);
  }
};
