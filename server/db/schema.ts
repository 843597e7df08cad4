/**
 * The typed shape of the database, one interface per table. Add a table here together with
 * the migration that creates it (server/db/migrations/).
 *
 * Times are ISO-8601 UTC strings: they sort as text in SQLite and cast cleanly in PostgreSQL.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type MailStatus = 'queued' | 'sent' | 'failed';

/** E-mails waiting for, or done with, delivery by the OutboxWorker. */
export interface EmailOutboxTable {
  id: Generated<number>;
  /** What the message is, e.g. 'order-confirmation', 'form-notification'. */
  kind: string;
  to: string;
  /** JSON array of addresses. */
  cc: ColumnType<string, string | undefined, string>;
  subject: string;
  html: string;
  text: string;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  /** When the worker may (re)try; while a worker holds the row it is pushed ahead as a lease. */
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
  /** What the message is about (e.g. 'order', '42'), so a sent hook can update that record. */
  ref_type: string | null;
  ref_id: string | null;
}

export interface Database {
  email_outbox: EmailOutboxTable;
}

export type OutboxRow = Selectable<EmailOutboxTable>;
export type NewOutboxRow = Insertable<EmailOutboxTable>;
export type OutboxUpdate = Updateable<EmailOutboxTable>;
