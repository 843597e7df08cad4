/**
 * A per-address limit on a route (hono-rate-limiter, in memory: one process serves the shop),
 * shared by the forms, order creation and payment attempts. Beyond the limit: 429 with the
 * route's message, RateLimit and Retry-After headers, and one warning line in the log, so a
 * flood (spam, card testing) shows up there.
 */
import type { MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import type { Logger } from '../logger.ts';
import { clientAddress } from './client-address.ts';
import { errorBody } from './errors.ts';

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
}

export function addressRateLimit(o: AddressRateLimitOptions): MiddlewareHandler {
  return rateLimiter({
    windowMs: o.windowMs,
    limit: o.limit,
    standardHeaders: 'draft-6',
    keyGenerator: (c) => clientAddress(c, o.trustProxy),
    handler: (c) => {
      o.log?.warn(`rate limit: ${o.what} refused for ${clientAddress(c, o.trustProxy)} (more than ${o.limit} in ${Math.round(o.windowMs / 1000)} s): ${c.req.method} ${c.req.path}`);
      return c.json(errorBody(o.message), 429);
    },
  });
}
