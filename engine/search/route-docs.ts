/** Search documents for the site's pages, from the route table. */
import type { RouteEntry } from '../types.ts';
import type { SearchDoc } from './types.ts';

/** The part of a page title before the site name ("About Us | Hearthline Cabinetry" -> "About Us"). */
const pageName = (title: string) => title.split(' | ')[0]!.trim();

/**
 * One document per concrete page that is in the sitemap and has a title: dynamic shells,
 * the catch-all and pages kept out of the sitemap (checkout, payment results) are left out.
 * Collection routes are included too; put the richer documents first and let mergeSearchDocs
 * drop the duplicates by URL.
 */
export function routeSearchDocs(routes: readonly RouteEntry[]): SearchDoc[] {
  const out: SearchDoc[] = [];
  for (const r of routes) {
    if (r.dynamic || !r.sitemap || !r.title) continue;
    out.push({
      id: `page:${r.path}`,
      url: r.path,
      kind: 'page',
      name: pageName(r.title),
      title: r.title,
      description: r.description,
    });
  }
  return out;
}
