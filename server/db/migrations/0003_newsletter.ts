/**
 * Newsletter subscriptions. The unsubscribe token is only stored as its SHA-256: the database
 * alone cannot unsubscribe anyone.
 */
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', ...autoId(db))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('subscribed', 'unsubscribed')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_subscriptions').execute();
}
