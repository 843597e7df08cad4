/** The database-backed rate-limit counters, on SQLite and (project "postgres") PostgreSQL. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../logger.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { databasePerTest } from '../testing/test-db.ts';
import { addressMissLimit, addressRateLimit } from './rate-limit.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

const testDb = databasePerTest();

/** A "server": its own limiter instance on the shared database. */
function server() {
  const log = memoryLogger();
  const app = new Hono().post(
    '/api/order',
    addressRateLimit({
      limit: 3,
      windowMs: 600_000,
      trustProxy: true,
      db: testDb().db,
      log,
      message: 'Too many orders',
      what: 'order creation',
    }),
    (c) => c.json({ success: true }, 201),
  );
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

/** A "server" whose route answers what the request asks for (?status=), under a miss limit of 3. */
function missServer() {
  const log = memoryLogger();
  const limit = addressMissLimit({
    limit: 3,
    windowMs: 600_000,
    trustProxy: true,
    db: testDb().db,
    log,
    message: 'Too many misses',
    what: 'lookups',
  });
  const app = new Hono().get('/api/look', limit, (c) =>
    c.json({ answer: c.req.query('status') }, Number(c.req.query('status')) as 200),
  );
  const get = (status: number, ip = '203.0.113.5') =>
    app.request(`/api/look?status=${status}`, { headers: { 'X-Forwarded-For': ip } });
  return { get, log };
}

describe('addressMissLimit', () => {
  it('counts only the refusals (4xx) of an address over the servers; beyond the limit a refusal is 429, an answer still goes out', async () => {
    const a = missServer();
    const b = missServer();
    const statuses = [];
    for (const [s, status] of [
      [a, 200],
      [b, 404],
      [a, 500],
      [b, 400],
      [a, 200],
      [b, 409],
      [a, 404],
      [b, 400],
    ] as const)
      statuses.push((await s.get(status)).status);
    // 200 and 500 are not misses: the fourth miss (the 404) is the first one refused.
    expect(statuses).toEqual([200, 404, 500, 400, 200, 409, 429, 429]);
    const refused = await a.get(400);
    expect(await refused.json()).toEqual({ success: false, message: 'Too many misses' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const ok = await b.get(200);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ answer: '200' });
    expect((await a.get(404, '198.51.100.7')).status).toBe(404);
    expect(a.log.lines.filter((l) => l.level === 'warn').map((l) => l.message)[0]).toMatch(
      /^rate limit: lookups refused for 203\.0\.113\.5 \(more than 3 in 600 s\): GET \/api\/look$/,
    );
  });
});

describe('every limiter counts in the database', () => {
  it("no server code but rate-limit.ts makes a limiter of hono-rate-limiter (its default store is one process's memory)", () => {
    const server = join(PROJECT_ROOT, 'server');
    const users = (readdirSync(server, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) =>
        /from 'hono-rate-limiter'/.test(readFileSync(join(server, f), 'utf8').replace(/^import type .*$/gm, '')),
      )
      .map((f) => relative(PROJECT_ROOT, join(server, f)));
    expect(users).toEqual(['server/http/rate-limit.ts']);
  });
});
