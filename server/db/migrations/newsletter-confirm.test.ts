/** 0005_newsletter_confirm rebuilds the subscriptions table: rows of the old table survive, and down keeps the confirmed ones. */
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../testing/temp-dir.ts';
import { openEmptyTestDatabase, testDbKind, type TestDatabase } from '../../testing/test-db.ts';
import type { Db } from '../index.ts';
import { migrations } from './index.ts';

let dir: TempDir | undefined;
let t: TestDatabase | undefined;
afterEach(async () => {
  await t?.close();
  dir?.cleanup();
  t = dir = undefined;
});

const migrator = (d: Db) => new Migrator({ db: d, provider: { getMigrations: async () => migrations } });

describe(`0005_newsletter_confirm (${testDbKind()})`, () => {
  it('keeps existing subscriptions, adds pending and the confirmation columns; down drops only pending rows', async () => {
    dir = tempDir();
    t = await openEmptyTestDatabase(dir);
    const db = t.db;
    expect((await migrator(db).migrateTo('0004_orders')).error).toBeUndefined();
    const old = {
      email: 'jane@example.com',
      status: 'subscribed',
      token_hash: 'a'.repeat(64),
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-02T00:00:00.000Z',
    };
    await sql`insert into newsletter_subscriptions (email, status, token_hash, created_at, updated_at) values (${old.email}, ${old.status}, ${old.token_hash}, ${old.created_at}, ${old.updated_at})`.execute(
      db,
    );

    expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('newsletter_subscriptions').selectAll().execute()).toEqual([
      { id: 1, ...old, confirm_token_hash: null, confirm_sent_at: null, confirmed_at: null },
    ]);
    const at = '2025-01-03T00:00:00.000Z';
    await db
      .insertInto('newsletter_subscriptions')
      .values({
        email: 'bob@example.com',
        status: 'pending',
        token_hash: null,
        confirm_token_hash: 'b'.repeat(64),
        confirm_sent_at: at,
        confirmed_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await expect(
      db
        .insertInto('newsletter_subscriptions')
        .values({
          email: 'x@example.com',
          status: 'lost' as 'pending',
          token_hash: null,
          confirm_token_hash: null,
          confirm_sent_at: null,
          confirmed_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow(/CHECK|check constraint/);

    expect((await migrator(db).migrateTo('0004_orders')).error).toBeUndefined();
    const rows = await sql<Record<string, unknown>>`select * from newsletter_subscriptions`.execute(db);
    expect(rows.rows).toEqual([{ id: 1, ...old }]);
  });
});
