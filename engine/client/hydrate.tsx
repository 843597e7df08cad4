/**
 * Hydration of an island whose block is a component: loaded by the runtime (entry.tsx) only when
 * such an island starts, so a page whose islands are all framework-free loads no UI library.
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandRecord } from '../render/island.tsx';
import { islandIdPrefix } from '../render/island-html.ts';
import { IslandRoot } from '../render/island-root.tsx';
import { loadBlocks, rememberChunks } from '../render/load-blocks.ts';
import type { BlockLoaders, BlockRegistry, IslandPage } from '../types.ts';

const registry: BlockRegistry = {};

/**
 * Loads the island's code (its block and the types it renders) and hydrates it with React (`key`:
 * its wrapper's id, which prefixes its ids as on the server), in the task `nextTask` gives once
 * the code is in (the parts it leaves for later, render/later.tsx, in renders of their own);
 * resolves once it is live, its parts included.
 */
export async function hydrateIsland(
  el: HTMLElement,
  key: string,
  record: IslandRecord,
  page: IslandPage,
  chunks: Record<string, string[]>,
  loaders: BlockLoaders,
  nextTask: () => Promise<void>,
): Promise<void> {
  rememberChunks(chunks);
  await loadBlocks(loaders, [record.type, ...(record.embeds ?? [])], registry);
  await nextTask();
  const def = registry[record.type];
  if (!def) return;
  const Component = def.component;
  // As a transition: React hydrates it in slices of a few milliseconds, yielding to the browser
  // between them, not in one long task (a large form's was 30 ms on a fast machine). A shopper's
  // input on it meanwhile hydrates the part touched first (React's selective hydration).
  await new Promise<void>((onLive) => {
    startTransition(() => {
      hydrateRoot(
        el,
        <IslandRoot page={page} record={record} registry={registry} onLive={onLive}>
          <Component {...record.props} />
        </IslandRoot>,
        { identifierPrefix: islandIdPrefix(key) },
      );
    });
  });
}
