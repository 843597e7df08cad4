/**
 * Form submissions and their uploaded files. A submission's id is a random UUID, not a counter:
 * a multi-step form sends it back to update its row, so it must not be guessable.
 */
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_name', 'text', (c) => c.notNull())
    .addColumn('definition_hash', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('completed_steps', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('completed_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_submissions_form')
    .on('form_submissions')
    .columns(['form_name', 'created_at'])
    .execute();

  await db.schema
    .createTable('submission_files')
    .addColumn('id', ...autoId(db))
    .addColumn('submission_id', 'text', (c) => c.notNull().references('form_submissions.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('submission_files_submission')
    .on('submission_files')
    .columns(['submission_id', 'field'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('submission_files').execute();
  await db.schema.dropTable('form_submissions').execute();
}
