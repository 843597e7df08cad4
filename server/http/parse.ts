/**
 * Request parsing for API routes: every body, query and path parameter goes through zod, and
 * bad input becomes an ApiError (415 wrong content type, 400 malformed JSON or query or JSON
 * nested deeper than MAX_JSON_DEPTH, 422 invalid fields) with field messages keyed by dotted
 * path: `{ "billing.zip": "..." }`.
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

/** Validates an already-parsed value; throws ApiError(status) with field errors. */
async function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  status: ContentfulStatusCode,
  message: string,
): Promise<z.output<S>> {
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
 * The deepest nesting of arrays and objects JSON from a request may have (a body, a form's JSON
 * part). No form or payment call comes near it; deeper JSON is refused with 400 before anything
 * walks it.
 */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `Request body is nested too deeply (limit ${MAX_JSON_DEPTH} levels of arrays and objects)`;
/** At most this many field errors, and about this many characters of their keys, from one walk. */
export const MAX_WALK_ERRORS = 100;
const MAX_WALK_KEY_CHARS = 10_000;

/**
 * Whether the arrays and objects of `json` (text JSON.parse accepted) nest deeper than `max`:
 * one pass over the text, strings skipped, no recursion.
 */
export function nestedTooDeep(json: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      // To the closing quote: the first one not escaped by an odd run of backslashes.
      for (;;) {
        i = json.indexOf('"', i + 1);
        if (i < 0) return false;
        let b = i - 1;
        while (json.charCodeAt(b) === 0x5c) b--;
        if ((i - 1 - b) % 2 === 0) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** JSON.parse for text from a request: 400 when it is not JSON or nests deeper than MAX_JSON_DEPTH. */
export function parseRequestJson(text: string, malformed: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, malformed);
  }
  if (nestedTooDeep(text)) throw new ApiError(400, TOO_DEEP_MESSAGE);
  return value;
}

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
  depth: number;
}

/** Stands for the value under a key that holds U+0000: the key itself is the error. */
const NUL_KEY = Symbol('key with U+0000');

/** A visited value's dotted path (zod's form: `a.b.0`). */
function pathOf(v: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = v; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Field errors for every string (and key) in a parsed value that holds U+0000, keyed by dotted
 * path as zod's are; undefined when there is none. No form field or address legitimately holds
 * it, and PostgreSQL cannot store it in text: unchecked, it reached the database and answered 500.
 * The walk keeps its own stack: a value nested deeper than MAX_JSON_DEPTH is an ApiError(400),
 * and the walk stops after MAX_WALK_ERRORS errors (or some 10,000 characters of their keys).
 */
export function nulErrors(value: unknown): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  let count = 0;
  let chars = 0;
  const stack: Visit[] = [{ value, key: '', parent: undefined, depth: 0 }];
  for (let v = stack.pop(); v; v = stack.pop()) {
    const inner = v.value;
    if (inner === NUL_KEY || (typeof inner === 'string' && inner.includes('\u0000'))) {
      const key = pathOf(v) || ROOT_ERROR_KEY;
      if (out && key in out) continue;
      out ??= {};
      out[key] = NUL_MESSAGE;
      chars += key.length;
      if (++count >= MAX_WALK_ERRORS || chars >= MAX_WALK_KEY_CHARS) break;
    } else if (inner && typeof inner === 'object') {
      if (v.depth >= MAX_JSON_DEPTH) throw new ApiError(400, TOO_DEEP_MESSAGE);
      const entries = Object.entries(inner);
      // Pushed last to first: the walk meets them in order.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, item] = entries[i]!;
        const nul = k.includes('\u0000');
        stack.push({
          value: nul ? NUL_KEY : item,
          key: nul ? k.replaceAll('\u0000', '\\u0000') : k,
          parent: v,
          depth: v.depth + 1,
        });
      }
    }
  }
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

export async function parseJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  o: ParseOptions = {},
): Promise<z.output<S>> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? ''))
    throw new ApiError(415, 'Content-Type must be application/json');
  let text: string;
  try {
    text = await c.req.text();
  } catch (e) {
    if (e instanceof ApiError || (e as { status?: number }).status === 413) throw e;
    throw new ApiError(400, BODY_UNREADABLE);
  }
  if (!text.trim()) throw new ApiError(400, 'Request body is empty');
  const value = parseRequestJson(text, 'Malformed JSON in request body');
  const status = o.status ?? 422;
  const message = o.message ?? 'Invalid request body';
  const data = await validate(schema, value, status, message);
  // JSON carries U+0000 only as the escape \u0000: text without one needs no walk.
  return text.includes('\\u0000') ? withoutNul(data, status, message) : data;
}

/** Query parameters: a name given once is a string, given more than once an array of strings. */
function queryObject(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, values] of Object.entries(c.req.queries())) out[k] = values.length === 1 ? values[0]! : values;
  return out;
}

/** Validates a query or path's values: %00 decodes to U+0000 there too. */
async function validateDecoded<S extends z.ZodType>(
  schema: S,
  value: Record<string, unknown>,
  status: ContentfulStatusCode,
  message: string,
): Promise<z.output<S>> {
  return withoutNul(await validate(schema, value, status, message), status, message);
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S, o: ParseOptions = {}): Promise<z.output<S>> {
  return validateDecoded(schema, queryObject(c), o.status ?? 400, o.message ?? 'Invalid query parameters');
}

export function parseParams<S extends z.ZodType>(c: Context, schema: S, o: ParseOptions = {}): Promise<z.output<S>> {
  return validateDecoded(schema, c.req.param(), o.status ?? 400, o.message ?? 'Invalid path parameters');
}
