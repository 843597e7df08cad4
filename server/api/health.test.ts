import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../logger.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { testDbKind } from '../testing/test-db.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { DB_CHECK_MS } from './health.ts';

let t: TestServer;
afterEach(() => t.close());

const mail = { kind: 'test', to: 'a@example.com', subject: 's', html: '<p>h</p>', text: 'h' };

describe('GET /api/health', () => {
  it('reports the database and its kind, the outbox and the version from a real database, on both checks', async () => {
    t = await createTestServer({ config: { version: '1.2.3' } });
    await enqueueMail(t.db, mail, t.clock);
    await enqueueMail(t.db, mail, t.clock);
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      ok: true,
      db: 'ok',
      database: t.dbKind,
      outbox: { queued: 2, failed: 0 },
      version: '1.2.3',
    });
    await t.outbox.drain();
    expect(await (await t.app.request('/api/health')).json()).toMatchObject({ outbox: { queued: 0 } });
    // Readiness answers the same while the database answers.
    const ready = await t.app.request('/api/health?ready=1');
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { ok: true, db: 'ok', database: t.dbKind, outbox: { queued: 0, failed: 0 }, version: '1.2.3' },
    ]);
  });

  it.runIf(testDbKind() === 'postgres')(
    'does not hang on a database that does not answer: the check counts as failed after DB_CHECK_MS',
    async () => {
      t = await createTestServer();
      // Another session holds a lock the check's query waits for, as a stuck database would keep it waiting.
      const holder = new pg.Client({ connectionString: t.dbTarget });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('lock table email_outbox in access exclusive mode');
        const started = Date.now();
        const [live, ready] = await Promise.all([t.app.request('/api/health'), t.app.request('/api/health?ready=1')]);
        expect([live.status, await live.json()]).toEqual([200, expect.objectContaining({ ok: true, db: 'error' })]);
        expect(ready.status).toBe(503);
        expect(Date.now() - started).toBeGreaterThanOrEqual(DB_CHECK_MS - 50);
      } finally {
        await holder.end();
      }
    },
  );

  // Last: it drops a table, and the next test of this process on PostgreSQL gets the same database.
  it('stays 200 when the database does not answer (liveness), and says so; ?ready=1 says 503 with Retry-After', async () => {
    const log = memoryLogger();
    t = await createTestServer({ log, config: { version: '1.2.3' } });
    await sql`drop table email_outbox`.execute(t.db);
    const live = await t.app.request('/api/health');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ ok: true, db: 'error', database: t.dbKind, version: '1.2.3' });
    const ready = await t.app.request('/api/health?ready=1');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await ready.json()).toEqual({ ok: false, db: 'error', database: t.dbKind, version: '1.2.3' });
    // One line for the failed checks in a row, not one per check.
    expect(
      log.lines.filter((l) => l.level === 'error' && l.message.startsWith('health: database check failed')),
    ).toHaveLength(1);
  });
});
