import { matchPath, useLocation } from 'react-router-dom';
import { usePageData } from './context.ts';

/** A parameter of the page's dynamic route in the current URL ('' when absent), e.g. the token of /unsubscribe/:unsubscribeToken. */
export function useRouteParam(name: string): string {
  const page = usePageData();
  const { pathname } = useLocation();
  return matchPath(page.route, pathname)?.params[name] ?? '';
}
