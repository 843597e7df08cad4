/** React contexts carrying the current page's data and the block registry to every block. */
import { createContext, useContext } from 'react';
import type { BlockRegistry, PageData } from '../types.ts';
import type { IslandRecord } from './island.tsx';

export const PageContext = createContext<PageData | null>(null);

export function usePageData(): PageData {
  const data = useContext(PageContext);
  if (!data) throw new Error('usePageData() outside a Joinery page');
  return data;
}

export const useSite = () => usePageData().site;

/** The registry the page renders with (every block on the server; an island's own in the browser). */
export const RegistryContext = createContext<{ registry: BlockRegistry; dev: boolean } | null>(null);

/**
 * Non-null inside an island's tree: there a nested island block is part of its host (one root).
 * On the server it is the island's record, so the block types it embeds are noted in it.
 */
export const IslandContext = createContext<IslandRecord | null>(null);
