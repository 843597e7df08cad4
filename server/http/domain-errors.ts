/**
 * The status code of each commerce error kind: the one place where the shop's failures become
 * HTTP answers (`{ success: false, message, errors? }` and any extra fields).
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CommerceError, type CommerceErrorKind } from '../commerce/errors.ts';
import { errorBody } from './errors.ts';

const STATUS_OF_KIND: Record<CommerceErrorKind, ContentfulStatusCode> = {
  invalid: 422,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
  'provider-failed': 502,
  unavailable: 503,
  'bad-link': 400,
};

export function commerceErrorResponse(c: Context, e: CommerceError): Response {
  return c.json({ ...errorBody(e.message, e.fields), ...e.extra }, STATUS_OF_KIND[e.kind]);
}

export { CommerceError };
