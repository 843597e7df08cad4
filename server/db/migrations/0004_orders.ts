/**
 * Guest checkout orders: the order with its figures, its lines, its two addresses, its payment
 * attempts and its status history. Amounts are the server's, in dollars rounded to cents.
 * The client's idempotency key and the order token are stored only as hashes; the token also
 * sealed with the idempotency key, so a replay of the same checkout can hand it back
 * (server/commerce/order-token.ts).
 */
import { sql, type Kysely } from 'kysely';
import { autoId, floatType } from '../dialect.ts';

const money = 'numeric(12, 2)' as const;

export async function up(db: Kysely<any>): Promise<void> {
  const float = floatType(db);
  await db.schema
    .createTable('orders')
    .addColumn('id', ...autoId(db))
    .addColumn('order_increment_id', 'text', (c) => c.unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('customer_is_guest', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('same_as_billing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weight', float, (c) => c.notNull())
    .addColumn('subtotal', money, (c) => c.notNull())
    .addColumn('subtotal_incl_tax', money, (c) => c.notNull())
    .addColumn('shipping_amount', money, (c) => c.notNull())
    .addColumn('shipping_tax_amount', money, (c) => c.notNull())
    .addColumn('shipping_incl_tax', money, (c) => c.notNull())
    .addColumn('shipping_method', 'text', (c) => c.notNull())
    .addColumn('shipping_label', 'text', (c) => c.notNull())
    .addColumn('tax_percent', float, (c) => c.notNull())
    .addColumn('tax_amount', money, (c) => c.notNull())
    .addColumn('total', money, (c) => c.notNull())
    .addColumn('total_item_count', 'integer', (c) => c.notNull())
    .addColumn('order_currency_code', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_method_label', 'text', (c) => c.notNull())
    .addColumn('email_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('additional_notes', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('token_box', 'text', (c) => c.notNull())
    .addColumn('token_expires_at', 'text', (c) => c.notNull())
    // While a payment runs: a lease, so two pay requests never charge one order twice.
    .addColumn('payment_lock_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', ...autoId(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', money, (c) => c.notNull())
    .addColumn('original_price', money, (c) => c.notNull())
    .addColumn('price_incl_tax', money, (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('weight', float, (c) => c.notNull())
    .addColumn('row_weight', float, (c) => c.notNull())
    .addColumn('row_total', money, (c) => c.notNull())
    .addColumn('tax_percent', float, (c) => c.notNull())
    .addColumn('tax_amount', money, (c) => c.notNull())
    .addColumn('row_total_incl_tax', money, (c) => c.notNull())
    .addColumn('custom_options', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').columns(['order_id', 'position']).execute();

  await db.schema
    .createTable('order_addresses')
    .addColumn('id', ...autoId(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('billing', 'shipping')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('street1', 'text', (c) => c.notNull())
    .addColumn('street2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('country_id', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addUniqueConstraint('order_addresses_order_type', ['order_id', 'type'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', ...autoId(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('method_label', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'completed', 'failed', 'on_hold')`))
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    // SHA-256 of the client secret of a payment that waits for the card holder (verify page).
    .addColumn('client_secret_hash', 'text')
    // JSON: gateway response code and message, card brand and last 4 digits. Never the card number or CVV.
    .addColumn('additional_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();
  await db.schema.createIndex('payments_transaction').on('payments').column('transaction_id').execute();

  await db.schema
    .createTable('order_status_history')
    .addColumn('id', ...autoId(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('is_customer_notified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_status_history_order').on('order_status_history').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['order_status_history', 'payments', 'order_addresses', 'order_items', 'orders'])
    await db.schema.dropTable(t).execute();
}
