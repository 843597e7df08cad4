/**
 * Waiting until writes are durable. On PostgreSQL a committed transaction is; on the SQLite file
 * with group commit (group-commit.ts) it is once its batch commits, at the end of the event-loop
 * turn. Whatever leaves this process on the strength of a write (an HTTP answer, a call to a
 * payment provider) must wait for that, or a crash could keep the effect and lose the write.
 */
import type { Kysely } from 'kysely';
import { groupCommitOf } from './group-commit.ts';

class WriteLostError extends Error {
  constructor() {
    super('the database did not commit the write');
  }
}

/**
 * Marks now; the returned function resolves once every write made since is durable, and throws
 * WriteLostError when the batch holding them failed (those writes are gone).
 */
export function durableSince(db: Kysely<any>): () => Promise<void> {
  const gc = groupCommitOf(db);
  if (!gc) return async () => {};
  const mark = gc.mark();
  return async () => {
    const settled = gc.settled(mark);
    if (settled !== true && !(await settled)) throw new WriteLostError();
  };
}
