import { usePagePath } from './page-path.ts';
import { usePageData } from './context.ts';

/** The value of `:name` in `path` when it matches the route pattern `route` (segment by segment), else ''. */
function routeParam(route: string, path: string, name: string): string {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  const want = trim(route).split('/');
  const have = trim(path).split('/');
  if (want.length !== have.length) return '';
  for (let i = 0; i < want.length; i++) {
    if (want[i] === `:${name}`) return decodeURIComponent(have[i] ?? '');
    if (!want[i]!.startsWith(':') && want[i] !== have[i]) return '';
  }
  return '';
}

/** A parameter of the page's dynamic route in the current URL ('' when absent), e.g. the token of /unsubscribe/:unsubscribeToken. */
export function useRouteParam(name: string): string {
  return routeParam(usePageData().route, usePagePath(), name);
}
