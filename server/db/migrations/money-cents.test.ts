import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../testing/temp-dir.ts';
import { openEmptyTestDatabase, testDbKind, type TestDatabase } from '../../testing/test-db.ts';
import { migrateToLatest } from '../migrate.ts';
import { migrations } from './index.ts';

let dir: TempDir;
let t: TestDatabase | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  dir?.cleanup();
});

describe(`0008_money_cents (${testDbKind()})`, () => {
  it('converts the dollar amounts of existing orders, lines and payments to integer cents', async () => {
    dir = tempDir();
    t = await openEmptyTestDatabase(dir);
    const db = t.db;
    const old = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
      '0004_orders',
    );
    expect(old.error).toBeUndefined();
    const now = '2026-01-01T00:00:00.000Z';
    await sql`insert into orders (order_increment_id, state, status, email, first_name, last_name, weight, subtotal, subtotal_incl_tax, shipping_amount,
      shipping_tax_amount, shipping_incl_tax, shipping_method, shipping_label, tax_percent, tax_amount, total, total_item_count, payment_method,
      payment_method_label, idempotency_key, request_hash, token_hash, token_box, token_expires_at, created_at, updated_at)
      values ('100000001', 'new', 'ordered', 'a@example.com', 'A', 'B', 0.1, 9.95, 10.83, 4.95, 0.44, 5.39, 'standard', 'Standard', 8.875, 1.32, 16.22, 2,
      'card', 'Card', 'k', 'h', 't', 'b', ${now}, ${now}, ${now})`.execute(db);
    await sql`insert into order_items (order_id, position, sku, name, price, original_price, price_incl_tax, qty, weight, row_weight, row_total, tax_percent, tax_amount, row_total_incl_tax)
      values (1, 0, 'QZ', 'Chip', 9.95, 9.95, 10.83, 1, 0.1, 0.1, 9.95, 8.875, 0.88, 10.83)`.execute(db);
    await sql`insert into payments (order_id, method, method_label, gateway, status, amount, created_at, updated_at) values (1, 'card', 'Card', 'sandbox', 'completed', 16.22, ${now}, ${now})`.execute(
      db,
    );

    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).filter((m) => m > '0004_orders'));
    expect(
      await db
        .selectFrom('orders')
        .select([
          'subtotal_cents',
          'subtotal_incl_tax_cents',
          'shipping_amount_cents',
          'shipping_tax_amount_cents',
          'shipping_incl_tax_cents',
          'tax_amount_cents',
          'total_cents',
        ])
        .execute(),
    ).toEqual([
      {
        subtotal_cents: 995,
        subtotal_incl_tax_cents: 1083,
        shipping_amount_cents: 495,
        shipping_tax_amount_cents: 44,
        shipping_incl_tax_cents: 539,
        tax_amount_cents: 132,
        total_cents: 1622,
      },
    ]);
    expect(
      await db
        .selectFrom('order_items')
        .select(['price_cents', 'row_total_cents', 'tax_amount_cents', 'row_total_incl_tax_cents'])
        .execute(),
    ).toEqual([{ price_cents: 995, row_total_cents: 995, tax_amount_cents: 88, row_total_incl_tax_cents: 1083 }]);
    expect(await db.selectFrom('payments').select('amount_cents').execute()).toEqual([{ amount_cents: 1622 }]);
    const columns = (await db.introspection.getTables()).find((t) => t.name === 'orders')!.columns.map((c) => c.name);
    expect(columns).not.toContain('total');
  });
});
