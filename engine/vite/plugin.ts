/**
 * The one place where the engine meets a site's blocks: `virtual:joinery/blocks` re-exports the
 * block loaders of the module the caller names, and lazy loaders of the framework-free islands'
 * browser code (the caller finds those files). The engine itself imports nothing from blocks/.
 */
import type { Plugin } from 'vite';

const ID = 'virtual:joinery/blocks';
const RESOLVED = `\0${ID}`;

export interface JoineryPluginOptions {
  blocksModule: string;
  /** block type -> the file of its framework-free island client (`client.ts`). */
  islandClients?: Readonly<Record<string, string>>;
}

export function joineryPlugin(opts: JoineryPluginOptions): Plugin {
  return {
    name: 'joinery',
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const clients = Object.entries(opts.islandClients ?? {})
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([type, file]) => `  ${JSON.stringify(type)}: () => import(${JSON.stringify(file)}),`);
      return [
        `import { blockLoaders } from ${JSON.stringify(opts.blocksModule)};`,
        'export { blockLoaders };',
        `export const islandClients = {\n${clients.join('\n')}\n};`,
      ].join('\n');
    },
  };
}
