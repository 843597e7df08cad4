/**
 * The one error shape of the API: `{ success: false, message, errors? }`. Routes throw
 * ApiError (a Hono HTTPException) and the app's error handler answers with its JSON.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  success: false;
  message: string;
  errors?: FieldErrors;
}

export const STATUS_MESSAGES: Partial<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body is too large',
  415: 'Unsupported media type',
  422: 'Invalid input',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/** A request body that could not be read to its end (the client closed the connection meanwhile). */
export const BODY_UNREADABLE = 'Could not read the request body';

export function errorBody(message: string, errors?: FieldErrors): ErrorBody {
  return errors && Object.keys(errors).length ? { success: false, message, errors } : { success: false, message };
}

export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string = STATUS_MESSAGES[status] ?? 'Error',
    readonly errors?: FieldErrors,
  ) {
    super(status, { message });
  }

  override getResponse(): Response {
    return Response.json(errorBody(this.message, this.errors), { status: this.status });
  }
}

/** Answers with the error body directly, for handlers that return rather than throw. */
export function jsonError(c: Context, status: ContentfulStatusCode, message?: string, errors?: FieldErrors): Response {
  return c.json(errorBody(message ?? STATUS_MESSAGES[status] ?? 'Error', errors), status);
}
