/**
 * The PostgreSQL side of the storage layer on a real server (vitest project "postgres" only):
 * the migrations from an empty database, servers migrating at once, the dialect's differences.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrate } from '../../cli/commands/migrate.ts';
import { createEmptyPostgresDatabase } from '../testing/test-db.ts';
import { dbKind, isUniqueViolation } from './dialect.ts';
import { appliedMigrations, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { openDatabase, openMigratedDatabase, type Db } from './open.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function emptyDatabase(): Promise<string> {
  const { url, drop } = await createEmptyPostgresDatabase();
  cleanups.push(drop);
  return url;
}

function open(url: string): Db {
  const db = openDatabase(url);
  cleanups.push(() => db.destroy());
  return db;
}

const at = '2025-03-01T10:00:00.000Z';

describe('PostgreSQL', () => {
  it('applies every migration to an empty database, once', async () => {
    const db = open(await emptyDatabase());
    expect(dbKind(db)).toBe('postgres');
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await appliedMigrations(db)).toEqual(Object.keys(migrations));
    const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
    expect(tables).toEqual([
      'email_outbox',
      'form_submissions',
      'newsletter_subscriptions',
      'order_addresses',
      'order_items',
      'order_status_history',
      'orders',
      'payment_events',
      'payments',
      'quote_addresses',
      'quote_items',
      'quote_payments',
      'quotes',
      'rate_limit_hits',
      'sandbox_gateway_intents',
      'sandbox_gateway_tokens',
      'submission_files',
    ]);
  });

  it('lets servers that start together migrate one after the other (advisory lock): each succeeds, each migration runs once', async () => {
    const url = await emptyDatabase();
    const applied = await Promise.all(
      Array.from({ length: 4 }, () =>
        openMigratedDatabase(url).then(async (db) => {
          await db.destroy();
          return 'ok';
        }),
      ),
    );
    expect(applied).toEqual(['ok', 'ok', 'ok', 'ok']);
    const db = open(url);
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(rows.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it('joinery migrate applies the migrations to DATABASE_URL, then says it is up to date', async () => {
    const url = await emptyDatabase();
    const lines: string[] = [];
    const out = { log: (l: string) => void lines.push(l), error: (l: string) => void lines.push(`error: ${l}`) };
    expect(await runMigrate({ DATABASE_URL: url }, out)).toBe(0);
    expect(await runMigrate({ DATABASE_URL: url }, out)).toBe(0);
    expect(lines[0]).toContain(
      `joinery migrate: applied ${Object.keys(migrations).join(', ')} to the postgres database postgres://postgres@127.0.0.1:`,
    );
    expect(lines[1]).toMatch(/^joinery migrate: postgres database .* is up to date$/);
  });

  it('joinery migrate says why when the server does not answer (exit 2, no stack)', async () => {
    const lines: string[] = [];
    const out = { log: (l: string) => void lines.push(l), error: (l: string) => void lines.push(l) };
    expect(await runMigrate({ DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none' }, out)).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^joinery migrate: .*ECONNREFUSED 127\.0\.0\.1:1$/);
    expect(lines[0]).not.toContain('secret');
  });

  it('0005 rebuilds the subscriptions table keeping ids, and the next insert does not reuse one', async () => {
    const db = open(await emptyDatabase());
    const { Migrator } = await import('kysely');
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0004_orders')).error).toBeUndefined();
    await sql`insert into newsletter_subscriptions (email, status, token_hash, created_at, updated_at) values ('a@example.com', 'subscribed', ${'a'.repeat(64)}, ${at}, ${at}), ('b@example.com', 'subscribed', ${'b'.repeat(64)}, ${at}, ${at})`.execute(
      db,
    );
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const row = await db
      .insertInto('newsletter_subscriptions')
      .values({
        email: 'c@example.com',
        status: 'pending',
        token_hash: null,
        confirm_token_hash: null,
        confirm_sent_at: null,
        confirmed_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(3);
    expect((await migrator.migrateTo('0004_orders')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('newsletter_subscriptions').select(['id', 'email']).orderBy('id').execute()).toEqual([
      { id: 1, email: 'a@example.com' },
      { id: 2, email: 'b@example.com' },
    ]);
  });

  it('reads counts and money as numbers and tells a unique violation by its column', async () => {
    const db = open(await emptyDatabase());
    await migrateToLatest(db);
    const n = await db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(0);
    const money = await sql<{ v: number }>`select cast(19.95 as numeric(12, 2)) as v`.execute(db);
    expect(money.rows[0]!.v).toBe(19.95);
    const sub = {
      email: 'a@example.com',
      status: 'subscribed' as const,
      token_hash: 'x',
      confirm_token_hash: null,
      confirm_sent_at: null,
      confirmed_at: null,
      created_at: at,
      updated_at: at,
    };
    await db.insertInto('newsletter_subscriptions').values(sub).execute();
    const e = await db
      .insertInto('newsletter_subscriptions')
      .values({ ...sub, token_hash: 'y' })
      .execute()
      .catch((x: unknown) => x);
    expect(isUniqueViolation(e, 'email')).toBe(true);
    expect(isUniqueViolation(e, 'token_hash')).toBe(false);
  });
});
