/**
 * Every migration, by name. Kysely applies them in name order, so a new one is a file
 * `NNNN_what.ts` (next number) exporting `up` (and `down`), listed here.
 * A test fails when a file in this folder is not listed.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_email_outbox.ts';

export const migrations: Record<string, Migration> = {
  '0001_email_outbox': m0001,
};
