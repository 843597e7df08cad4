/** One line per request: method, path, status, time, request id. Pass silentLogger in tests. */
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './env.ts';

export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = (performance.now() - start).toFixed(1);
    log.info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${c.get('requestId') ?? '-'}`);
  };
}
