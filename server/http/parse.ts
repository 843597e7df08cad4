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
import { z } from 'zod';
import { issuesToErrors as fieldErrors, ROOT_ERROR_KEY, rowIdOf } from '../../engine/node.ts';
import { ApiError, BODY_UNREADABLE } from './errors.ts';

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

/** An id field of a body (an order's, a quote's): a number or its digits that can name a row (rowIdOf), else `message`. */
export const idField = (message: string) =>
  z.unknown().transform((v, ctx) => {
    const id = rowIdOf(v);
    if (id === undefined) ctx.addIssue({ code: 'custom', message });
    return id ?? z.NEVER;
  });

/** The field message for text holding U+0000. */
export const NUL_MESSAGE = 'Must not contain the NUL character (U+0000)';

/**
 * Field errors for every string (and key) in a parsed value that holds U+0000, keyed by dotted
 * path as zod's are; undefined when there is none. No form field or address legitimately holds
 * it, and PostgreSQL cannot store it in text: unchecked, it reached the database and answered 500.
 */
export function nulErrors(value: unknown): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  const visit = (v: unknown, at: string) => {
    if (typeof v === 'string') {
      if (v.includes('\u0000')) (out ??= {})[at || ROOT_ERROR_KEY] ??= NUL_MESSAGE;
    } else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        const key = at ? `${at}.${k}` : k;
        if (k.includes('\u0000')) (out ??= {})[key.replaceAll('\u0000', '\\u0000')] ??= NUL_MESSAGE;
        else visit(inner, key);
      }
    }
  };
  visit(value, '');
  return out;
}

/**
 * The validated value, unless a string in it holds U+0000: checked after the schema, so a field's
 * own message (an address's "Special characters are not allowed") comes first.
 */
function withoutNul<T>(data: T, status: ContentfulStatusCode, message: string): T {
  const nul = nulErrors(data);
  if (nul) throw new ApiError(status, message, nul);
  return data;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export async function parseJson<S extends z.ZodType>(c: Context, schema: S, o: ParseOptions = {}): Promise<z.output<S>> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) throw new ApiError(415, 'Content-Type must be application/json');
  let text: string;
  try {
    text = await c.req.text();
  } catch (e) {
    if (e instanceof ApiError || (e as { status?: number }).status === 413) throw e;
    throw new ApiError(400, BODY_UNREADABLE);
  }
  if (!text.trim()) throw new ApiError(400, 'Request body is empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Malformed JSON in request body');
  }
  const status = o.status ?? 422;
  const message = o.message ?? 'Invalid request body';
  const data = await validate(schema, value, status, message);
  // JSON carries U+0000 only as the escape \u0000: text without one needs no walk.
  return text.includes('\\u0000') ? withoutNul(data, status, message) : data;
}

/** Query parameters: a name given once is a string, given more than once an array of strings. */
export function queryObject(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, values] of Object.entries(c.req.queries())) out[k] = values.length === 1 ? values[0]! : values;
  return out;
}

/** Validates a query or path's values: %00 decodes to U+0000 there too. */
async function validateDecoded<S extends z.ZodType>(schema: S, value: Record<string, unknown>, status: ContentfulStatusCode, message: string): Promise<z.output<S>> {
  return withoutNul(await validate(schema, value, status, message), status, message);
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S, o: ParseOptions = {}): Promise<z.output<S>> {
  return validateDecoded(schema, queryObject(c), o.status ?? 400, o.message ?? 'Invalid query parameters');
}

export function parseParams<S extends z.ZodType>(c: Context, schema: S, o: ParseOptions = {}): Promise<z.output<S>> {
  return validateDecoded(schema, c.req.param(), o.status ?? 400, o.message ?? 'Invalid path parameters');
}
