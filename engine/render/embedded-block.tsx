/**
 * One block rendering another by type, through the registry (blocks never import each other's
 * files). The embedded block is prerendered with its host; in the browser its code loads later,
 * like a deferred block: at idle time, or when it nears the viewport.
 */
import { createContext, Suspense, useContext, useId, useMemo, useState, type ComponentType } from 'react';
import type { BlockLoad, BlockNode, BlockRegistry } from '../types.ts';
import { BlockBoundary } from './block-boundary.tsx';
import { deferAttr, DeferredContext, Live, LoadNow } from './deferred.ts';

/** The registry the page renders with (all blocks on the server). */
export const RegistryContext = createContext<{ registry: BlockRegistry; dev: boolean } | null>(null);

// Server renders are synchronous, one page at a time: the types embedded while rendering a page
// are collected here so the page can link their styles (their code comes later).
let collector: Set<string> | null = null;
export function collectEmbedded<T>(render: () => T): { result: T; types: string[] } {
  const seen = new Set<string>();
  collector = seen;
  try {
    return { result: render(), types: [...seen] };
  } finally {
    collector = null;
  }
}

export function EmbeddedBlock({ type, props, load = 'idle' }: { type: string; props: Record<string, unknown>; load?: Exclude<BlockLoad, 'eager'> }) {
  const id = useId();
  // A stable node object: the deferred resolver keeps one lazy component per node.
  const [node] = useState<BlockNode>(() => ({ key: id, type, props, load }));
  const deferred = useContext(DeferredContext);
  const ctx = useContext(RegistryContext);
  collector?.add(type);
  const Component: ComponentType<Record<string, unknown>> | undefined = deferred ? deferred(node) : ctx?.registry[type]?.component;
  const dev = ctx?.dev ?? false;
  // The same element on every render of the host (its content props are fixed): an update must
  // not reach the Suspense boundary before it hydrates (see BlockView).
  return useMemo(
    () =>
      Component ? (
        <div className="jv-vis" {...{ [deferAttr]: id }}>
          <BlockBoundary type={type} dev={dev}>
            <Suspense fallback={<LoadNow blockKey={id} />}>
              <Component {...node.props} />
              <Live blockKey={id} />
            </Suspense>
          </BlockBoundary>
        </div>
      ) : null,
    [Component, id, type, dev, node],
  );
}
