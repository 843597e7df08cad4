/**
 * Outbox claims: the worker that holds a row writes a fresh claim token with its short lease, so
 * only that claim's conditional update can finish the row (a worker whose lease passed to
 * another cannot mark it sent a second time). Numbered 0006: 0005 is taken on another branch.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('claim_token', 'text').execute();
  // The heartbeat renews the rows of its claims by token.
  await db.schema.createIndex('email_outbox_claim').on('email_outbox').column('claim_token').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_outbox_claim').execute();
  await db.schema.alterTable('email_outbox').dropColumn('claim_token').execute();
}
