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

describe(`0014_payment_state (${testDbKind()})`, () => {
  it('gives every existing payment the state its status, secret, transaction id and data meant', async () => {
    dir = tempDir();
    t = await openEmptyTestDatabase(dir);
    const db = t.db;
    const old = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
      '0013_outbox_reply_attachments',
    );
    expect(old.error).toBeUndefined();
    const now = '2026-01-01T00:00:00.000Z';
    await sql`insert into orders (order_increment_id, state, status, email, first_name, last_name, weight, subtotal_cents, subtotal_incl_tax_cents, shipping_amount_cents,
      shipping_tax_amount_cents, shipping_incl_tax_cents, shipping_method, shipping_label, tax_percent, tax_amount_cents, total_cents, total_item_count, payment_method,
      payment_method_label, idempotency_key, request_hash, token_hash, token_box, token_expires_at, created_at, updated_at)
      values ('100000001', 'new', 'pending_payment', 'a@example.com', 'A', 'B', 0.1, 995, 1083, 495, 44, 539, 'standard', 'Standard', 8.875, 132, 1622, 2,
      'card', 'Card', 'k', 'h', 't', 'b', ${now}, ${now}, ${now})`.execute(db);
    // status, transaction id, client secret hash, additional data -> the state they meant
    const rows: [string, string | null, string | null, object, string][] = [
      ['completed', 'tx1', null, { responseCode: 1 }, 'captured'],
      ['failed', 'tx2', null, { responseCode: 3 }, 'failed'],
      ['failed', 'pi_3', 'h', { next: 'authenticate' }, 'canceled'],
      ['failed', 'pi_4', 'h', { intentStatus: 'requires_action' }, 'canceled'],
      ['on_hold', 'pi_5', 'h', { next: 'authenticate', intentStatus: 'requires_action' }, 'awaiting_customer'],
      ['on_hold', 'tx6', null, { next: 'review', responseCode: 4 }, 'in_review'],
      ['pending', 'pi_7', null, { next: 'review', intentStatus: 'processing' }, 'in_review'],
      ['pending', 'pi_8', null, { intentStatus: 'processing' }, 'authorizing'],
      ['pending', null, null, { gateway: 'stripe' }, 'created'],
    ];
    for (const [status, tx, hash, data] of rows)
      await sql`insert into payments (order_id, method, method_label, gateway, status, amount_cents, transaction_id, client_secret_hash, additional_data, created_at, updated_at)
        values (1, 'card', 'Card', 'stripe', ${status}, 1622, ${tx}, ${hash}, ${JSON.stringify(data)}, ${now}, ${now})`.execute(
        db,
      );

    expect(await migrateToLatest(db)).toEqual(
      Object.keys(migrations).filter((m) => m > '0013_outbox_reply_attachments'),
    );
    const states = await db.selectFrom('payments').select(['id', 'state']).orderBy('id').execute();
    expect(states.map((s) => s.state)).toEqual(rows.map((r) => r[4]));
  });
});
