/**
 * The error handler's answer to a database that cannot be reached: 503 with Retry-After, JSON
 * for the API and the sandbox gateway, a plain page elsewhere, one log line for a flood of them;
 * any other error stays a 500. Then the real app on a SQLite file another process keeps locked
 * past the busy timeout: its order answers that 503 too.
 */
import SQLite from 'better-sqlite3';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { orderBody, send } from '../commerce/testing.ts';
import { groupCommitOf } from '../db/group-commit.ts';
import { memoryLogger } from '../logger.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import type { AppEnv } from './env.ts';
import { errorHandler } from './on-error.ts';

const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });

function app(err: () => unknown) {
  const log = memoryLogger();
  const a = new Hono<AppEnv>();
  a.use('*', requestId());
  a.all('*', () => {
    throw err();
  });
  a.onError(errorHandler(log));
  return { app: a, log };
}

describe('errorHandler: a database that cannot be reached', () => {
  it('answers the API 503 { success: false, message } with Retry-After, keeping the request id', async () => {
    const res = await app(terminated).app.request('/api/order', {
      method: 'POST',
      headers: { 'X-Request-Id': 'abc-123' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(await res.json()).toEqual({ success: false, message: 'Service unavailable' });
  });

  it('answers the sandbox gateway the same JSON, with its own { error: { message } } for its tokenizer script', async () => {
    const res = await app(terminated).app.request('/sandbox-gateway/v1/tokens', { method: 'POST' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      success: false,
      message: 'Service unavailable',
      error: { message: 'Service unavailable' },
    });
  });

  it('answers a page with a plain 503 and Retry-After', async () => {
    const res = await app(terminated).app.request('/some/page');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('Service unavailable: please try again in a few seconds.');
  });

  it("answers 503 to a database's connection reset while the request's body is still arriving; 400 when the request's own stream failed", async () => {
    const reset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    const arriving = { incoming: { complete: false, errored: null } };
    const res = await app(reset).app.request('/api/forms/contact', { method: 'POST' }, arriving);
    expect([res.status, res.headers.get('retry-after'), await res.json()]).toEqual([
      503,
      '5',
      { success: false, message: 'Service unavailable' },
    ]);
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const cutOff = { incoming: { complete: false, errored: aborted } };
    const res2 = await app(() => aborted).app.request('/api/forms/contact', { method: 'POST' }, cutOff);
    expect([res2.status, await res2.json()]).toEqual([
      400,
      { success: false, message: 'Could not read the request body' },
    ]);
  });

  it('logs one line for a flood of them, naming the first request', async () => {
    const { app: a, log } = app(() =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await a.request('/api/order', { method: 'POST' })).status),
    );
    expect(new Set(statuses)).toEqual(new Set([503]));
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({
      level: 'error',
      message: expect.stringMatching(
        /^request \S+ POST \/api\/order: database unavailable, answered 503: connect ECONNREFUSED/,
      ),
    });
  });

  it('any other error is still a logged 500, JSON on the API and the gateway, never with Retry-After', async () => {
    const { app: a, log } = app(() => new Error('boom'));
    const api = await a.request('/api/order');
    expect([api.status, api.headers.get('retry-after'), await api.json()]).toEqual([
      500,
      null,
      { success: false, message: 'Internal server error' },
    ]);
    const gateway = await a.request('/sandbox-gateway/v1/tokens');
    expect([gateway.status, await gateway.json()]).toEqual([
      500,
      { success: false, message: 'Internal server error', error: { message: 'Internal server error' } },
    ]);
    const page = await a.request('/page');
    expect([page.status, await page.text()]).toEqual([500, 'Internal Server Error']);
    expect(log.lines.filter((l) => l.level === 'error' && l.message.includes('failed:'))).toHaveLength(3);
  });
});

describe('SQLite locked by another process past the busy timeout', () => {
  let t: TestServer | undefined;
  let other: SQLite.Database | undefined;
  afterEach(async () => {
    other?.close();
    await t?.close();
    t = other = undefined;
  });

  it('an order answers 503 with Retry-After, and succeeds once the lock is gone', async () => {
    t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
    // A short busy timeout, so the test does not wait the shipped 5 s.
    await sql`pragma busy_timeout = 50`.execute(t.db);
    groupCommitOf(t.db)?.flush();
    other = new SQLite(t.dbTarget);
    other.exec('begin immediate');
    const locked = await send(t.app, 'POST', '/api/order', orderBody());
    expect([locked.status, locked.headers.get('retry-after'), locked.json]).toEqual([
      503,
      '5',
      { success: false, message: 'Service unavailable' },
    ]);
    other.exec('rollback');
    expect((await send(t.app, 'POST', '/api/order', orderBody())).status).toBe(201);
  });
});
