/**
 * Secure headers (hono/secure-headers) with the site's Content-Security-Policy. The pages are
 * prerendered, so there are no nonces: scripts come from 'self' and the hosts below only. The
 * inline JSON-LD and page-data <script>s are data (type application/ld+json, application/json),
 * which CSP does not treat as scripts. Inline <style> (theme tokens, media queries) needs
 * style-src 'unsafe-inline'.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

type Directive = 'scriptSrc' | 'styleSrc' | 'imgSrc' | 'fontSrc' | 'connectSrc' | 'frameSrc';
export type HostList = Partial<Record<Directive, readonly string[]>>;

/** Every third party the site loads, by integration: the one place to add or drop a host. Payment providers add theirs when configured (PaymentProvider.cspHosts). */
export const THIRD_PARTY_HOSTS = {
  tagManager: {
    scriptSrc: ['https://www.googletagmanager.com'],
    connectSrc: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
    frameSrc: ['https://www.googletagmanager.com'],
  },
  recaptcha: {
    scriptSrc: ['https://www.google.com', 'https://www.gstatic.com'],
    frameSrc: ['https://www.google.com', 'https://recaptcha.google.com'],
    connectSrc: ['https://www.google.com'],
  },
  calendly: {
    scriptSrc: ['https://assets.calendly.com'],
    styleSrc: ['https://assets.calendly.com'],
    frameSrc: ['https://calendly.com'],
  },
  youtube: {
    frameSrc: ['https://www.youtube-nocookie.com'],
    imgSrc: ['https://i.ytimg.com'],
  },
} satisfies Record<string, HostList>;

const union = (hosts: Record<string, HostList>, d: Directive) => [...new Set(Object.values(hosts).flatMap((h) => h[d] ?? []))];

/** The CSP directives for hono/secure-headers. */
export function contentSecurityPolicy(hosts: Record<string, HostList> = THIRD_PARTY_HOSTS) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    scriptSrc: ["'self'", ...union(hosts, 'scriptSrc')],
    styleSrc: ["'self'", "'unsafe-inline'", ...union(hosts, 'styleSrc')],
    // Product and blog images may come from any https CDN; data: for inline placeholders.
    imgSrc: ["'self'", 'data:', 'https:', ...union(hosts, 'imgSrc')],
    fontSrc: ["'self'", 'data:', ...union(hosts, 'fontSrc')],
    connectSrc: ["'self'", ...union(hosts, 'connectSrc')],
    frameSrc: ["'self'", ...union(hosts, 'frameSrc')],
  };
}

export function securityHeaders(hosts?: Record<string, HostList>): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(hosts),
    // Payment and scheduling providers may open popups that report back to the page.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ['self', 'https://js.stripe.com'] },
    // A handler that set its own value (e.g. Cross-Origin-Resource-Policy on images) keeps it.
    overwrite: false,
  });
}
