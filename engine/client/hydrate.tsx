/**
 * Hydration of an island whose block is a component: loaded by the runtime (entry.tsx) only when
 * such an island starts, so a page whose islands are all framework-free loads no UI library.
 */
import { hydrateRoot } from 'react-dom/client';
import type { IslandRecord } from '../render/island.tsx';
import { IslandRoot } from '../render/island-root.tsx';
import { loadBlocks, rememberChunks } from '../render/load-blocks.ts';
import type { BlockLoaders, BlockRegistry, PageData } from '../types.ts';

const registry: BlockRegistry = {};

/**
 * Loads the island's code (its block and the types it renders) and hydrates it, in the task
 * `nextTask` gives once the code is in; resolves once it is live.
 */
export async function hydrateIsland(
  el: HTMLElement,
  record: IslandRecord,
  page: PageData,
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
  await new Promise<void>((live) =>
    hydrateRoot(
      el,
      <IslandRoot page={page} record={record} registry={registry} onLive={live}>
        <Component {...record.props} />
      </IslandRoot>,
    ),
  );
}
