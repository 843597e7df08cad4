/**
 * Request parsing for API routes: every body, query and path parameter goes through zod, and
 * bad input becomes an ApiError (415 wrong content type, 400 malformed JSON or query, 422
 * invalid fields) with field messages keyed by dotted path: `{ "billing.zip": "..." }`.
 *
 *   const body = await parseJson(c, orderSchema);        // throws ApiError on bad input
 *   const { scope } = await parseQuery(c, z.object({ scope: z.enum([...]) }));
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { issuesToErrors as fieldErrors } from '../../engine/node.ts';
import { ApiError } from './errors.ts';

export interface ParseOptions {
  /** The top-level message when fields are invalid. */
  message?: string;
  /** Status for invalid fields (default 422 for bodies, 400 for query and params). */
  status?: ContentfulStatusCode;
}

/** zod issues -> `{ "a.b.0": "first message for that path" }` (one mapping for the engine and the server). */
export { issuesToErrors as fieldErrors, ROOT_ERROR_KEY } from '../../engine/node.ts';

/** Validates an already-parsed value; throws ApiError(status) with field errors. */
export async function validate<S extends z.ZodType>(schema: S, value: unknown, status: ContentfulStatusCode, message: string): Promise<z.output<S>> {
  const r = await schema.safeParseAsync(value);
  if (!r.success) throw new ApiError(status, message, fieldErrors(r.error.issues));
  return r.data;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export async function parseJson<S extends z.ZodType>(c: Context, schema: S, o: ParseOptions = {}): Promise<z.output<S>> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) throw new ApiError(415, 'Content-Type must be application/json');
  let text: string;
  try {
    text = await c.req.text();
  } catch (e) {
    if (e instanceof ApiError || (e as { status?: number }).status === 413) throw e;
    throw new ApiError(400, 'Could not read the request body');
  }
  if (!text.trim()) throw new ApiError(400, 'Request body is empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Malformed JSON in request body');
  }
  return validate(schema, value, o.status ?? 422, o.message ?? 'Invalid request body');
}

/** Query parameters: a name given once is a string, given more than once an array of strings. */
export function queryObject(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, values] of Object.entries(c.req.queries())) out[k] = values.length === 1 ? values[0]! : values;
  return out;
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S, o: ParseOptions = {}): Promise<z.output<S>> {
  return validate(schema, queryObject(c), o.status ?? 400, o.message ?? 'Invalid query parameters');
}

export function parseParams<S extends z.ZodType>(c: Context, schema: S, o: ParseOptions = {}): Promise<z.output<S>> {
  return validate(schema, c.req.param(), o.status ?? 400, o.message ?? 'Invalid path parameters');
}
