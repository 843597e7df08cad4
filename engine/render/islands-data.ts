/** What a page tells its islands' runtime: what islands read of the page, the islands and their chunks. */
import type { IslandPage } from '../types.ts';
import type { IslandRecord } from './island.tsx';

export const ISLANDS_ELEMENT_ID = 'jv-islands';

export interface IslandsData {
  /** The page as usePageData() gives it inside an island. */
  page: IslandPage;
  islands: Record<string, IslandRecord>;
  /** Per block type, the module files its chunk imports beyond the runtime's. */
  chunks: Record<string, string[]>;
}

/** The page as an island has it (a PageData or an IslandPage in, only the IslandPage fields out). */
export function islandPage(data: IslandPage): IslandPage {
  return {
    path: data.path,
    route: data.route,
    status: data.status,
    breadcrumbs: data.breadcrumbs,
    site: data.site,
    head: { tagManager: data.head.tagManager },
  };
}
