/** sitemap.xml and robots.txt from the route table. */
import { escapeHtml } from '../text/escape-html.ts';
import type { RouteEntry } from '../types.ts';

const trimmed = (path: string) => (path === '/' ? '/' : path.replace(/\/+$/, ''));

/** Whether a route is its own canonical page: no canonical, or one naming its own path. */
export const isCanonicalRoute = (r: Pick<RouteEntry, 'path' | 'canonical'>): boolean =>
  r.canonical === undefined || trimmed(r.canonical) === trimmed(r.path);

/**
 * The paths sitemap.xml lists: the concrete routes flagged for it whose canonical URL is their
 * own (a duplicate such as /aboutus -> /about-us is left to its canonical page).
 */
export function sitemapPaths(routes: readonly RouteEntry[]): string[] {
  return routes.filter((r) => r.sitemap && !r.dynamic && isCanonicalRoute(r)).map((r) => r.path);
}

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(origin + (p === '/' ? '/' : p))}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The server's own API: never a page to crawl, whatever the site. */
const API_PREFIX = '/api/';

/**
 * robots.txt's Disallow lines: the API and every route flagged `"robots": "disallow"` in
 * routes.json, a dynamic path up to its first parameter ("/payment/:method/verify" -> "/payment/"),
 * without the ones a shorter line already covers.
 */
export function robotsDisallow(routes: readonly Pick<RouteEntry, 'path' | 'robotsDisallow'>[]): string[] {
  const prefixes = routes
    .filter((r) => r.robotsDisallow)
    .map((r) => {
      const param = r.path.search(/\/[:*]/);
      return param === -1 ? r.path : r.path.slice(0, param + 1);
    });
  const all = [...new Set([API_PREFIX, ...prefixes])];
  // In route order, without a line under a shorter one ("/payment/fail" under "/payment/").
  return all.filter((p) => !all.some((k) => k !== p && k.endsWith('/') && p.startsWith(k)));
}

export function robotsTxt(origin: string, disallow: string[]): string {
  return ['User-agent: *', ...disallow.map((d) => `Disallow: ${d}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}
