/**
 * Group commit for the SQLite file: most of SQLite's cost per request is the file I/O of its
 * COMMIT, and under load several requests write in the same event-loop turn. The one connection
 * keeps one outer transaction (a batch) open while writes happen and commits it once, at the end
 * of the turn in which it began (setImmediate), so other processes get the write lock within
 * about one turn. Kysely's transactions become savepoints inside the batch (commit = RELEASE,
 * rollback = ROLLBACK TO + RELEASE: a failed transaction undoes only its own writes); writes
 * outside a transaction just run in the batch.
 *
 * A write is durable only once its batch committed: the HTTP layer waits for that before it
 * answers (server/http/wait-for-commit.ts), and answers 503 when the batch failed.
 */
import { resolve as resolvePath } from 'node:path';
import type Database from 'better-sqlite3';
import type { Kysely, SqliteDatabase, SqliteStatement } from 'kysely';
import type { Checkpointer } from './checkpointer.ts';

export interface GroupCommit {
  /** A mark to pass to settled(): taken before a unit of work (a request) runs any statement. */
  mark(): number;
  /**
   * True once every batch the work since `mark` could have written or read in has committed;
   * false when one of them failed (its writes are gone). Synchronous true when no batch is open.
   */
  settled(mark: number): true | Promise<boolean>;
  /** Commits the open batch now (before close, or before something must see it at once). */
  flush(): void;
  /** Why the last failed batch failed (for the log). */
  readonly lastError: unknown;
  /** The connection's background checkpointer (checkpointer.ts), if it has one. */
  readonly checkpointer?: Checkpointer;
}

interface Batch {
  id: number;
  done: Promise<void>;
  resolve(): void;
}

const SAVEPOINT = 'group_commit_tx';
const registry = new WeakMap<Kysely<any>, GroupCommit>();
/**
 * The group commits of this process by file. A second connection to the same file in the same
 * process (tests, a second worker) would wait on the lock of a batch that can only commit once
 * this very event loop turns: it commits the others' idle batches before taking the lock.
 */
const peersByFile = new Map<string, Set<{ yieldLock(): void }>>();
/**
 * Every open group commit of this process: a process that exits (process.exit in a CLI task)
 * commits what its batches hold, as it would have a moment later; a transaction in progress is
 * not committed (SQLite rolls it back with the connection).
 */
const live = new Set<{ atExit(): void }>();
let exitHook = false;

/** The group commit of a Kysely instance opened on a SQLite file, if any (PostgreSQL: none). */
export const groupCommitOf = (db: Kysely<any>): GroupCommit | undefined => registry.get(db);
export const registerGroupCommit = (db: Kysely<any>, gc: GroupCommit) => void registry.set(db, gc);

class BatchLostError extends Error {
  constructor() {
    super('The write batch was rolled back by SQLite');
  }
}

/**
 * Wraps the connection Kysely's SqliteDriver uses (`inner`, the statement cache over `sqlite`).
 * The driver's raw `begin` / `commit` / `rollback` are mapped to savepoints here. A
 * `checkpointer` hears of each commit and closes before the connection.
 */
export function withGroupCommit(
  sqlite: Database.Database,
  inner: SqliteDatabase,
  checkpointer?: Checkpointer,
): SqliteDatabase & GroupCommit {
  const begin = sqlite.prepare('begin immediate');
  const commit = sqlite.prepare('commit');
  const rollback = sqlite.prepare('rollback');
  const savepoint = sqlite.prepare(`savepoint ${SAVEPOINT}`);
  const release = sqlite.prepare(`release ${SAVEPOINT}`);
  const rollbackTo = sqlite.prepare(`rollback to ${SAVEPOINT}`);

  const file = sqlite.memory ? undefined : resolvePath(sqlite.name);
  const peers = file ? (peersByFile.get(file) ?? peersByFile.set(file, new Set()).get(file)!) : undefined;
  const self = {
    yieldLock: () => !inTransaction && flush(),
    // No checkpoint thread is started for a process that is ending.
    atExit: () => {
      checkpointer?.close();
      self.yieldLock();
    },
  };
  peers?.add(self);
  live.add(self);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const gc of live) gc.atExit();
    });
  }

  let batch: Batch | undefined;
  let batches = 0;
  let lastFailed = 0;
  let lastError: unknown;
  let inTransaction = false;
  let flushWanted = false;

  /** Before any write: the batch is open (and was not rolled back by SQLite meanwhile). */
  function openBatch() {
    if (batch) {
      if (sqlite.inTransaction) return;
      fail(batch);
      // The transaction's earlier writes went with the batch: it must not go on in a new one.
      if (inTransaction) throw new BatchLostError();
    }
    if (peers && peers.size > 1) for (const p of peers) if (p !== self) p.yieldLock();
    begin.run();
    let settle!: () => void;
    const done = new Promise<void>((r) => (settle = r));
    batch = { id: ++batches, done, resolve: settle };
    setImmediate(scheduledFlush);
  }

  function fail(b: Batch) {
    lastFailed = b.id;
    lastError = new BatchLostError();
    batch = undefined;
    b.resolve();
  }

  function scheduledFlush() {
    // A transaction in progress keeps the batch open: committing now would commit half of it.
    if (inTransaction) flushWanted = true;
    else flush();
  }

  function flush() {
    const b = batch;
    if (!b) return;
    batch = undefined;
    flushWanted = false;
    let committed = false;
    try {
      if (!sqlite.inTransaction) throw new BatchLostError();
      commit.run();
      committed = true;
    } catch (e) {
      lastFailed = b.id;
      lastError = e;
      if (sqlite.inTransaction) {
        try {
          rollback.run();
        } catch {
          // Nothing more to undo.
        }
      }
    }
    b.resolve();
    if (committed) checkpointer?.committed();
  }

  const control = (run: () => void): SqliteStatement => ({
    reader: false,
    all: () => {
      run();
      return [];
    },
    run: () => {
      run();
      return { changes: 0, lastInsertRowid: 0 };
    },
    iterate: () => {
      run();
      return [][Symbol.iterator]();
    },
  });
  const beginTx = control(() => {
    openBatch();
    savepoint.run();
    inTransaction = true;
  });
  const commitTx = control(() => {
    inTransaction = false;
    if (flushWanted) setImmediate(scheduledFlush);
    // SQLite rolled the whole batch back (an I/O error, a full disk): this transaction is lost too.
    if (!sqlite.inTransaction) {
      if (batch) fail(batch);
      throw new BatchLostError();
    }
    release.run();
  });
  const rollbackTx = control(() => {
    inTransaction = false;
    if (flushWanted) setImmediate(scheduledFlush);
    if (!sqlite.inTransaction) return;
    rollbackTo.run();
    release.run();
  });

  const writers = new WeakMap<object, SqliteStatement>();
  const writer = (stmt: SqliteStatement): SqliteStatement => {
    let w = writers.get(stmt);
    if (!w) {
      w = {
        reader: stmt.reader,
        all: (p) => {
          openBatch();
          return stmt.all(p);
        },
        run: (p) => {
          openBatch();
          return stmt.run(p);
        },
        iterate: (p) => {
          openBatch();
          return stmt.iterate(p);
        },
      };
      writers.set(stmt, w);
    }
    return w;
  };

  return {
    prepare(sql) {
      if (sql === 'begin') return beginTx;
      if (sql === 'commit') return commitTx;
      if (sql === 'rollback') return rollbackTx;
      const stmt = inner.prepare(sql);
      return (stmt as Database.Statement).readonly ? stmt : writer(stmt);
    },
    close() {
      // A transaction still in progress is undone, as closing would have done; the rest is committed.
      if (inTransaction && sqlite.inTransaction) {
        rollbackTo.run();
        release.run();
        inTransaction = false;
      }
      flush();
      checkpointer?.close();
      live.delete(self);
      peers?.delete(self);
      if (peers?.size === 0) peersByFile.delete(file!);
      inner.close();
    },
    mark: () => (batch ? batch.id : batches + 1),
    settled(mark) {
      const ok = () => lastFailed < mark;
      if (!batch) return ok() || Promise.resolve(false);
      return batch.done.then(ok);
    },
    flush,
    checkpointer,
    get lastError() {
      return lastError;
    },
  };
}
