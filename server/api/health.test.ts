import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../logger.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
afterEach(() => t.close());

const mail = { kind: 'test', to: 'a@example.com', subject: 's', html: '<p>h</p>', text: 'h' };

describe('GET /api/health', () => {
  it('reports the database and its kind, the outbox and the version from a real database', async () => {
    t = await createTestServer({ config: { version: '1.2.3' } });
    await enqueueMail(t.db, mail, t.clock);
    await enqueueMail(t.db, mail, t.clock);
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ok: true, db: 'ok', database: t.dbKind, outbox: { queued: 2, failed: 0 }, version: '1.2.3' });
    await t.outbox.drain();
    expect(await (await t.app.request('/api/health')).json()).toMatchObject({ outbox: { queued: 0 } });
  });

  it('says 503 when the database does not answer', async () => {
    const log = memoryLogger();
    t = await createTestServer({ log });
    await sql`drop table email_outbox`.execute(t.db);
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, db: 'error', database: t.dbKind });
    expect(log.lines.some((l) => l.level === 'error' && l.message.startsWith('health'))).toBe(true);
  });
});
