/** React contexts carrying the current page's data and the block registry to every block. */
import { createContext, useContext } from 'react';
import type { BlockRegistry, IslandPage, PageData, RegionNode } from '../types.ts';
import type { IslandRecord } from './island.tsx';

/** The page: the whole PageData on the server, its IslandPage inside an island in the browser. */
export const PageContext = createContext<IslandPage | PageData | null>(null);

export function usePageData(): IslandPage {
  const data = useContext(PageContext);
  if (!data) throw new Error('usePageData() outside a Joinery page');
  return data;
}

/** The page's regions, for a static block (the server renders the whole page); an island has none in the browser. */
export function usePageRegions(): RegionNode[] {
  const data = usePageData();
  if (!('regions' in data)) throw new Error('usePageRegions() in an island: the browser has only its IslandPage');
  return (data as PageData).regions;
}

export const useSite = () => usePageData().site;

/** The registry the page renders with (every block on the server; an island's own in the browser). */
export const RegistryContext = createContext<{ registry: BlockRegistry; dev: boolean } | null>(null);

/**
 * Non-null inside an island's tree: there a nested island block is part of its host (one root).
 * On the server it is the island's record, so the block types it embeds are noted in it.
 */
export const IslandContext = createContext<IslandRecord | null>(null);
