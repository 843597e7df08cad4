/**
 * The one place where the engine meets a site's blocks: `virtual:joinery/blocks` re-exports the
 * block list the caller names. The engine itself imports nothing from blocks/.
 */
import type { Plugin } from 'vite';

const ID = 'virtual:joinery/blocks';
const RESOLVED = `\0${ID}`;

export function joineryPlugin(opts: { blocksModule: string }): Plugin {
  return {
    name: 'joinery',
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      // islandClients is optional: a site may have no framework-free island.
      if (id === RESOLVED)
        return `import * as blocks from ${JSON.stringify(opts.blocksModule)};\nexport const blockLoaders = blocks.blockLoaders;\nexport const islandClients = blocks.islandClients ?? {};`;
      return undefined;
    },
  };
}
