/**
 * Newsletter double opt-in: a signup is 'pending' until its confirmation link is opened.
 * The confirmation token is stored only as its SHA-256 (confirm_token_hash) with the time its
 * mail was queued (confirm_sent_at: the link expires from there, and a re-signup re-sends at most
 * once per interval). A pending row has no unsubscribe token yet (token_hash null): that token is
 * made when the address is confirmed and goes out in the welcome mail.
 *
 * SQLite cannot change a CHECK or NOT NULL constraint in place, so the table is rebuilt (the same
 * way on PostgreSQL, one source for both); every existing row keeps its id, address, status, token
 * and times.
 */
import { sql, type Kysely } from 'kysely';
import { autoId, resyncAutoId } from '../dialect.ts';

async function createTable(db: Kysely<any>, name: string, statuses: string[], withConfirm: boolean): Promise<void> {
  let t = db.schema
    .createTable(name)
    .addColumn('id', ...autoId(db))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in (${sql.join(statuses.map((s) => sql.lit(s)))})`),
    )
    .addColumn('token_hash', 'text', (c) => (withConfirm ? c.unique() : c.notNull().unique()));
  if (withConfirm) {
    t = t
      .addColumn('confirm_token_hash', 'text', (c) => c.unique())
      .addColumn('confirm_sent_at', 'text')
      .addColumn('confirmed_at', 'text');
  }
  await t
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

const COMMON = ['id', 'email', 'status', 'token_hash', 'created_at', 'updated_at'];

async function rebuild(db: Kysely<any>, statuses: string[], withConfirm: boolean, keep: string): Promise<void> {
  await createTable(db, 'newsletter_subscriptions_next', statuses, withConfirm);
  const cols = sql.join(COMMON.map((c) => sql.ref(c)));
  await sql`insert into newsletter_subscriptions_next (${cols}) select ${cols} from newsletter_subscriptions where ${sql.raw(keep)}`.execute(
    db,
  );
  await db.schema.dropTable('newsletter_subscriptions').execute();
  await db.schema.alterTable('newsletter_subscriptions_next').renameTo('newsletter_subscriptions').execute();
  await resyncAutoId(db, 'newsletter_subscriptions');
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, ['pending', 'subscribed', 'unsubscribed'], true, '1 = 1');
}

/** Back to the old table: pending signups (never confirmed, no unsubscribe token) are dropped. */
export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, ['subscribed', 'unsubscribed'], false, "status <> 'pending' and token_hash is not null");
}
