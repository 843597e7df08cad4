/**
 * Per-address limits on routes, shared by the forms, order creation, payment attempts and quote
 * links. The counters always live in the database (rate-limit-store.ts), on SQLite as on
 * PostgreSQL: every server sharing it counts the same hits, and a restart forgets none. There is
 * no in-memory limiter: a limit takes the database or does not compile. Beyond the limit: 429
 * with the route's message, RateLimit and Retry-After headers, and one warning line in the log,
 * so a flood (spam, card testing, link guessing) shows up there.
 *
 * - addressRateLimit counts every request, before the route runs;
 * - addressMissLimit counts only the route's refusals (4xx), after it ran: beyond the limit a
 *   refusal becomes the 429, while any other answer of the route always goes out.
 */
import type { Context, MiddlewareHandler } from 'hono';
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
  /** What is limited: the log line's words ("order creation") and the counters' name, so two limiters never share one by accident. */
  what: string;
  log?: Logger;
  /** Where the counters live (shared by the servers). */
  db: Kysely<Database>;
}

function refused(c: Context, o: AddressRateLimitOptions) {
  o.log?.warn(
    `rate limit: ${o.what} refused for ${clientAddress(c, o.trustProxy)} (more than ${o.limit} in ${Math.round(o.windowMs / 1000)} s): ${c.req.method} ${c.req.path}`,
  );
  return c.json(errorBody(o.message), 429);
}

export function addressRateLimit(o: AddressRateLimitOptions): MiddlewareHandler {
  return rateLimiter({
    windowMs: o.windowMs,
    limit: o.limit,
    standardHeaders: 'draft-6',
    store: databaseRateLimitStore(o.db, { name: o.what, windowMs: o.windowMs }),
    keyGenerator: (c) => clientAddress(c, o.trustProxy),
    handler: (c) => refused(c, o),
  });
}

/** The draft-6 RateLimit headers of a counted hit (and Retry-After once over), as hono-rate-limiter sets them. */
function limitHeaders(o: AddressLimit, hits: number, resetTime: Date | undefined): Record<string, string> {
  const reset = resetTime
    ? Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000))
    : Math.ceil(o.windowMs / 1000);
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${o.limit};w=${Math.ceil(o.windowMs / 1000)}`,
    'RateLimit-Limit': String(o.limit),
    'RateLimit-Remaining': String(Math.max(o.limit - hits, 0)),
    'RateLimit-Reset': String(reset),
  };
  if (hits > o.limit) headers['Retry-After'] = String(reset);
  return headers;
}

/**
 * Counts the route's refusals (4xx) per address; a refusal beyond the limit is answered 429
 * instead. Successful answers are neither counted nor refused, and the server's own failures
 * (5xx) are not the client's misses.
 */
export function addressMissLimit(o: AddressRateLimitOptions): MiddlewareHandler {
  const store = databaseRateLimitStore(o.db, { name: o.what, windowMs: o.windowMs });
  return async (c, next) => {
    await next();
    if (c.res.status < 400 || c.res.status >= 500) return;
    const { totalHits, resetTime } = await store.increment(clientAddress(c, o.trustProxy));
    const headers = limitHeaders(o, totalHits, resetTime);
    if (totalHits > o.limit) {
      // The refusal's body and headers are dropped; those set before the route ran (X-Request-Id) stay.
      c.res = undefined;
      c.res = refused(c, o);
    }
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
  };
}
