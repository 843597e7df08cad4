import { matchPath, type RouteEntry } from '../../engine/node.ts';

/** The route a dev request gets: a static path, then a pattern, then the "*" page (as a 404). */
export function resolveRoute(
  routes: RouteEntry[],
  pathname: string,
): { route: RouteEntry; status: number } | undefined {
  const path = pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
  const exact = routes.find((r) => !r.dynamic && r.path === path);
  if (exact) return { route: exact, status: 200 };
  const dyn = routes.find((r) => r.dynamic && r.path !== '*' && matchPath(r.path, path));
  if (dyn) return { route: dyn, status: 200 };
  const nf = routes.find((r) => r.path === '*');
  return nf && { route: nf, status: 404 };
}
