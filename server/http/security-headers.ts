/**
 * Secure headers (hono/secure-headers) with the site's Content-Security-Policy. The pages are
 * prerendered, so there are no nonces: scripts come from 'self' and the integrations' hosts only
 * (site.json integrations.hosts, plus the configured payment providers': PaymentProvider.cspHosts),
 * and the one inline line that shows the cookie banner, allowed by its hash. The inline JSON-LD and
 * page-data <script>s are data (type application/ld+json, application/json), which CSP does not
 * treat as scripts. Inline <style> (theme tokens, media queries) needs style-src 'unsafe-inline'.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { createHash } from 'node:crypto';
import { HOST_KINDS, NOTICE_SCRIPT, type IntegrationHostLists } from '../../engine/node.ts';

/** The one inline script a page may carry (engine/render/notice-script.ts), allowed by its hash. */
export const NOTICE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(NOTICE_SCRIPT).digest('base64')}'`;

type Directive = 'scriptSrc' | 'styleSrc' | 'imgSrc' | 'fontSrc' | 'connectSrc' | 'frameSrc' | 'mediaSrc';
export type HostList = Partial<Record<Directive, readonly string[]>>;

/** site.json integrations.hosts ({ youtube: { frame: [...] } }) as HostLists ({ youtube: { frameSrc: [...] } }). */
export function siteHostLists(hosts: IntegrationHostLists): Record<string, HostList> {
  const out: Record<string, HostList> = {};
  for (const [name, lists] of Object.entries(hosts)) {
    const list: HostList = {};
    for (const kind of HOST_KINDS) if (lists[kind]?.length) list[`${kind}Src`] = lists[kind];
    out[name] = list;
  }
  return out;
}

const union = (lists: HostList[], d: Directive) => [...new Set(lists.flatMap((h) => h[d] ?? []))];

/**
 * The CSP directives for hono/secure-headers: 'self' plus the hosts of every integration, from
 * site.json (siteHostLists) and from the configured payment providers (providerHosts, passed as extra).
 */
export function contentSecurityPolicy(hosts: Record<string, HostList> = {}, extra: Record<string, HostList> = {}) {
  const all = [...Object.values(hosts), ...Object.values(extra)];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    scriptSrc: ["'self'", NOTICE_SCRIPT_HASH, ...union(all, 'scriptSrc')],
    styleSrc: ["'self'", "'unsafe-inline'", ...union(all, 'styleSrc')],
    // Product and blog images may come from any https CDN; data: for inline placeholders.
    imgSrc: ["'self'", 'data:', 'https:', ...union(all, 'imgSrc')],
    fontSrc: ["'self'", 'data:', ...union(all, 'fontSrc')],
    connectSrc: ["'self'", ...union(all, 'connectSrc')],
    frameSrc: ["'self'", ...union(all, 'frameSrc')],
    // Video and audio files: the site's own, and the media hosts of site.json integrations.
    mediaSrc: ["'self'", ...union(all, 'mediaSrc')],
  };
}

export function securityHeaders(hosts?: Record<string, HostList>, extra?: Record<string, HostList>): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(hosts, extra),
    // Payment and scheduling providers may open popups that report back to the page.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ['self', 'https://js.stripe.com'] },
    // A handler that set its own value (e.g. Cross-Origin-Resource-Policy on images) keeps it.
    overwrite: false,
  });
}
