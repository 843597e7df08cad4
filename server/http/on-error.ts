/**
 * The app's last line: HTTPExceptions become their response (JSON under /api); anything else is
 * a bug, logged with the request id, answered with a bare 500 that never carries a stack.
 * Answers go through the context (c.newResponse, c.json), so headers middleware set before the
 * error (X-Request-Id) stay on them: an exception's own Response would drop them.
 */
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from '../logger.ts';
import { isApiPath, type AppEnv } from './env.ts';
import { ApiError, errorBody, STATUS_MESSAGES } from './errors.ts';

export function errorHandler(log: Logger): ErrorHandler<AppEnv> {
  return (err, c) => {
    const api = isApiPath(c.req.path);
    if (err instanceof HTTPException) {
      if (err instanceof ApiError || !api) {
        const res = err.getResponse();
        return c.newResponse(res.body, res);
      }
      // Hono's own middleware throws plain HTTPExceptions: give them the API's shape.
      return c.json(errorBody(err.message || STATUS_MESSAGES[err.status] || 'Error'), err.status);
    }
    log.error(`request ${c.get('requestId') ?? '-'} ${c.req.method} ${c.req.path} failed:`, err);
    return api ? c.json(errorBody('Internal server error'), 500) : c.text('Internal Server Error', 500);
  };
}
