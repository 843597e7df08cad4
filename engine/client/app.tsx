/**
 * The browser app: react-router-dom owns the URL (its location follows the path, see
 * path-router.tsx); on a path change the next page's data is
 * fetched, its block chunks loaded, then it replaces the current page (no full reload). If the
 * data cannot be fetched the browser falls back to a normal navigation.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { createDeferredResolver, DeferredContext } from '../render/deferred.ts';
import { loadBlocks, rememberChunks } from '../render/load-blocks.ts';
import { pageDataUrl } from '../render/page-data-url.ts';
import { Shell } from '../render/shell.tsx';
import type { BlockLoaders, BlockRegistry, PageData } from '../types.ts';
import { applyHead } from './head.ts';
import { PathRouter } from './path-router.tsx';

interface AppProps {
  initial: PageData;
  loaders: BlockLoaders;
  registry: BlockRegistry;
  dev: boolean;
}

function PageHost({ initial, loaders, registry, dev }: AppProps) {
  const location = useLocation();
  const [page, setPage] = useState({ data: initial, pathname: location.pathname });
  const [loading, setLoading] = useState(false);
  const latest = useRef(location.pathname);

  useEffect(() => {
    latest.current = location.pathname;
    if (location.pathname === page.pathname) return;
    const target = location.pathname;
    setLoading(true);
    (async () => {
      const res = await fetch(pageDataUrl(target), { headers: { accept: 'application/json' } });
      if (!res.ok && res.status !== 404) throw new Error(`HTTP ${res.status}`);
      const data = (await res.json()) as PageData;
      // All of the next page's blocks, deferred ones too: the shopper is waiting for it anyway.
      rememberChunks(data.chunks);
      await loadBlocks(loaders, data.blockTypes, registry);
      if (latest.current !== target) return;
      applyHead(data.head);
      setPage({ data, pathname: target });
      setLoading(false);
      if (!location.hash) window.scrollTo(0, 0);
    })().catch(() => {
      window.location.assign(target + location.search + location.hash);
    });
  }, [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  return <Shell data={page.data} loading={loading} registry={registry} dev={dev} />;
}

export function App(props: AppProps) {
  const deferred = useMemo(() => createDeferredResolver(props.loaders, props.registry), [props.loaders, props.registry]);
  return (
    <DeferredContext.Provider value={deferred}>
      <PathRouter>
        <PageHost {...props} />
      </PathRouter>
    </DeferredContext.Provider>
  );
}
