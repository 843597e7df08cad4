import { usePageData } from './context.ts';

/**
 * The path of the page shown: the page's own path on the server, the address bar's in the
 * browser (a dynamic route's shell serves many paths).
 */
export function usePagePath(): string {
  const page = usePageData();
  return typeof window === 'undefined' ? page.path : window.location.pathname;
}
