/**
 * The editor API's writes need the per-process token `joinery dev` puts into the editor's pages
 * (<meta name="joinery-editor-token">), sent in a header: a page of another site has neither.
 */
export const TOKEN_META = 'joinery-editor-token';
export const TOKEN_HEADER = 'x-joinery-editor-token';
const API = '/__joinery/api/';

/** Every request of this page to the editor API carries the page's token, whichever code sends it. */
export function sendTokenWithApiRequests() {
  const token = document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`)?.content;
  if (!token) return;
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(API)) return send(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(TOKEN_HEADER, token);
    return send(input, { ...init, headers });
  };
}
