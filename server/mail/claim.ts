/**
 * The outbox claim, the same on one server or several sharing a database: one statement writes a
 * fresh claim token and a lease (next_attempt_at = leaseUntil) on up to `limit` due rows and
 * returns them. On PostgreSQL the inner select is `for update skip locked`, so servers claiming
 * at the same instant each take different rows without waiting; the outer WHERE repeats the due
 * test so a row another claim updated first is re-checked and skipped. SQLite runs one write at a
 * time, so there the select stays plain.
 */
import type { Kysely } from 'kysely';
import { skipLocked } from '../db/dialect.ts';
import type { Database, OutboxRow } from '../db/schema.ts';

export async function claimDue(db: Kysely<Database>, o: { now: Date; leaseUntil: Date; limit: number; token: string }): Promise<OutboxRow[]> {
  const at = o.now.toISOString();
  const rows = await db
    .updateTable('email_outbox')
    .set({ claim_token: o.token, next_attempt_at: o.leaseUntil.toISOString() })
    .where('id', 'in', (eb) =>
      skipLocked(
        db,
        eb
          .selectFrom('email_outbox')
          .select('id')
          .where('status', '=', 'queued')
          .where('next_attempt_at', '<=', at)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(o.limit),
      ),
    )
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', at)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}
