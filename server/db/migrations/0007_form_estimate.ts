/**
 * An estimator submission's figures as the server computed them from its pricing file (JSON:
 * rows and totals in integer cents). The client's own figures are display only and not stored.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('form_submissions').addColumn('estimate', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('form_submissions').dropColumn('estimate').execute();
}
