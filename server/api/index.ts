/**
 * The /api sub-app: limits and headers for every route, one route factory per resource
 * (add `api.route('/forms', formsRoutes(deps))` here), and a JSON 404 for the rest.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { apiBodyLimit } from '../http/body-limit.ts';
import type { AppEnv } from '../http/env.ts';
import { jsonError } from '../http/errors.ts';
import { healthRoutes } from './health.ts';

export function createApi(deps: AppDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.use('*', apiBodyLimit(deps.config));

  api.route('/health', healthRoutes(deps));

  api.all('*', (c) => jsonError(c, 404, 'Not found'));
  return api;
}
