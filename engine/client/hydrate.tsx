/**
 * Hydration of an island whose block is a component: loaded by the runtime (entry.tsx) only when
 * such an island starts, so a page whose islands are all framework-free loads no UI library.
 */
import { hydrateRoot } from 'react-dom/client';
import type { IslandRecord } from '../render/island.tsx';
import { IslandRoot } from '../render/island-root.tsx';
import { collectLater } from '../render/later.tsx';
import { loadBlocks, rememberChunks } from '../render/load-blocks.ts';
import type { BlockLoaders, BlockRegistry, PageData } from '../types.ts';

const registry: BlockRegistry = {};

/**
 * Loads the island's code (its block and the types it renders) and hydrates it, in the task
 * `nextTask` gives once the code is in, then each part it left for later (render/later.tsx) in a
 * task of its own; resolves once it is live, its parts included.
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
  let parts: ReturnType<typeof collectLater> = [];
  const live = new Promise<void>((onLive) => {
    parts = collectLater(() =>
      hydrateRoot(
        el,
        <IslandRoot page={page} record={record} registry={registry} onLive={onLive}>
          <Component {...record.props} />
        </IslandRoot>,
      ),
    );
  });
  for (const part of parts) {
    await nextTask();
    part.release();
  }
  // The last part hydrates as its release's task ends.
  if (parts.length) await nextTask();
  await live;
}
