/**
 * Secure headers (hono/secure-headers) with the site's Content-Security-Policy. The pages are
 * prerendered, so there are no nonces: scripts come from 'self' and the integrations' hosts only
 * (site.json integrations.hosts, plus the configured payment providers': PaymentProvider.cspHosts),
 * the one inline line that shows the cookie banner and the inline Speculation Rules, allowed by
 * their hashes. The inline JSON-LD and
 * page-data <script>s are data (type application/ld+json, application/json), which CSP does not
 * treat as scripts. Inline <style> (theme tokens, media queries) needs style-src 'unsafe-inline'.
 * JSON answers (the API) get a short policy of their own (API_HEADERS).
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { createHash } from 'node:crypto';
import { HOST_KINDS, NOTICE_SCRIPT, SPECULATION_RULES, type IntegrationHostLists } from '../../engine/node.ts';
import { setResponseHeader } from './response-header.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The one inline script a page may carry (engine/render/notice-script.ts), allowed by its hash. */
const NOTICE_SCRIPT_HASH = sha256(NOTICE_SCRIPT);
/** The page's inline Speculation Rules (engine/render/document.ts), allowed by their hash. */
const SPECULATION_RULES_HASH = sha256(SPECULATION_RULES);

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
    scriptSrc: ["'self'", NOTICE_SCRIPT_HASH, SPECULATION_RULES_HASH, ...union(all, 'scriptSrc')],
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

/**
 * What a JSON answer carries instead of the page headers: the OWASP REST Security Cheat Sheet's
 * set, with default-src 'none' and CORP. A JSON answer is never a document: script, style and
 * frame sources, Permissions-Policy and the opener policy only apply to documents, so on the API
 * they did nothing but make every answer's headers 1,512 bytes instead of 364 and cost some 26
 * header operations (about 5% of a checkout's server time, bench/checkout.ts). Opened as a page
 * or framed, a JSON answer loads nothing.
 */
const API_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Frame-Options', 'DENY'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
];

const isJson = (contentType: string | null) =>
  contentType !== null && /^application\/([\w.+-]+\+)?json\b/i.test(contentType);

/**
 * The page headers (hono/secure-headers with the site's CSP) on every answer but JSON, which gets
 * API_HEADERS. A handler that set one of them itself keeps its value (e.g.
 * Cross-Origin-Resource-Policy on images).
 */
export function securityHeaders(hosts?: Record<string, HostList>, extra?: Record<string, HostList>): MiddlewareHandler {
  const page = secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(hosts, extra),
    // Payment and scheduling providers may open popups that report back to the page.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // The Payment Request API for the page and the configured payment providers' scripts.
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: ['self', ...union(Object.values(extra ?? {}), 'scriptSrc')],
    },
    overwrite: false,
  });
  const done = async () => undefined;
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!isJson(headers.get('content-type'))) return page(c, done);
    for (const [name, value] of API_HEADERS) if (!headers.has(name)) setResponseHeader(c, name, value);
  };
}
