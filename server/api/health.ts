/**
 * GET /api/health: the process is up and the database answers; `database` names which one
 * (sqlite or postgres), so a load balancer's check or an operator sees what a server runs on.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { dbKind } from '../db/dialect.ts';
import type { AppEnv } from '../http/env.ts';
import { outboxCounts } from '../mail/outbox.ts';

export function healthRoutes(deps: AppDeps): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/', async (c) => {
    const version = deps.config.version;
    const database = dbKind(deps.db);
    try {
      const counts = await outboxCounts(deps.db);
      return c.json({ ok: true, db: 'ok', database, outbox: { queued: counts.queued, failed: counts.failed }, version });
    } catch (e) {
      deps.log.error('health: database check failed:', e);
      return c.json({ ok: false, db: 'error', database, version }, 503);
    }
  });
}
