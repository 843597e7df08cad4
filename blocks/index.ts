/**
 * Every block type of the site: type -> loader. Each block is its own chunk in the browser,
 * so a page downloads only the blocks it shows. Keep the list sorted.
 */
import type { BlockLoaders } from '../engine/index.ts';

export const blockLoaders = {
  heading: () => import('./heading/index.tsx'),
} satisfies BlockLoaders;
