/**
 * Request size limits for /api (hono/body-limit): JSON bodies get a small limit, multipart
 * uploads a larger one (a form route may enforce per-file limits while it streams).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors.ts';

export interface BodyLimits {
  bodyLimitBytes: number;
  uploadLimitBytes: number;
}

const MULTIPART = /^multipart\/form-data/i;

export function apiBodyLimit(o: BodyLimits): MiddlewareHandler {
  const tooLarge = (limit: number): MiddlewareHandler => {
    const onError = (c: Context) => c.json(errorBody(`Request body is too large (limit ${limit} bytes)`), 413);
    const counted = bodyLimit({ maxSize: limit, onError });
    return async (c, next) => {
      // hono's bodyLimit decides on Content-Length alone when there is no Transfer-Encoding; that
      // test is made here first, from the headers, without asking for the body stream (which
      // under @hono/node-server builds a web Request). GET and HEAD have no body.
      const method = c.req.method;
      if (method === 'GET' || method === 'HEAD') return next();
      const length = c.req.header('content-length');
      if (length !== undefined && c.req.header('transfer-encoding') === undefined)
        return parseInt(length || '0', 10) > limit ? onError(c) : next();
      return counted(c, next);
    };
  };
  const json = tooLarge(o.bodyLimitBytes);
  const upload = tooLarge(o.uploadLimitBytes);
  return (c, next) => (MULTIPART.test(c.req.header('content-type') ?? '') ? upload(c, next) : json(c, next));
}
