/** Loads the code of the given block types (each type is its own chunk in the browser). */
import type { BlockLoaders, BlockRegistry } from '../types.ts';

export async function loadBlocks(loaders: BlockLoaders, types: readonly string[], into: BlockRegistry = {}): Promise<BlockRegistry> {
  await Promise.all(
    types
      .filter((t) => !into[t] && loaders[t])
      .map(async (t) => {
        into[t] = (await loaders[t]!()).default;
      }),
  );
  return into;
}
