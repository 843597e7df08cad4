/** Loads the code of the given block types (each type is its own chunk in the browser). */
import type { BlockDefinition, BlockLoaders, BlockRegistry } from '../types.ts';

// Per block type, the files its chunk imports beyond the entry's (IslandsData.chunks): the same for
// every page of a build, gathered from each page's data as it arrives.
const blockDeps = new Map<string, readonly string[]>();

export function rememberChunks(chunks: Record<string, string[]> | undefined): void {
  for (const type in chunks) blockDeps.set(type, chunks[type]!);
}

/**
 * One type's code. Its chunk's own imports are fetched alongside it, not found by the browser
 * only once the chunk has arrived: one round trip less for a block loaded later (deferred, or on
 * navigation). On the first screen the boot script has fetched them already (no new request).
 */
function loadBlock(loaders: BlockLoaders, type: string): Promise<{ default: BlockDefinition }> {
  for (const href of blockDeps.get(type) ?? []) import(/* @vite-ignore */ href).catch(() => {});
  return loaders[type]!();
}

export async function loadBlocks(
  loaders: BlockLoaders,
  types: readonly string[],
  into: BlockRegistry = {},
): Promise<BlockRegistry> {
  await Promise.all(
    types
      .filter((t) => !into[t] && loaders[t])
      .map(async (t) => {
        into[t] = (await loadBlock(loaders, t)).default;
      }),
  );
  return into;
}
