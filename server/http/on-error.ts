/**
 * The app's last line: HTTPExceptions become their response (JSON under /api), the shop's
 * CommerceErrors theirs (domain-errors.ts); a database that
 * cannot be reached (isDatabaseUnavailable: restarting, down, locked) is a temporary 503 with
 * Retry-After, logged at most once every 10 s rather than once per request; anything else is a
 * bug, logged with the request id, answered with a bare 500 that never carries a stack.
 * The API and the sandbox gateway (a JSON API of its own) answer JSON, pages plain text.
 * Answers go through the context (c.newResponse, c.json), so headers middleware set before the
 * error (X-Request-Id) stay on them: an exception's own Response would drop them.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseUnavailable } from '../db/dialect.ts';
import { throttled, type Logger } from '../logger.ts';
import { SANDBOX_GATEWAY_PATH } from '../sandbox-gateway/index.ts';
import { isApiPath, type AppEnv } from './env.ts';
import { ApiError, BODY_UNREADABLE, errorBody, STATUS_MESSAGES } from './errors.ts';
import { CommerceError, commerceErrorResponse } from './domain-errors.ts';

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
/** While the database is away every request fails alike: one log line per this many ms. */
const UNAVAILABLE_LOG_MS = 10_000;

const isGatewayPath = (path: string) => path === SANDBOX_GATEWAY_PATH || path.startsWith(`${SANDBOX_GATEWAY_PATH}/`);

/**
 * Node's error for a request whose connection closed before its body ended (@hono/node-server's
 * env holds that request): the request's own stream failed. A database connection reset while the
 * body is still arriving has the same code, and is the database's (503), not the client's.
 */
function bodyCutOff(env: unknown, err: unknown): boolean {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return (
    incoming !== undefined &&
    !incoming.complete &&
    incoming.errored != null &&
    (err as { code?: unknown }).code === 'ECONNRESET'
  );
}

/**
 * An error answered as JSON: the API's `{ success: false, message }`; the sandbox gateway's
 * callers (its tokenizer script) read `{ error: { message } }`, so its answers carry both.
 */
function jsonAnswer(
  c: Context<AppEnv>,
  status: 500 | 503,
  message: string,
  headers?: Record<string, string>,
): Response {
  const body = isGatewayPath(c.req.path) ? { ...errorBody(message), error: { message } } : errorBody(message);
  return c.json(body, status, headers);
}

/** The answer while the database is away: 503 with Retry-After, JSON for the APIs, a plain page otherwise. */
export function serviceUnavailable(c: Context<AppEnv>): Response {
  // As an argument, not c.header(): a middleware that dropped c.res (wait-for-commit.ts) calls this too.
  const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
  const message = STATUS_MESSAGES[503]!;
  if (isApiPath(c.req.path) || isGatewayPath(c.req.path)) return jsonAnswer(c, 503, message, headers);
  return c.text(`${message}: please try again in a few seconds.`, 503, headers);
}

export function errorHandler(log: Logger): ErrorHandler<AppEnv> {
  const unavailable = throttled(UNAVAILABLE_LOG_MS, (line) => log.error(line));
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
    if (err instanceof CommerceError) return commerceErrorResponse(c, err);
    // The client stopped sending the body it announced (it closed the connection, or Node refused a
    // malformed chunk and answered 400 itself): the client's doing, not a bug to log as one.
    if (bodyCutOff(c.env, err)) return api ? c.json(errorBody(BODY_UNREADABLE), 400) : c.text(BODY_UNREADABLE, 400);
    if (isDatabaseUnavailable(err)) {
      unavailable(
        `request ${c.get('requestId') ?? '-'} ${c.req.method} ${c.req.path}: database unavailable, answered 503: ${(err as Error).message || (err as { code?: string }).code}`,
      );
      return serviceUnavailable(c);
    }
    log.error(`request ${c.get('requestId') ?? '-'} ${c.req.method} ${c.req.path} failed:`, err);
    if (api || isGatewayPath(c.req.path)) return jsonAnswer(c, 500, STATUS_MESSAGES[500]!);
    return c.text('Internal Server Error', 500);
  };
}
