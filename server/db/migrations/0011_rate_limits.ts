/**
 * Per-address rate-limit counters (server/http/rate-limit-store.ts), in the database so every
 * server behind the load balancer counts the same hits. One row per limiter and address: the hits
 * of the current fixed window and when it ends.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'text', (c) => c.notNull())
    .execute();
  // The sweep of ended windows.
  await db.schema.createIndex('rate_limit_hits_reset').on('rate_limit_hits').column('reset_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
