/** GET /api/health: the process is up and the database answers. */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/env.ts';
import { outboxCounts } from '../mail/outbox.ts';

export function healthRoutes(deps: AppDeps): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/', async (c) => {
    const version = deps.config.version;
    try {
      const counts = await outboxCounts(deps.db);
      return c.json({ ok: true, db: 'ok', outbox: { queued: counts.queued, failed: counts.failed }, version });
    } catch (e) {
      deps.log.error('health: database check failed:', e);
      return c.json({ ok: false, db: 'error', version }, 503);
    }
  });
}
