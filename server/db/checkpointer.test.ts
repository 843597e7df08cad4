import { statSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { backgroundCheckpointer, CHECKPOINT_AFTER_COMMITS, type Checkpointer } from './checkpointer.ts';
import { groupCommitOf, withGroupCommit, type GroupCommit } from './group-commit.ts';
import { openMigratedDatabase } from './open.ts';
import { withStatementCache } from './statement-cache.ts';

/** The checkpoint threads started, counted as they are created (their 'ready' comes later). */
const threads = vi.hoisted(() => ({ started: 0 }));
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:worker_threads')>();
  class Worker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      threads.started++;
    }
  }
  return { ...real, Worker };
});

let dir: TempDir;
let file: string;
let sqlite: SQLite.Database;
let db: Kysely<{ notes: { id: Generated<number>; body: string } }> | undefined;
let gc: GroupCommit;
let errors: string[];

const PAGE = 4096;
const size = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};
/** vitest's waitFor, with room for a busy machine. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 10 });
/** One committed write of `bytes` bytes, as a request's batch is: the commit comes at the end of the turn. */
const write = async (bytes: number) => {
  await db!
    .insertInto('notes')
    .values({ body: 'x'.repeat(bytes) })
    .execute();
  await new Promise((r) => setImmediate(r));
};

function open(o: Parameters<typeof backgroundCheckpointer>[1]) {
  sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  gc = withGroupCommit(
    sqlite,
    withStatementCache(sqlite),
    backgroundCheckpointer(sqlite, { ...o, onError: (m) => errors.push(m) }),
  );
  db = new Kysely({ dialect: new SqliteDialect({ database: gc as never }) });
}

beforeEach(() => {
  dir = tempDir();
  file = dir.join('joinery.db');
  errors = [];
});
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  dir.cleanup();
});

describe('background checkpointer (SQLite)', () => {
  it('a busy connection hands the checkpoint to a thread: every write reaches the database file and the WAL restarts instead of growing', async () => {
    open({ startAfterCommits: 5, intervalMs: 5, restartFrames: 200 });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db!);
    const checkpointer = gc.checkpointer as Checkpointer;
    expect(checkpointer.by).toBe('commit');
    for (let i = 0; i < 5; i++) await write(100);
    await eventually(() => expect(checkpointer.by).toBe('thread'));
    // The connection's own automatic checkpoint is off: only the thread copies the WAL now.
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    // 4,000 writes of a page each (~8,000 WAL frames, 33 MB) at full speed: the commits never
    // pause long enough for one of the thread's checkpoints to find the WAL whole.
    let largestWal = 0;
    for (let i = 0; i < 4000; i++) {
      await write(PAGE);
      largestWal = Math.max(largestWal, size(`${file}-wal`));
    }
    // Restarted from about 200 frames (the threshold) plus what arrives while the thread works;
    // without the restart the WAL would hold all 8,000.
    expect(largestWal).toBeLessThan(4000 * (PAGE + 24));
    await eventually(() => expect(size(file)).toBeGreaterThan(4000 * PAGE));
    expect(checkpointer.stats.byThread).toBeGreaterThan(0);

    // Another connection reads every row, from the file or the WAL.
    const reader = new SQLite(file, { readonly: true });
    expect(reader.prepare('select count(*) from notes').pluck().get()).toBe(4005);
    reader.close();
    expect(errors).toEqual([]);
  });

  it('when the thread fails, the connection checkpoints again and says so; nothing is lost', async () => {
    // A thread that starts, then fails at its first checkpoint (the first commit after it said
    // ready), as one whose checkpoint met an I/O error does.
    const script = dir.join('failing-thread.mjs');
    writeFileSync(
      script,
      [
        `import { parentPort, workerData } from 'node:worker_threads';`,
        `const commits = new Int32Array(workerData.commits);`,
        `const seen = Atomics.load(commits, 0);`,
        `parentPort.postMessage({ kind: 'ready' });`,
        `setInterval(() => { if (Atomics.load(commits, 0) !== seen) throw new Error('disk I/O error'); }, workerData.intervalMs);`,
      ].join('\n'),
    );
    open({ startAfterCommits: 1, intervalMs: 5, script: pathToFileURL(script) });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db!); // the first commit starts the thread
    const checkpointer = gc.checkpointer as Checkpointer;
    await eventually(() => expect(checkpointer.by).toBe('thread'));
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect(errors).toEqual([]);
    await write(10);
    await eventually(() => expect(errors.length).toBeGreaterThan(0));
    expect(errors).toEqual(['checkpoint thread: disk I/O error; the connection checkpoints again']);
    expect(checkpointer.by).toBe('commit');
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await write(10);
    expect(
      await db!
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ).toEqual({ n: 2 });
  });

  it("a short-lived connection starts no thread; the server's starts one after its first commits", async () => {
    const conn = await openMigratedDatabase(file);
    const hit = async (i: number) => {
      await conn
        .insertInto('rate_limit_hits')
        .values({ key: `k${i}`, hits: 1, reset_at: '2030-01-01T00:00:00.000Z' })
        .execute();
      await new Promise((r) => setImmediate(r));
    };
    try {
      const checkpointer = groupCommitOf(conn)!.checkpointer!;
      // The migrations committed once (openMigratedDatabase flushes them).
      const before = threads.started;
      for (let i = 0; i < CHECKPOINT_AFTER_COMMITS - 2; i++) await hit(i);
      expect(threads.started).toBe(before);
      expect(checkpointer.by).toBe('commit');
      for (let i = CHECKPOINT_AFTER_COMMITS - 2; i < CHECKPOINT_AFTER_COMMITS; i++) await hit(i);
      expect(threads.started).toBe(before + 1);
      await eventually(() => expect(checkpointer.by).toBe('thread'));
    } finally {
      await conn.destroy();
    }
    // Closed: every row is readable by the next connection.
    const reader = new SQLite(file, { readonly: true });
    expect(reader.prepare('select count(*) from rate_limit_hits').pluck().get()).toBe(CHECKPOINT_AFTER_COMMITS);
    reader.close();
  });
});
