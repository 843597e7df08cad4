declare module 'virtual:joinery/blocks' {
  import type { BlockLoaders, IslandClients } from '../types.ts';
  export const blockLoaders: BlockLoaders;
  export const islandClients: IslandClients;
}
