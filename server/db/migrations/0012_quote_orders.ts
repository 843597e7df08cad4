/**
 * Quotes pay through the checkout's pipeline: a quote's order is written (pending) before its
 * first charge and paid like any order, so `orders.quote_id` names the quote it pays (settle
 * marks that quote paid in the same transaction). The reconciler finds payment attempts by
 * status and age (`payments_status_updated`).
 *
 * quote_payments is no longer written; its rows stay for the record.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('quote_id', 'integer').execute();
  await db.schema.createIndex('orders_quote').on('orders').column('quote_id').unique().execute();
  await db.schema.createIndex('payments_status_updated').on('payments').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_status_updated').execute();
  await db.schema.dropIndex('orders_quote').execute();
  await db.schema.alterTable('orders').dropColumn('quote_id').execute();
}
