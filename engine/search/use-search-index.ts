/**
 * React: site search in the browser. The index file and the query code are fetched together
 * the first time a view enables the search (the header popup opening, the search page with a
 * query), never before, so pages that nobody searches from load neither.
 */
import { useEffect, useState } from 'react';
import { loadStaticJson } from '../render/static-json.ts';
import { SEARCH_INDEX_URL } from './files.ts';
import type { SearchFn, SearchIndex } from './types.ts';

export type SiteSearch =
  | { status: 'idle' | 'loading' | 'error'; search?: undefined }
  | { status: 'ready'; search: SearchFn };

let pending: Promise<SearchFn> | undefined;
let loaded: SearchFn | undefined;

/** Loads the index and the query code once per page load and indexes it (a failure is retried on the next call). */
function loadSiteSearch(): Promise<SearchFn> {
  pending ??= Promise.all([loadStaticJson<SearchIndex>(SEARCH_INDEX_URL), import('./query.ts')]).then(([index, m]) => {
    loaded = m.openSearch(index);
    return loaded;
  });
  pending.catch(() => (pending = undefined));
  return pending;
}

export function useSiteSearch(enabled: boolean): SiteSearch {
  const [state, setState] = useState<SiteSearch>({ status: 'idle' });
  useEffect(() => {
    if (!enabled) return;
    if (loaded) return setState({ status: 'ready', search: loaded });
    let alive = true;
    setState({ status: 'loading' });
    loadSiteSearch().then(
      (search) => alive && setState({ status: 'ready', search }),
      () => alive && setState({ status: 'error' }),
    );
    return () => {
      alive = false;
    };
  }, [enabled]);
  return state;
}
