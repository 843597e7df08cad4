/**
 * The outbox claim, the same on one server or several sharing a database: one statement writes a
 * fresh claim token and a lease (next_attempt_at = leaseUntil) on up to `limit` due rows and
 * returns them. The due rows are picked once, in a materialized CTE: on PostgreSQL its select is
 * `for update skip locked`, so servers claiming at the same instant each take different rows
 * without waiting. (As a plain `id in (subquery)`, PostgreSQL may run the subquery again for every
 * row it updates, and each run skips the rows already taken: one claim then took every due row,
 * whatever the limit.) The outer WHERE repeats the due test. SQLite runs one write at a time, so
 * there the select stays plain.
 */
import type { Kysely } from 'kysely';
import { skipLocked } from '../db/dialect.ts';
import type { Database, OutboxRow } from '../db/schema.ts';

export async function claimDue(
  db: Kysely<Database>,
  o: { now: Date; leaseUntil: Date; limit: number; token: string },
): Promise<OutboxRow[]> {
  const at = o.now.toISOString();
  const rows = await db
    .with(
      (cte) => cte('due').materialized(),
      (qb) =>
        skipLocked(
          db,
          qb
            .selectFrom('email_outbox')
            .select('id')
            .where('status', '=', 'queued')
            .where('next_attempt_at', '<=', at)
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(o.limit),
        ),
    )
    .updateTable('email_outbox')
    .set({ claim_token: o.token, next_attempt_at: o.leaseUntil.toISOString() })
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', at)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}
