/**
 * The app's last line: HTTPExceptions become their response (JSON under /api); anything else is
 * a bug, logged with the request id, answered with a bare 500 that never carries a stack.
 * Answers go through the context (c.newResponse, c.json), so headers middleware set before the
 * error (X-Request-Id) stay on them: an exception's own Response would drop them.
 */
import type { IncomingMessage } from 'node:http';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from '../logger.ts';
import { isApiPath, type AppEnv } from './env.ts';
import { ApiError, BODY_UNREADABLE, errorBody, STATUS_MESSAGES } from './errors.ts';

/** Node's error for a request whose connection closed before its body ended (@hono/node-server's env holds that request). */
function bodyCutOff(env: unknown, err: unknown): boolean {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming !== undefined && !incoming.complete && (err as { code?: unknown }).code === 'ECONNRESET';
}

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
    // The client stopped sending the body it announced (it closed the connection, or Node refused a
    // malformed chunk and answered 400 itself): the client's doing, not a bug to log as one.
    if (bodyCutOff(c.env, err)) return api ? c.json(errorBody(BODY_UNREADABLE), 400) : c.text(BODY_UNREADABLE, 400);
    log.error(`request ${c.get('requestId') ?? '-'} ${c.req.method} ${c.req.path} failed:`, err);
    return api ? c.json(errorBody('Internal server error'), 500) : c.text('Internal Server Error', 500);
  };
}
