/**
 * A prepared query runs the same SQL as the query built the ordinary way, with each call's own
 * values (not the first call's), on SQLite and (project "postgres") PostgreSQL, inside a
 * transaction too; a multi-row insert compiles once per row count.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { openTestDatabase, testDbKind, type TestDatabase } from '../testing/test-db.ts';
import { prepared } from './prepared.ts';

let dir: TempDir;
let t: TestDatabase;
beforeEach(async () => {
  dir = tempDir();
  t = await openTestDatabase(dir);
});
afterEach(async () => {
  await t.close();
  dir.cleanup();
});

const hit = prepared((db, $: { key: string; reset: string }) =>
  db
    .insertInto('rate_limit_hits')
    .values({ key: $.key, hits: 1, reset_at: $.reset })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ hits: eb('rate_limit_hits.hits', '+', 1), reset_at: $.reset })))
    .returning(['key', 'hits', 'reset_at']),
);

const hitsOf = prepared((db, $: { key: string }) => db.selectFrom('rate_limit_hits').select('hits').where('key', '=', $.key));

const insertMany = prepared(
  (db, $: { rows: { key: string; reset: string }[] }, like) =>
    db
      .insertInto('rate_limit_hits')
      .values(like.rows.map((_, i) => ({ key: $.rows[i]!.key, hits: 1, reset_at: $.rows[i]!.reset })))
      .returning('key'),
  (p) => p.rows.length,
);

const clear = prepared((db, $: { key: string }) => db.deleteFrom('rate_limit_hits').where('key', '=', $.key));

describe(`prepared queries (${testDbKind()})`, () => {
  it('compile to the SQL and parameters of the query built each time', () => {
    const params = { key: 'a', reset: '2025-03-01T10:00:00.000Z' };
    // Twice: the second call reuses the first one's plan with its own values.
    for (const key of ['a', 'b']) {
      const ordinary = t.db
        .insertInto('rate_limit_hits')
        .values({ key, hits: 1, reset_at: params.reset })
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ hits: eb('rate_limit_hits.hits', '+', 1), reset_at: params.reset })))
        .returning(['key', 'hits', 'reset_at'])
        .compile();
      const p = hit.compile(t.db, { ...params, key });
      expect(p.sql).toBe(ordinary.sql);
      expect(p.parameters).toEqual(ordinary.parameters);
    }
    expect(hit.compile(t.db, params).sql).toContain(t.kind === 'postgres' ? '$1' : '?');
  });

  it("run with each call's values, in and out of a transaction", async () => {
    expect(await hit.first(t.db, { key: 'a', reset: 'r1' })).toEqual({ key: 'a', hits: 1, reset_at: 'r1' });
    expect(await hit.first(t.db, { key: 'a', reset: 'r2' })).toEqual({ key: 'a', hits: 2, reset_at: 'r2' });
    await t.db.transaction().execute(async (trx) => {
      expect(await hit.first(trx, { key: 'b', reset: 'r3' })).toEqual({ key: 'b', hits: 1, reset_at: 'r3' });
    });
    expect(await hitsOf.all(t.db, { key: 'b' })).toEqual([{ hits: 1 }]);
    expect(await hitsOf.first(t.db, { key: 'none' })).toBeUndefined();
    expect(await clear.run(t.db, { key: 'a' })).toBe(1);
    expect(await clear.run(t.db, { key: 'a' })).toBe(0);
  });

  it('compile a multi-row insert per row count', async () => {
    expect(await insertMany.all(t.db, { rows: [{ key: 'x', reset: 'r' }] })).toEqual([{ key: 'x' }]);
    expect(await insertMany.all(t.db, { rows: [{ key: 'y', reset: 'r' }, { key: 'z', reset: 'r' }] })).toEqual([{ key: 'y' }, { key: 'z' }]);
    expect(await insertMany.all(t.db, { rows: [{ key: 'w', reset: 'r' }] })).toEqual([{ key: 'w' }]);
  });

  it('refuse a call that lacks a value rather than bind NULL', () => {
    expect(() => hit.compile(t.db, { key: 'a' } as never)).toThrow(/no value for reset/);
  });
});
