/**
 * A prepared query runs the same SQL as the query built the ordinary way, with each call's own
 * values (not the first call's), on SQLite and (project "postgres") PostgreSQL, inside a
 * transaction too; a multi-row insert compiles once per row count.
 */
import { describe, expect, it } from 'vitest';
import { databasePerTest, testDbKind } from '../testing/test-db.ts';
import { prepared } from './prepared.ts';

const testDb = databasePerTest();

const hit = prepared((db, $: { key: string; reset: string }) =>
  db
    .insertInto('rate_limit_hits')
    .values({ key: $.key, hits: 1, reset_at: $.reset })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ hits: eb('rate_limit_hits.hits', '+', 1), reset_at: $.reset })),
    )
    .returning(['key', 'hits', 'reset_at']),
);

const hitsOf = prepared((db, $: { key: string }) =>
  db.selectFrom('rate_limit_hits').select('hits').where('key', '=', $.key),
);

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
      const ordinary = testDb()
        .db.insertInto('rate_limit_hits')
        .values({ key, hits: 1, reset_at: params.reset })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({ hits: eb('rate_limit_hits.hits', '+', 1), reset_at: params.reset })),
        )
        .returning(['key', 'hits', 'reset_at'])
        .compile();
      const p = hit.compile(testDb().db, { ...params, key });
      expect(p.sql).toBe(ordinary.sql);
      expect(p.parameters).toEqual(ordinary.parameters);
    }
    expect(hit.compile(testDb().db, params).sql).toContain(testDb().kind === 'postgres' ? '$1' : '?');
  });

  it("run with each call's values, in and out of a transaction", async () => {
    expect(await hit.first(testDb().db, { key: 'a', reset: 'r1' })).toEqual({ key: 'a', hits: 1, reset_at: 'r1' });
    expect(await hit.first(testDb().db, { key: 'a', reset: 'r2' })).toEqual({ key: 'a', hits: 2, reset_at: 'r2' });
    await testDb()
      .db.transaction()
      .execute(async (trx) => {
        expect(await hit.first(trx, { key: 'b', reset: 'r3' })).toEqual({ key: 'b', hits: 1, reset_at: 'r3' });
      });
    expect(await hitsOf.all(testDb().db, { key: 'b' })).toEqual([{ hits: 1 }]);
    expect(await hitsOf.first(testDb().db, { key: 'none' })).toBeUndefined();
    expect(await clear.run(testDb().db, { key: 'a' })).toBe(1);
    expect(await clear.run(testDb().db, { key: 'a' })).toBe(0);
  });

  it('compile a multi-row insert per row count', async () => {
    expect(await insertMany.all(testDb().db, { rows: [{ key: 'x', reset: 'r' }] })).toEqual([{ key: 'x' }]);
    expect(
      await insertMany.all(testDb().db, {
        rows: [
          { key: 'y', reset: 'r' },
          { key: 'z', reset: 'r' },
        ],
      }),
    ).toEqual([{ key: 'y' }, { key: 'z' }]);
    expect(await insertMany.all(testDb().db, { rows: [{ key: 'w', reset: 'r' }] })).toEqual([{ key: 'w' }]);
  });

  it('refuse a call that lacks a value rather than bind NULL', () => {
    expect(() => hit.compile(testDb().db, { key: 'a' } as never)).toThrow(/no value for reset/);
  });
});
