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
  const conn = new GroupCommitConnection(sqlite, inner, checkpointer);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const gc of live) gc.atExit();
    });
  }
  return {
    prepare: (sql) => conn.prepare(sql),
    close: () => conn.close(),
    mark: () => conn.mark(),
    settled: (mark) => conn.settled(mark),
    flush: () => conn.flush(),
    checkpointer,
    get lastError() {
      return conn.lastError;
    },
  };
}

/** A statement that runs `run` instead of its SQL (the driver's begin, commit and rollback). */
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

class GroupCommitConnection {
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  private readonly savepoint: Database.Statement;
  private readonly release: Database.Statement;
  private readonly rollbackTo: Database.Statement;
  private readonly file: string | undefined;
  private readonly peers: Set<{ yieldLock(): void }> | undefined;
  private readonly writers = new WeakMap<object, SqliteStatement>();
  private batch: Batch | undefined;
  private batches = 0;
  private lastFailed = 0;
  lastError: unknown;
  private inTransaction = false;
  private flushWanted = false;
  private readonly beginTx: SqliteStatement;
  private readonly commitTx: SqliteStatement;
  private readonly rollbackTx: SqliteStatement;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly inner: SqliteDatabase,
    private readonly checkpointer?: Checkpointer,
  ) {
    this.begin = sqlite.prepare('begin immediate');
    this.commit = sqlite.prepare('commit');
    this.rollback = sqlite.prepare('rollback');
    this.savepoint = sqlite.prepare(`savepoint ${SAVEPOINT}`);
    this.release = sqlite.prepare(`release ${SAVEPOINT}`);
    this.rollbackTo = sqlite.prepare(`rollback to ${SAVEPOINT}`);
    this.file = sqlite.memory ? undefined : resolvePath(sqlite.name);
    this.peers = this.file
      ? (peersByFile.get(this.file) ?? peersByFile.set(this.file, new Set()).get(this.file)!)
      : undefined;
    this.peers?.add(this);
    live.add(this);
    this.beginTx = control(() => this.beginTransaction());
    this.commitTx = control(() => this.commitTransaction());
    this.rollbackTx = control(() => this.rollbackTransaction());
  }

  yieldLock() {
    if (!this.inTransaction) this.flush();
  }

  /** No checkpoint thread is started for a process that is ending. */
  atExit() {
    this.checkpointer?.close();
    this.yieldLock();
  }

  /** Before any write: the batch is open (and was not rolled back by SQLite meanwhile). */
  private openBatch() {
    if (this.batch) {
      if (this.sqlite.inTransaction) return;
      this.fail(this.batch);
      // The transaction's earlier writes went with the batch: it must not go on in a new one.
      if (this.inTransaction) throw new BatchLostError();
    }
    if (this.peers && this.peers.size > 1) for (const p of this.peers) if (p !== this) p.yieldLock();
    this.begin.run();
    let settle!: () => void;
    const done = new Promise<void>((r) => (settle = r));
    this.batch = { id: ++this.batches, done, resolve: settle };
    setImmediate(this.scheduledFlush);
  }

  private fail(b: Batch) {
    this.lastFailed = b.id;
    this.lastError = new BatchLostError();
    this.batch = undefined;
    b.resolve();
  }

  private readonly scheduledFlush = () => {
    // A transaction in progress keeps the batch open: committing now would commit half of it.
    if (this.inTransaction) this.flushWanted = true;
    else this.flush();
  };

  flush() {
    const b = this.batch;
    if (!b) return;
    this.batch = undefined;
    this.flushWanted = false;
    let committed = false;
    try {
      if (!this.sqlite.inTransaction) throw new BatchLostError();
      this.commit.run();
      committed = true;
    } catch (e) {
      this.lastFailed = b.id;
      this.lastError = e;
      if (this.sqlite.inTransaction) {
        try {
          this.rollback.run();
        } catch {
          // Nothing more to undo.
        }
      }
    }
    b.resolve();
    if (committed) this.checkpointer?.committed();
  }

  private beginTransaction() {
    this.openBatch();
    this.savepoint.run();
    this.inTransaction = true;
  }

  private commitTransaction() {
    this.inTransaction = false;
    if (this.flushWanted) setImmediate(this.scheduledFlush);
    // SQLite rolled the whole batch back (an I/O error, a full disk): this transaction is lost too.
    if (!this.sqlite.inTransaction) {
      if (this.batch) this.fail(this.batch);
      throw new BatchLostError();
    }
    this.release.run();
  }

  private rollbackTransaction() {
    this.inTransaction = false;
    if (this.flushWanted) setImmediate(this.scheduledFlush);
    if (!this.sqlite.inTransaction) return;
    this.rollbackTo.run();
    this.release.run();
  }

  /** A writing statement opens the batch before it runs. */
  private writer(stmt: SqliteStatement): SqliteStatement {
    let w = this.writers.get(stmt);
    if (!w) {
      w = {
        reader: stmt.reader,
        all: (p) => {
          this.openBatch();
          return stmt.all(p);
        },
        run: (p) => {
          this.openBatch();
          return stmt.run(p);
        },
        iterate: (p) => {
          this.openBatch();
          return stmt.iterate(p);
        },
      };
      this.writers.set(stmt, w);
    }
    return w;
  }

  prepare(sql: string): SqliteStatement {
    if (sql === 'begin') return this.beginTx;
    if (sql === 'commit') return this.commitTx;
    if (sql === 'rollback') return this.rollbackTx;
    const stmt = this.inner.prepare(sql);
    return (stmt as Database.Statement).readonly ? stmt : this.writer(stmt);
  }

  close() {
    // A transaction still in progress is undone, as closing would have done; the rest is committed.
    if (this.inTransaction && this.sqlite.inTransaction) {
      this.rollbackTo.run();
      this.release.run();
      this.inTransaction = false;
    }
    this.flush();
    this.checkpointer?.close();
    live.delete(this);
    this.peers?.delete(this);
    if (this.peers?.size === 0) peersByFile.delete(this.file!);
    this.inner.close();
  }

  mark(): number {
    return this.batch ? this.batch.id : this.batches + 1;
  }

  settled(mark: number): true | Promise<boolean> {
    const ok = () => this.lastFailed < mark;
    if (!this.batch) return ok() || Promise.resolve(false);
    return this.batch.done.then(ok);
  }
}
