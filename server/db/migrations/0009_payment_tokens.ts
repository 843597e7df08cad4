/**
 * Payments on tokens:
 * - sandbox_gateway_tokens / sandbox_gateway_intents: the offline sandbox gateway's own store
 *   (it stands for a third party: the shop's tables never see its cards). A token keeps only
 *   what the sandbox needs to decide a charge: the test card's behaviour, brand, last 4, expiry.
 * - payment_events: provider webhook events already handled (a replay does nothing).
 * - one payment per provider transaction: the settle step is keyed by it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_gateway_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_gateway_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('client_secret_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_code', 'integer')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text')
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['gateway', 'event_id'])
    .execute();

  await db.schema.dropIndex('payments_transaction').execute();
  await db.schema
    .createIndex('payments_gateway_transaction')
    .on('payments')
    .columns(['gateway', 'transaction_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_gateway_transaction').execute();
  await db.schema.createIndex('payments_transaction').on('payments').column('transaction_id').execute();
  for (const t of ['payment_events', 'sandbox_gateway_intents', 'sandbox_gateway_tokens'])
    await db.schema.dropTable(t).execute();
}
