/** The per-address limit on form posts (the shared limiter of server/http/rate-limit.ts). */
import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { addressRateLimit } from '../http/rate-limit.ts';

const RATE_LIMIT_MESSAGE = 'Too many form submissions from your address. Please wait a minute and try again.';

export function formRateLimit(o: {
  limit: number;
  windowMs: number;
  trustProxy: boolean;
  log?: Logger;
  db: Kysely<Database>;
}): MiddlewareHandler {
  return addressRateLimit({ ...o, message: RATE_LIMIT_MESSAGE, what: 'form posts' });
}
