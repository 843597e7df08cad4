/**
 * Queueing e-mail: a row in email_outbox, written in the caller's transaction when given one,
 * so an order and its confirmation e-mail commit or roll back together. Sending is the
 * OutboxWorker's job; nothing here talks to a mail server, so a mail outage cannot fail a request.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database, MailStatus } from '../db/schema.ts';

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

/** Queues one message; returns its outbox id. `db` may be a Kysely transaction. */
export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail, clock: Clock): Promise<number> {
  const now = clock.now().toISOString();
  const row = await db
    .insertInto('email_outbox')
    .values({
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many messages are in each state (health check, admin views). */
export async function outboxCounts(db: Kysely<Database>): Promise<Record<MailStatus, number>> {
  const rows = await db.selectFrom('email_outbox').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  const counts: Record<MailStatus, number> = { queued: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}
