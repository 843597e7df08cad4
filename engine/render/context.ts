/** React context carrying the current page's data to every block. */
import { createContext, useContext } from 'react';
import type { PageData } from '../types.ts';

export const PageContext = createContext<PageData | null>(null);

export function usePageData(): PageData {
  const data = useContext(PageContext);
  if (!data) throw new Error('usePageData() outside a Joinery page');
  return data;
}

export const useSite = () => usePageData().site;
