declare module 'virtual:joinery/blocks' {
  import type { BlockLoaders } from '../types.ts';
  export const blockLoaders: BlockLoaders;
}
