/**
 * Claiming due outbox rows, the same on one server or several sharing a database: one statement
 * pushes next_attempt_at of up to `limit` due rows ahead (the lease) and returns them. On
 * PostgreSQL its select skips rows another server is claiming at that instant (skipLocked), so
 * each row is taken by exactly one worker; on SQLite the statement runs alone anyway.
 */
import type { Kysely } from 'kysely';
import { skipLocked } from '../db/dialect.ts';
import type { Database, OutboxRow } from '../db/schema.ts';

export async function claimDue(db: Kysely<Database>, o: { now: Date; leaseUntil: Date; limit: number }): Promise<OutboxRow[]> {
  const rows = await db
    .updateTable('email_outbox')
    .set({ next_attempt_at: o.leaseUntil.toISOString() })
    .where('id', 'in', (eb) =>
      skipLocked(
        db,
        eb
          .selectFrom('email_outbox')
          .select('id')
          .where('status', '=', 'queued')
          .where('next_attempt_at', '<=', o.now.toISOString())
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(o.limit),
      ),
    )
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Right before sending a claimed row: pushes its lease ahead again, only if this worker still
 * holds it (its lease unchanged). A batch whose sends were slow (a stalled SMTP server) may have
 * outlived its lease and been claimed by another worker: such a row is skipped, never sent twice.
 */
export async function renewClaim(db: Kysely<Database>, row: OutboxRow, leaseUntil: Date): Promise<OutboxRow | undefined> {
  const next_attempt_at = leaseUntil.toISOString();
  const r = await db.updateTable('email_outbox').set({ next_attempt_at }).where('id', '=', row.id).where('status', '=', 'queued').where('next_attempt_at', '=', row.next_attempt_at).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? { ...row, next_attempt_at } : undefined;
}

/** Gives claimed rows that were not attempted back at once (a worker stopping), instead of at lease end. */
export async function releaseClaims(db: Kysely<Database>, rows: OutboxRow[], at: Date): Promise<void> {
  for (const row of rows) {
    await db.updateTable('email_outbox').set({ next_attempt_at: at.toISOString() }).where('id', '=', row.id).where('status', '=', 'queued').where('next_attempt_at', '=', row.next_attempt_at).execute();
  }
}
