/**
 * Page state kept in the query string (listing page/sort/filters, the chosen finish), so a URL
 * can be shared and restored on reload and back/forward.
 *
 * The prerendered HTML is rendered without a query (one file serves every query string), so
 * until hydration has finished these hooks report an empty query: the first browser render
 * matches the HTML, then the real query applies.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';

const noSubscription = () => () => {};

/** false while rendering on the server and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The query's readers. The app's router (engine/client/path-router.tsx) keeps its location for
 * path changes only and tells these of every change: a query change then renders the blocks
 * that read the query, not the whole page.
 */
const readers = new Set<() => void>();
const subscribe = (onChange: () => void) => {
  readers.add(onChange);
  return () => void readers.delete(onChange);
};

/** The URL changed (the router's history listener): readers of the query check it again. */
export function queryChanged(): void {
  for (const r of readers) r();
}

/**
 * The page's query string: '' on the server and while hydrating, then the browser's. Unlike
 * useHydrated, a page without a query renders nothing again after hydration (the snapshots
 * agree), so a long listing is not rendered twice on load.
 */
function useLiveSearch(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
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
export function useQueryParams(): [URLSearchParams, (changes: Record<string, string | readonly string[] | null | undefined>, opts?: QueryParamsUpdate) => void] {
  const search = useLiveSearch();
  const navigate = useNavigate();
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
      void navigate({ pathname: window.location.pathname, search: query ? `?${query}` : '' }, { replace: !!opts.replace });
    },
    [navigate],
  );
  return [current, update];
}
