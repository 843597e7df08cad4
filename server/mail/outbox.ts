/**
 * Queueing e-mail: a row in email_outbox, written in the caller's transaction when given one,
 * so an order and its confirmation e-mail commit or roll back together. Sending is the
 * OutboxWorker's job; nothing here talks to a mail server, so a mail outage cannot fail a request.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { fields, prepared } from '../db/prepared.ts';
import type { Database, MailStatus, NewOutboxRow, OutboxRow } from '../db/schema.ts';
import type { MailAttachment } from './message.ts';

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
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** The record the message is about, handed back to the worker's sent/failed hooks. */
  ref?: { type: string; id: string | number };
  /** Stored with the row (base64 in JSON), so a retry sends the same bytes. */
  attachments?: readonly MailAttachment[];
}

/** The attachments column: JSON of { filename, contentType, content (base64) }. */
const storedAttachments = (list: readonly MailAttachment[] | undefined): string | null =>
  list?.length ? JSON.stringify(list.map((a) => ({ ...a, content: Buffer.from(a.content).toString('base64') }))) : null;

/** A row's attachments back as bytes; none when the column is empty or not what storedAttachments wrote. */
export function rowAttachments(row: Pick<OutboxRow, 'attachments'>): MailAttachment[] {
  let parsed: unknown;
  try {
    parsed = row.attachments ? JSON.parse(row.attachments) : [];
  } catch {
    return []; // a hand-edited column that is not JSON: send without rather than never
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((a: { filename: string; contentType: string; content: string }) => ({
    filename: String(a.filename),
    contentType: String(a.contentType),
    content: Buffer.from(String(a.content), 'base64'),
  }));
}

const outboxRow = (mail: OutgoingMail, now: string): NewOutboxRow => ({
  kind: mail.kind,
  to: mail.to,
  cc: JSON.stringify(mail.cc ?? []),
  reply_to: mail.replyTo ?? null,
  attachments: storedAttachments(mail.attachments),
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
