/**
 * GET /api/health: liveness. 200 while this process serves, whatever the database does; the
 * body says how the database answered (`db: 'ok'` or `'error'`) and which one it is (`database`:
 * sqlite or postgres). This is the load balancer's check (HAProxy: `option httpchk GET
 * /api/health`, `http-check expect status 200`). A database outage is shared by every server:
 * a check that failed on it would take them all out at once and turn a database blip into a
 * whole-site outage, the pages included, which come from the build and need no database.
 * Kept in, a server answers what needs the database with a 503 and Retry-After, which the
 * checkout shows and retries, and serves the rest.
 *
 * GET /api/health?ready=1: readiness. 503 (with Retry-After) while the database does not
 * answer, else the same 200. For monitoring and alerts, or an orchestrator that holds a new
 * server back until its database answers; not for taking servers out of a load balancer.
 *
 * The database check is one small query; one that takes longer than DB_CHECK_MS counts as
 * failed, so a database that hangs cannot hang the check.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { dbKind } from '../db/dialect.ts';
import type { AppEnv } from '../http/env.ts';
import { RETRY_AFTER_SECONDS } from '../http/on-error.ts';
import { throttled } from '../logger.ts';
import { outboxCounts } from '../mail/outbox.ts';

/** How long the database check may take before it counts as failed. */
export const DB_CHECK_MS = 2_000;
/** A load balancer checks every few seconds: one log line per this many ms while the database is away. */
const LOG_EVERY_MS = 10_000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  );
  // The check that lost the race may still fail later: nobody waits for it any more.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function healthRoutes(deps: AppDeps): Hono<AppEnv> {
  const logFailure = throttled(LOG_EVERY_MS, (line) => deps.log.error(line));
  return new Hono<AppEnv>().get('/', async (c) => {
    const version = deps.config.version;
    const database = dbKind(deps.db);
    try {
      const counts = await withinTime(outboxCounts(deps.db), DB_CHECK_MS);
      return c.json({
        ok: true,
        db: 'ok',
        database,
        outbox: { queued: counts.queued, failed: counts.failed },
        version,
      });
    } catch (e) {
      logFailure(
        `health: database check failed: ${(e as Error).message || (e as { code?: string }).code || String(e)}`,
      );
      const ready = c.req.query('ready');
      if (ready === undefined || ready === '0') return c.json({ ok: true, db: 'error', database, version });
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json({ ok: false, db: 'error', database, version }, 503);
    }
  });
}
