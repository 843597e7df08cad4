/** A per-address limit on form posts (hono-rate-limiter, in memory: one process serves the shop). */
import type { MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { errorBody } from '../http/errors.ts';
import { clientAddress } from './client-address.ts';

export const RATE_LIMIT_MESSAGE = 'Too many form submissions from your address. Please wait a minute and try again.';

export function formRateLimit(o: { limit: number; windowMs: number; trustProxy: boolean }): MiddlewareHandler {
  return rateLimiter({
    windowMs: o.windowMs,
    limit: o.limit,
    standardHeaders: 'draft-6',
    keyGenerator: (c) => clientAddress(c, o.trustProxy),
    handler: (c) => c.json(errorBody(RATE_LIMIT_MESSAGE), 429),
  });
}
