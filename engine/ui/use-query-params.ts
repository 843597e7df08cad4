/**
 * Page state kept in the query string (listing page/sort/filters, the chosen finish), so a URL
 * can be shared and restored on reload and back/forward.
 *
 * The prerendered HTML is rendered without a query (one file serves every query string), so
 * until hydration has finished these hooks report an empty query: the first browser render
 * matches the HTML, then the real query applies.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';

const subscribe = () => () => {};

/** false while rendering on the server and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
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
 * The current query (empty before hydration) and a setter that edits a copy of it. Keys set
 * to undefined, null or an empty list are removed; a list sets a repeated parameter.
 */
export function useQueryParams(): [URLSearchParams, (changes: Record<string, string | readonly string[] | null | undefined>, opts?: QueryParamsUpdate) => void] {
  const [params, setParams] = useSearchParams();
  const search = useLiveSearch();
  const none = useMemo(() => new URLSearchParams(), []);
  const [pending, setPending] = useState<URLSearchParams | null>(null);
  useEffect(() => setPending(null), [params]);
  const latest = pending ?? params;
  const current = search || pending ? latest : none;
  const update = useCallback(
    (changes: Record<string, string | readonly string[] | null | undefined>, opts: QueryParamsUpdate = {}) => {
      const next = new URLSearchParams(latest);
      for (const [key, value] of Object.entries(changes)) {
        next.delete(key);
        if (typeof value === 'string') next.set(key, value);
        else if (value) for (const v of value) next.append(key, v);
      }
      setPending(next);
      setParams(next, { replace: !!opts.replace, preventScrollReset: true });
    },
    [latest, setParams],
  );
  return [current, update];
}
