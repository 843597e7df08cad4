/**
 * Nothing is acknowledged before it is durable: with group commit (server/db/group-commit.ts) a
 * request's writes are committed with others' at the end of the event-loop turn, so the answer
 * waits for that commit, and becomes a 503 with Retry-After when the batch holding the
 * request's writes failed.
 */
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/open.ts';
import type { Logger } from '../logger.ts';
import { groupCommitOf } from '../db/group-commit.ts';
import type { AppEnv } from './env.ts';
import { serviceUnavailable } from './on-error.ts';

export function waitForCommit(db: Db, log: Logger): MiddlewareHandler<AppEnv> {
  const gc = groupCommitOf(db);
  if (!gc) return (_c, next) => next();
  return async (c, next) => {
    const mark = gc.mark();
    await next();
    const settled = gc.settled(mark);
    if (settled === true || (await settled)) return;
    log.error(
      `request ${c.get('requestId') ?? '-'} ${c.req.method} ${c.req.path}: its writes were not committed:`,
      gc.lastError,
    );
    c.res = undefined;
    c.res = serviceUnavailable(c);
  };
}
