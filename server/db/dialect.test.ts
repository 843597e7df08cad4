/**
 * The same rows behave the same on SQLite and (project "postgres") PostgreSQL: unique violations
 * are told apart by column, money (integer cents) and floats read back as numbers, flags as 0/1, times as the
 * ISO strings written, and an upsert counts.
 */
import { describe, expect, it } from 'vitest';
import { databasePerTest, testDbKind } from '../testing/test-db.ts';
import { dbKind, isUniqueViolation } from './dialect.ts';

const testDb = databasePerTest();

const at = '2025-03-01T10:00:00.000Z';
const order = (key: string) => ({
  state: 'new',
  status: 'pending',
  email: 'jane@example.com',
  first_name: 'Jane',
  last_name: 'Doe',
  customer_is_guest: 1,
  same_as_billing: 0,
  weight: 2.35,
  subtotal_cents: 1995,
  subtotal_incl_tax_cents: 2150,
  shipping_amount_cents: 0,
  shipping_tax_amount_cents: 0,
  shipping_incl_tax_cents: 0,
  shipping_method: 'standard',
  shipping_label: 'Standard',
  tax_percent: 7.75,
  tax_amount_cents: 155,
  total_cents: 2150,
  total_item_count: 2,
  order_currency_code: 'USD',
  payment_method: 'card',
  payment_method_label: 'Card',
  email_sent: 0,
  additional_notes: null,
  idempotency_key: key,
  request_hash: 'h',
  token_hash: `t${key}`,
  token_box: 'b',
  token_expires_at: at,
  payment_lock_until: null,
  created_at: at,
  updated_at: at,
});

describe(`dialect (${testDbKind()})`, () => {
  it('knows which database it talks to, also inside a transaction', async () => {
    expect(dbKind(testDb().db)).toBe(testDb().kind);
    expect(
      await testDb()
        .db.transaction()
        .execute(async (trx) => dbKind(trx)),
    ).toBe(testDb().kind);
  });

  it('reads back money in cents, floats, flags and times as written; ids count from 1', async () => {
    const row = await testDb().db.insertInto('orders').values(order('k1')).returningAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      id: 1,
      weight: 2.35,
      subtotal_cents: 1995,
      total_cents: 2150,
      tax_percent: 7.75,
      customer_is_guest: 1,
      email_sent: 0,
      created_at: at,
      additional_notes: null,
    });
    const again = await testDb().db.selectFrom('orders').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(again).toEqual(row);
  });

  it('tells a unique violation by its column, rolls its transaction back, and ignores other errors', async () => {
    await testDb().db.insertInto('orders').values(order('k1')).execute();
    const dup = await testDb()
      .db.transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('email_outbox')
          .values({
            kind: 'k',
            to: 'a@example.com',
            subject: 's',
            html: '',
            text: '',
            next_attempt_at: at,
            created_at: at,
          })
          .execute();
        await trx.insertInto('orders').values(order('k1')).execute();
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dup, 'idempotency_key')).toBe(true);
    expect(isUniqueViolation(dup, 'order_increment_id')).toBe(false);
    expect(await testDb().db.selectFrom('email_outbox').select('id').execute()).toEqual([]);
    const check = await testDb()
      .db.insertInto('email_outbox')
      .values({
        kind: 'k',
        to: 'a',
        subject: 's',
        html: '',
        text: '',
        status: 'lost' as 'sent',
        next_attempt_at: at,
        created_at: at,
      })
      .execute()
      .catch((e: unknown) => e);
    expect(check).toBeInstanceOf(Error);
    expect(isUniqueViolation(check, 'status')).toBe(false);
  });

  it('upserts: on conflict do update counts on both', async () => {
    const hit = () =>
      testDb()
        .db.insertInto('rate_limit_hits')
        .values({ key: 'a', hits: 1, reset_at: at })
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ hits: eb('rate_limit_hits.hits', '+', 1) })))
        .returning('hits')
        .executeTakeFirstOrThrow();
    expect([(await hit()).hits, (await hit()).hits, (await hit()).hits]).toEqual([1, 2, 3]);
  });
});
