/**
 * Queueing e-mail: a row in email_outbox, written in the caller's transaction when given one,
 * so an order and its confirmation e-mail commit or roll back together. Sending is the
 * OutboxWorker's job; nothing here talks to a mail server, so a mail outage cannot fail a request.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { fields, prepared } from '../db/prepared.ts';
import type { Database, MailStatus, NewOutboxRow } from '../db/schema.ts';

/** Compiled once per number of messages (server/db/prepared.ts). */
const insertMails = prepared(
  (db, $: { rows: NewOutboxRow[] }, like) =>
    db
      .insertInto('email_outbox')
      .values(like.rows.map((r, i) => fields($.rows[i]!, Object.keys(r) as (keyof NewOutboxRow)[])))
      .returning('id'),
  (p) => p.rows.length,
);

export interface OutgoingMail {
  /** What the message is, e.g. 'order-confirmation'. */
  kind: string;
  to: string;
  cc?: readonly string[];
  subject: string;
  html: string;
  text: string;
  /** The record the message is about, handed back to the worker's sent/failed hooks. */
  ref?: { type: string; id: string | number };
}

const outboxRow = (mail: OutgoingMail, now: string): NewOutboxRow => ({
  kind: mail.kind,
  to: mail.to,
  cc: JSON.stringify(mail.cc ?? []),
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  status: 'queued',
  next_attempt_at: now,
  created_at: now,
  ref_type: mail.ref?.type ?? null,
  ref_id: mail.ref === undefined ? null : String(mail.ref.id),
});

/** Queues one message; returns its outbox id. `db` may be a Kysely transaction. */
export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail, clock: Clock): Promise<number> {
  const [id] = await enqueueMails(db, [mail], clock);
  return id!;
}

/** Queues several messages in one statement (an order's e-mails); returns their outbox ids, ascending. */
export async function enqueueMails(
  db: Kysely<Database>,
  mails: readonly OutgoingMail[],
  clock: Clock,
): Promise<number[]> {
  if (mails.length === 0) return [];
  const now = clock.now().toISOString();
  const rows = await insertMails.all(db, { rows: mails.map((m) => outboxRow(m, now)) });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** How many messages are in each state (health check, admin views). */
export async function outboxCounts(db: Kysely<Database>): Promise<Record<MailStatus, number>> {
  const rows = await db
    .selectFrom('email_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<MailStatus, number> = { queued: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}
