/**
 * A per-address limit on a route (hono-rate-limiter), shared by the forms, order creation and
 * payment attempts. Given the database, the counters live there (rate-limit-store.ts), so every
 * server sharing it counts the same hits; without one (unit use), in this process's memory. Beyond the limit: 429 with the
 * route's message, RateLimit and Retry-After headers, and one warning line in the log, so a
 * flood (spam, card testing) shows up there.
 */
import type { MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { clientAddress } from './client-address.ts';
import { errorBody } from './errors.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

export interface AddressLimit {
  limit: number;
  windowMs: number;
}

export interface AddressRateLimitOptions extends AddressLimit {
  trustProxy: boolean;
  /** The 429 body's message. */
  message: string;
  /** What is limited, for the log line ("order creation"). */
  what: string;
  log?: Logger;
  /** Where the counters live (shared by the servers); each limiter is told apart by `what`. */
  db?: Kysely<Database>;
}

export function addressRateLimit(o: AddressRateLimitOptions): MiddlewareHandler {
  return rateLimiter({
    windowMs: o.windowMs,
    limit: o.limit,
    standardHeaders: 'draft-6',
    ...(o.db ? { store: databaseRateLimitStore(o.db, { name: o.what, windowMs: o.windowMs }) } : {}),
    keyGenerator: (c) => clientAddress(c, o.trustProxy),
    handler: (c) => {
      o.log?.warn(`rate limit: ${o.what} refused for ${clientAddress(c, o.trustProxy)} (more than ${o.limit} in ${Math.round(o.windowMs / 1000)} s): ${c.req.method} ${c.req.path}`);
      return c.json(errorBody(o.message), 429);
    },
  });
}
