/**
 * Request size limits for /api (hono/body-limit): JSON bodies get a small limit, multipart
 * uploads a larger one (a form route may enforce per-file limits while it streams).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors.ts';

export interface BodyLimits {
  bodyLimitBytes: number;
  uploadLimitBytes: number;
}

export function apiBodyLimit(o: BodyLimits): MiddlewareHandler {
  const tooLarge = (limit: number) =>
    bodyLimit({ maxSize: limit, onError: (c) => c.json(errorBody(`Request body is too large (limit ${limit} bytes)`), 413) });
  const json = tooLarge(o.bodyLimitBytes);
  const upload = tooLarge(o.uploadLimitBytes);
  return (c, next) => (/^multipart\/form-data/i.test(c.req.header('content-type') ?? '') ? upload(c, next) : json(c, next));
}
