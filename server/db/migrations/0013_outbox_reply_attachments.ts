/** The outbox keeps a message's Reply-To and its attachments (a visitor's PDF estimate). */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('reply_to', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('attachments').execute();
  await db.schema.alterTable('email_outbox').dropColumn('reply_to').execute();
}
