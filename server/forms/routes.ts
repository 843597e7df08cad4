/** POST /api/forms/{name}: rate limited per address, then handled by submit.ts. */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/env.ts';
import type { GeoSource } from '../../engine/node.ts';
import { formRateLimit } from './rate-limit.ts';
import { handleSubmit } from './submit.ts';

export function formsRoutes(deps: AppDeps, geo: GeoSource): Hono<AppEnv> {
  const { limit, windowMs } = deps.config.formRateLimit;
  const formsDeps = { ...deps, geo };
  return new Hono<AppEnv>().post(
    '/:name',
    formRateLimit({ limit, windowMs, trustProxy: deps.config.trustProxy, log: deps.log, db: deps.db }),
    (c) => handleSubmit(c, formsDeps),
  );
}
