/**
 * The one place where the engine meets a site's blocks: `virtual:joinery/blocks` re-exports the
 * block loaders of the module the caller names, and, in the browser, lazy loaders of the
 * framework-free islands' browser code (the caller finds those files from the blocks' island
 * declarations). The engine itself imports nothing from blocks/.
 */
import type { Plugin } from 'vite';

const ID = 'virtual:joinery/blocks';
const RESOLVED = `\0${ID}`;

type IslandClientFiles = Readonly<Record<string, string>>;

export interface JoineryPluginOptions {
  blocksModule: string;
  /**
   * block type -> the file of its framework-free island client (`client.ts`), or a function
   * that finds them when the browser first asks (the dev server reads the declarations then).
   */
  islandClients?: IslandClientFiles | (() => Promise<IslandClientFiles>);
}

export function joineryPlugin(opts: JoineryPluginOptions): Plugin {
  return {
    name: 'joinery',
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    async load(id, options) {
      if (id !== RESOLVED) return undefined;
      // The server renders components only: no client code in its bundle.
      const files = options?.ssr
        ? {}
        : typeof opts.islandClients === 'function'
          ? await opts.islandClients()
          : opts.islandClients;
      const clients = Object.entries(files ?? {})
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
