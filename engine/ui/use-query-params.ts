/**
 * Page state kept in the query string (listing page/sort/filters, the chosen finish), so a URL
 * can be shared and restored on reload and back/forward. A change stays inside the page: the
 * history entry changes (pushState), the readers render again, nothing is fetched.
 *
 * The prerendered HTML is rendered without a query (one file serves every query string), so
 * until hydration has finished these hooks report an empty query: the first browser render
 * matches the HTML, then the real query applies.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** Readers of the query, told of every change made here and of back and forward. */
const readers = new Set<() => void>();
const subscribe = (onChange: () => void) => {
  if (!readers.size) addEventListener('popstate', queryChanged);
  readers.add(onChange);
  return () => {
    readers.delete(onChange);
    if (!readers.size) removeEventListener('popstate', queryChanged);
  };
};
const readSearch = () => window.location.search;
const serverSearch = () => '';

/** The URL changed: readers of the query check it again. */
function queryChanged(): void {
  for (const r of readers) r();
}

export interface QueryParamsUpdate {
  /** Replace the current history entry instead of adding one (no history spam). */
  replace?: boolean;
}

/**
 * The current query (empty before hydration) and a setter that edits a copy of it (the URL's
 * query when called, so two changes in one handler both apply). Keys set to undefined, null or
 * an empty list are removed; a list sets a repeated parameter.
 */
export function useQueryParams(): [
  URLSearchParams,
  (changes: Record<string, string | readonly string[] | null | undefined>, opts?: QueryParamsUpdate) => void,
] {
  const search = useSyncExternalStore(subscribe, readSearch, serverSearch);
  const current = useMemo(() => new URLSearchParams(search), [search]);
  const update = useCallback(
    (changes: Record<string, string | readonly string[] | null | undefined>, opts: QueryParamsUpdate = {}) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        next.delete(key);
        if (typeof value === 'string') next.set(key, value);
        else if (value) for (const v of value) next.append(key, v);
      }
      const query = next.toString();
      const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
      if (opts.replace) history.replaceState(history.state, '', url);
      else history.pushState(null, '', url);
      queryChanged();
    },
    [],
  );
  return [current, update];
}
