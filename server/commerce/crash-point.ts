/**
 * Crash points for the recovery tests: between the steps of a payment, a process started with
 * JOINERY_CRASH_AT=<point> dies at once (SIGKILL: no cleanup, no answer), as a power cut or an
 * OOM kill would leave it. Read at each call, so a test's child process picks it up; unset, a
 * call costs one property read.
 *
 * payment-written   the pending payment row is committed, the provider not yet asked
 * provider-charged  the provider answered, settle has not run
 * settle-committed  the payment, the order and its e-mails are committed, nothing answered yet
 */
import { durableSince } from '../db/durable.ts';
import type { Db } from '../db/schema.ts';

export type CrashPoint = 'payment-written' | 'provider-charged' | 'settle-committed';

/** Dies at this point when told to, once what was written so far is durable (the step is done). */
export async function crashPoint(point: CrashPoint, db: Db): Promise<void> {
  if (process.env.JOINERY_CRASH_AT !== point) return;
  await durableSince(db)();
  process.kill(process.pid, 'SIGKILL');
}
