/** Reading and writing form_submissions and submission_files. */
import type { Kysely } from 'kysely';
import type { FileLike, FormValues } from '../../engine/node.ts';
import type { Database, FormSubmissionRow, SubmissionFileRow } from '../db/schema.ts';

export async function findSubmission(db: Kysely<Database>, id: string): Promise<FormSubmissionRow | undefined> {
  return db.selectFrom('form_submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function submissionFiles(db: Kysely<Database>, id: string): Promise<SubmissionFileRow[]> {
  return db.selectFrom('submission_files').selectAll().where('submission_id', '=', id).orderBy('id').execute();
}

/** A stored file as the engine's validation sees an upload. */
export interface StoredFileLike extends FileLike {
  storedName: string;
}

export function storedFileLike(row: SubmissionFileRow): StoredFileLike {
  return { name: row.original_name, size: row.size, type: row.mime, storedName: row.stored_name };
}

/** The JSON columns, read defensively (a hand-edited row must not turn into a 500). */
export function parseData(row: FormSubmissionRow): FormValues {
  try {
    const v: unknown = JSON.parse(row.data);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as FormValues) : {};
  } catch {
    return {};
  }
}

export function parseSteps(row: FormSubmissionRow): number[] {
  try {
    const v: unknown = JSON.parse(row.completed_steps);
    return Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}
