/**
 * The one inline script of a page with a notice that waits for no hydration (the cookie banner,
 * prerendered hidden with `data-jv-unless-cookie`): written right after the page's markup, it
 * shows the notice while the HTML is parsed, so the notice is in the first paint. The boot script
 * (engine/client/boot.ts) fetched after the HTML would show it one round trip later, and on a
 * page whose largest text is the notice, that was the LCP. CSP allows this exact text by its
 * hash (noticeScriptHash, server/http/security-headers.ts).
 */
export const NOTICE_SCRIPT =
  "for(const e of document.querySelectorAll('[data-jv-unless-cookie]')){const c=document.cookie.split(';').map(s=>s.trim());if(!e.dataset.jvUnlessCookie.split(' ').some(x=>c.includes(x)))e.hidden=false}";

/** The attribute that marks such a notice in the rendered markup. */
export const NOTICE_ATTR = 'data-jv-unless-cookie';
