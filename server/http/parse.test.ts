import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoryLogger } from '../logger.ts';
import { apiBodyLimit } from './body-limit.ts';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';
import { errorHandler } from './on-error.ts';
import {
  MAX_JSON_DEPTH,
  MAX_WALK_ERRORS,
  NUL_MESSAGE,
  nestedTooDeep,
  nulErrors,
  parseJson,
  parseParams,
  parseQuery,
  TOO_DEEP_MESSAGE,
} from './parse.ts';

const address = z.object({ zip: z.string().regex(/^\d{5}$/, 'Invalid zip code') });
const body = z.object({ email: z.email('Invalid email address'), qty: z.number().int().min(1), billing: address });

function app() {
  const log = memoryLogger();
  const a = new Hono<AppEnv>();
  a.use('/api/*', apiBodyLimit({ bodyLimitBytes: 200, uploadLimitBytes: 1000 }));
  a.post('/api/things', async (c) => c.json({ success: true, got: await parseJson(c, body) }, 201));
  a.get('/api/things', async (c) =>
    c.json({
      success: true,
      got: await parseQuery(
        c,
        z.object({ scope: z.enum(['sample-order', 'convert-to-order']), tag: z.array(z.string()).optional() }),
      ),
    }),
  );
  a.get('/api/things/:id', async (c) =>
    c.json({ success: true, got: await parseParams(c, z.object({ id: z.coerce.number().int().positive() })) }),
  );
  a.post('/api/notes', async (c) =>
    c.json(
      {
        success: true,
        got: await parseJson(
          c,
          z.object({ note: z.string(), lines: z.array(z.object({ text: z.string().max(20, 'Too long') })).optional() }),
        ),
      },
      201,
    ),
  );
  // Outside /api: no 200-byte limit for the deep bodies below.
  a.post('/deep', async (c) =>
    c.json({ success: true, got: await parseJson(c, z.object({ data: z.unknown() }).loose()) }, 201),
  );
  a.get('/api/conflict', () => {
    throw new ApiError(409, 'Order already paid');
  });
  a.get('/api/bug', () => {
    throw new TypeError("Cannot read properties of undefined (reading 'total')");
  });
  a.onError(errorHandler(log));
  return { a, log };
}

const post = (a: Hono<AppEnv>, payload: string, type = 'application/json') =>
  a.request('/api/things', { method: 'POST', body: payload, headers: { 'Content-Type': type } });

describe('parseJson', () => {
  const good = { email: 'jane@example.com', qty: 1, billing: { zip: '43228' } };

  it('returns the parsed body', async () => {
    const res = await post(app().a, JSON.stringify(good), 'application/json; charset=utf-8');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, got: good });
  });

  it('415 for a body that is not JSON by content type', async () => {
    const res = await post(app().a, JSON.stringify(good), 'text/plain');
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ success: false, message: 'Content-Type must be application/json' });
  });

  it('400 for malformed or empty JSON', async () => {
    const bad = await post(app().a, '{"email": ');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, message: 'Malformed JSON in request body' });
    const empty = await post(app().a, '');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ success: false, message: 'Request body is empty' });
  });

  it('422 with a message per field (dotted paths) for invalid fields', async () => {
    const res = await post(app().a, JSON.stringify({ email: 'nope', qty: 0, billing: { zip: 'abc' } }));
    expect(res.status).toBe(422);
    const json = (await res.json()) as { success: boolean; message: string; errors: Record<string, string> };
    expect(json.success).toBe(false);
    expect(json.message).toBe('Invalid request body');
    expect(json.errors).toMatchObject({ email: 'Invalid email address', 'billing.zip': 'Invalid zip code' });
    expect(json.errors.qty).toBeTruthy();
  });

  it('422 on the root when the body is not an object', async () => {
    const res = await post(app().a, '[1,2]');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: object }).errors).toHaveProperty('_root');
  });

  it('413 for a body over the limit, declared or streamed', async () => {
    const big = JSON.stringify({ ...good, pad: 'x'.repeat(500) });
    const declared = await post(app().a, big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ success: false, message: 'Request body is too large (limit 200 bytes)' });
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const streamed = await app().a.request('/api/things', {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('multipart gets the larger upload limit', async () => {
    const form = new FormData();
    form.set('note', 'x'.repeat(500));
    const res = await app().a.request('/api/things', { method: 'POST', body: form });
    expect(res.status).toBe(415); // under the 1000-byte upload limit, then refused as not JSON
  });
});

describe('parseQuery and parseParams', () => {
  it('validates the query; a repeated name is an array', async () => {
    const ok = await app().a.request('/api/things?scope=sample-order&tag=a&tag=b');
    expect(await ok.json()).toEqual({ success: true, got: { scope: 'sample-order', tag: ['a', 'b'] } });
    const bad = await app().a.request('/api/things?scope=everything');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      success: false,
      message: 'Invalid query parameters',
      errors: { scope: expect.any(String) },
    });
  });

  it('validates path parameters', async () => {
    expect(await (await app().a.request('/api/things/7')).json()).toEqual({ success: true, got: { id: 7 } });
    const bad = await app().a.request('/api/things/-1');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, errors: { id: expect.any(String) } });
  });
});

describe('U+0000 in what a caller sends', () => {
  const notes = (body: string) =>
    app().a.request('/api/notes', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

  it('is a field error at its path, after the schema has passed, in bodies, queries and paths', async () => {
    const res = await notes('{"note":"a\\u0000b","lines":[{"text":"ok"},{"text":"\\u0000"}]}');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      success: false,
      message: 'Invalid request body',
      errors: { note: NUL_MESSAGE, 'lines.1.text': NUL_MESSAGE },
    });
    // The schema's own message first.
    const long = await notes(JSON.stringify({ note: 'ok', lines: [{ text: `${'x'.repeat(20)}\u0000` }] }));
    expect(await long.json()).toMatchObject({ errors: { 'lines.0.text': 'Too long' } });
    const query = await app().a.request('/api/things?scope=sample-order&tag=a%00&tag=b');
    expect([query.status, await query.json()]).toEqual([
      400,
      { success: false, message: 'Invalid query parameters', errors: { 'tag.0': NUL_MESSAGE } },
    ]);
  });

  it('typed as the six characters \\u0000 is text like any other', async () => {
    const res = await notes(JSON.stringify({ note: 'see \\u0000' }));
    expect([res.status, await res.json()]).toEqual([201, { success: true, got: { note: 'see \\u0000' } }]);
  });

  it('in a key is reported at that key', () => {
    expect(nulErrors({ a: { 'b\u0000': 1 } })).toEqual({ 'a.b\\u0000': NUL_MESSAGE });
    expect(nulErrors('\u0000')).toEqual({ _root: NUL_MESSAGE });
    expect(nulErrors({ a: ['x', 1, null, { b: 'y' }] })).toBeUndefined();
  });
});

/** `depth` arrays around `leaf` (JSON text). */
const arrays = (depth: number, leaf = '"\\u0000"') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
/** The same nesting as a value, built without JSON.parse. */
function nested(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('JSON nested deeply', () => {
  const deep = (body: string) =>
    app().a.request('/deep', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

  it('nestedTooDeep counts arrays and objects, not brackets in strings', () => {
    expect(nestedTooDeep(arrays(MAX_JSON_DEPTH, '1'))).toBe(false);
    expect(nestedTooDeep(arrays(MAX_JSON_DEPTH + 1, '1'))).toBe(true);
    const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    expect([nestedTooDeep(objects(MAX_JSON_DEPTH)), nestedTooDeep(objects(MAX_JSON_DEPTH + 1))]).toEqual([false, true]);
    // Brackets inside strings, after escaped quotes and backslashes, are text.
    const text = JSON.stringify({ a: '['.repeat(200), b: `\\"${'{'.repeat(200)}`, c: ['\\', '[[[['.repeat(50)] });
    expect(nestedTooDeep(text)).toBe(false);
    expect(nestedTooDeep(`[${text},${arrays(MAX_JSON_DEPTH, text)}]`)).toBe(true);
    expect(nestedTooDeep(arrays(500_000, '1'))).toBe(true);
  });

  it('a body deeper than the limit is a 400 before any walk; at the limit it is read as usual', async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 5000, 400_000]) {
      const res = await deep(`{"data":${arrays(depth - 1)}}`);
      expect([res.status, await res.json()], String(depth)).toEqual([
        400,
        { success: false, message: TOO_DEEP_MESSAGE },
      ]);
    }
    const atLimit = await deep(`{"data":${arrays(MAX_JSON_DEPTH - 1)}}`);
    expect(atLimit.status).toBe(422);
    expect(await atLimit.json()).toEqual({
      success: false,
      message: 'Invalid request body',
      errors: { [`data${'.0'.repeat(MAX_JSON_DEPTH - 1)}`]: NUL_MESSAGE },
    });
    const fine = await deep(`{"data":${arrays(MAX_JSON_DEPTH - 1, '"ok"')}}`);
    expect([fine.status, await fine.json()]).toEqual([
      201,
      { success: true, got: { data: nested(MAX_JSON_DEPTH - 1, 'ok') } },
    ]);
  });

  it('nulErrors walks without recursion: a value nested past the limit is an ApiError(400), never a RangeError', () => {
    expect(nulErrors(nested(MAX_JSON_DEPTH - 1, '\u0000'))).toEqual({
      ['0.'.repeat(MAX_JSON_DEPTH - 1).slice(0, -1)]: NUL_MESSAGE,
    });
    for (const depth of [MAX_JSON_DEPTH + 1, 200_000]) {
      let thrown: unknown;
      try {
        nulErrors(nested(depth, '\u0000'));
      } catch (e) {
        thrown = e;
      }
      expect(thrown, String(depth)).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).status).toBe(400);
      expect((thrown as ApiError).message).toBe(TOO_DEEP_MESSAGE);
    }
  });

  it('nulErrors reports the first MAX_WALK_ERRORS errors, in order, and few characters of long keys', () => {
    const many = nulErrors({ a: Array.from({ length: 5000 }, () => '\u0000') })!;
    expect(Object.keys(many)).toEqual(Array.from({ length: MAX_WALK_ERRORS }, (_, i) => `a.${i}`));
    // 60 keys of 5,000 characters: every error's key is 300,000 characters long.
    let long: unknown = Array.from({ length: 1000 }, () => '\u0000');
    for (let i = 0; i < 60; i++) long = { [String(i).padEnd(5000, 'k')]: long };
    const keys = Object.keys(nulErrors(long)!);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^59k+\.58k+\..*\.0k+\.0$/);
  });
});

describe('errorHandler', () => {
  it('answers an ApiError with its status and message', async () => {
    const res = await app().a.request('/api/conflict');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, message: 'Order already paid' });
  });

  it('answers a bug with a generic 500 JSON, no stack, and logs it', async () => {
    const { a, log } = app();
    const res = await a.request('/api/bug');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ success: false, message: 'Internal server error' });
    expect(text).not.toMatch(/TypeError|reading 'total'|at /);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]!.rest[0]).toBeInstanceOf(TypeError);
  });
});
