/** The database-backed rate-limit counters, on SQLite and (project "postgres") PostgreSQL. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../logger.ts';
import { databasePerTest } from '../testing/test-db.ts';
import { addressRateLimit } from './rate-limit.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

const testDb = databasePerTest();

/** A "server": its own limiter instance on the shared database. */
function server() {
  const log = memoryLogger();
  const app = new Hono().post('/api/order', addressRateLimit({ limit: 3, windowMs: 600_000, trustProxy: true, db: testDb().db, log, message: 'Too many orders', what: 'order creation' }), (c) => c.json({ success: true }, 201));
  const post = (ip: string) => app.request('/api/order', { method: 'POST', headers: { 'X-Forwarded-For': ip } });
  return { post, log };
}

describe('databaseRateLimitStore', () => {
  it('two servers on one database share the limit of an address', async () => {
    const a = server();
    const b = server();
    const statuses = [];
    for (const s of [a, b, a, b]) statuses.push((await s.post('203.0.113.5')).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await a.post('203.0.113.5');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ success: false, message: 'Too many orders' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
    expect((await b.post('198.51.100.7')).status).toBe(201);
  });

  it('counts concurrent hits exactly and starts a new window once the old one ended', async () => {
    let now = Date.parse('2025-03-01T10:00:00.000Z');
    const store = databaseRateLimitStore(testDb().db, { name: 'test', windowMs: 60_000, now: () => now });
    const hits = await Promise.all(Array.from({ length: 20 }, () => store.increment('a')));
    expect(hits.map((h) => h.totalHits).sort((x, y) => x - y)).toEqual([...Array(20).keys()].map((i) => i + 1));
    expect(new Set(hits.map((h) => h.resetTime?.toISOString()))).toEqual(new Set(['2025-03-01T10:01:00.000Z']));
    expect(await store.get!('a')).toEqual({ totalHits: 20, resetTime: new Date('2025-03-01T10:01:00.000Z') });
    await store.decrement('a');
    expect((await store.get!('a'))?.totalHits).toBe(19);
    now += 60_000;
    expect(await store.get!('a')).toBeUndefined();
    expect(await store.increment('a')).toEqual({ totalHits: 1, resetTime: new Date('2025-03-01T10:02:00.000Z') });
    await store.resetKey('a');
    expect(await store.get!('a')).toBeUndefined();
  });
});
