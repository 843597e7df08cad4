/** What a page tells its islands' runtime: the page (without its blocks), the islands and their chunks. */
import type { PageData } from '../types.ts';
import type { IslandRecord } from './island.tsx';

export const ISLANDS_ELEMENT_ID = 'jv-islands';

export interface IslandsData {
  /**
   * The page as usePageData() gives it inside an island: path, route, status, breadcrumbs, site
   * and whether the route has the tag manager; no blocks, no head content.
   */
  page: PageData;
  islands: Record<string, IslandRecord>;
  /** Per block type, the module files its chunk imports beyond the runtime's. */
  chunks: Record<string, string[]>;
}

export function islandPage(data: PageData): PageData {
  return {
    path: data.path,
    route: data.route,
    status: data.status,
    head: { title: '', description: '', canonical: '', meta: [], jsonLd: [], tagManager: data.head.tagManager },
    breadcrumbs: data.breadcrumbs,
    regions: [],
    blockTypes: [],
    site: data.site,
  };
}
