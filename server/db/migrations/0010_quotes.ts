/**
 * Quotes paid through a link: the quote with its figures
 * in integer cents, its lines and addresses, its status (open, paid, canceled), its expiry and
 * the link token's SHA-256 only. quote_payments are the charges taken on a quote before it
 * becomes an order (one per provider transaction); converting writes the order's own payment.
 */
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quotes')
    .addColumn('id', ...autoId(db))
    .addColumn('quote_increment_id', 'text', (c) => c.unique())
    .addColumn('po_number', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('shipping_method', 'text', (c) => c.notNull())
    .addColumn('shipping_label', 'text', (c) => c.notNull())
    .addColumn('additional_notes', 'text')
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'paid', 'canceled')`))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // One order per quote.
    .addColumn('order_id', 'integer', (c) => c.unique().references('orders.id'))
    .addColumn('payment_lock_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quote_items')
    .addColumn('id', ...autoId(db))
    .addColumn('quote_id', 'integer', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('row_total_cents', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text')
    .execute();
  await db.schema.createIndex('quote_items_quote').on('quote_items').columns(['quote_id', 'position']).execute();

  await db.schema
    .createTable('quote_addresses')
    .addColumn('id', ...autoId(db))
    .addColumn('quote_id', 'integer', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('billing', 'shipping')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('street1', 'text', (c) => c.notNull())
    .addColumn('street2', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('country_id', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quote_payments')
    .addColumn('id', ...autoId(db))
    .addColumn('quote_id', 'integer', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('method_label', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('client_secret_hash', 'text')
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quote_payments_gateway_transaction')
    .on('quote_payments')
    .columns(['gateway', 'transaction_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['quote_payments', 'quote_addresses', 'quote_items', 'quotes'])
    await db.schema.dropTable(t).execute();
}
