/**
 * The WAL checkpoint on a second thread. SQLite's automatic checkpoint runs inside the COMMIT
 * that takes the WAL past 1,000 pages: that commit copies the pages into the database file and
 * syncs both files while the server's one event loop waits. Under checkout load it was one
 * commit in twenty, 6 to 10 ms each, and half of all the time spent committing. Here a worker
 * thread with its own connection checkpoints instead (PASSIVE: it waits for no reader or writer,
 * and the writer never waits for it), on the machine's other core; the server's connection stops
 * checkpointing once that thread is ready, and takes it back if the thread fails.
 *
 * The WAL file starts again from its beginning only after a checkpoint copied every frame in it.
 * Under load the thread's checkpoints never do: the server commits new frames while one runs, so
 * the file grew without end (650 MB after 15,000 checkouts). So once the WAL holds
 * `restartFrames`, the connection itself copies the frames committed since the thread's last
 * checkpoint, right after one of its commits, when no frame can arrive meanwhile; its next write
 * then starts the file again. That copy syncs both files on the event loop (2 to 13 ms
 * measured), so the threshold is high: under checkout load it came about once in 1.3 s, where
 * SQLite checkpointed nine or ten times a second. A quieter shop's WAL restarts on its own (the
 * thread's checkpoints find it whole between two commits) and stays small.
 *
 * Started after `startAfterCommits` commits, so the many short-lived connections (a CLI task, a
 * test) never start a thread they would not repay.
 */
import { resolve as resolvePath } from 'node:path';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** Commits of a connection before its checkpointer starts. */
export const CHECKPOINT_AFTER_COMMITS = 200;
/** How often the thread looks for new commits. At 1,000 checkouts/s (~14 WAL pages each) that is ~700 pages a time. */
const CHECKPOINT_INTERVAL_MS = 50;
/** WAL pages (64 MiB of 4 KiB pages) from which the connection completes a checkpoint so that the file restarts. */
const RESTART_WAL_FRAMES = 16384;
/** SQLite's own threshold, restored when the thread fails. */
const SQLITE_AUTOCHECKPOINT = 1000;

export interface Checkpointer {
  /** After each commit of the connection (no transaction open). */
  committed(): void;
  /** Before the connection closes: the thread closes its own connection and ends. */
  close(): void;
  /** Who checkpoints now: the connection's commits (SQLite's automatic checkpoint), or the thread. */
  readonly by: 'commit' | 'thread';
  /** Checkpoints the thread ran, and those the connection completed so that the WAL restarts. */
  readonly stats: { byThread: number; catchUps: number };
}

type Report = { kind: 'ready' } | { kind: 'checkpointed'; walFrames: number } | { kind: 'failed'; message: string };

export function backgroundCheckpointer(
  sqlite: Database.Database,
  o: {
    startAfterCommits?: number;
    intervalMs?: number;
    restartFrames?: number;
    onError?: (message: string) => void /** The thread's script (tests). */;
    script?: URL;
  } = {},
): Checkpointer | undefined {
  if (sqlite.memory) return undefined;
  const startAfter = o.startAfterCommits ?? CHECKPOINT_AFTER_COMMITS;
  const restartFrames = o.restartFrames ?? RESTART_WAL_FRAMES;
  // A counter the thread reads without a message: a commit costs one atomic add.
  const commits = new Int32Array(new SharedArrayBuffer(4));
  const stats = { byThread: 0, catchUps: 0 };
  let worker: Worker | undefined;
  let by: Checkpointer['by'] = 'commit';
  let catchUp = false;
  let closed = false;
  let failed = false;

  const backToCommits = (message: string) => {
    if (closed || failed) return;
    failed = true;
    catchUp = false;
    if (by === 'thread') sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT}`);
    by = 'commit';
    o.onError?.(message);
  };

  function start() {
    worker = new Worker(o.script ?? new URL('./checkpoint-worker.js', import.meta.url), {
      workerData: {
        file: resolvePath(sqlite.name),
        commits: commits.buffer,
        intervalMs: o.intervalMs ?? CHECKPOINT_INTERVAL_MS,
      },
      execArgv: [],
    });
    worker.unref();
    worker.on('message', (m: Report) => {
      if (closed) return;
      if (m.kind === 'ready') {
        by = 'thread';
        sqlite.pragma('wal_autocheckpoint = 0');
      } else if (m.kind === 'checkpointed') {
        stats.byThread++;
        if (m.walFrames >= restartFrames) catchUp = true;
      } else backToCommits(`checkpoint thread: ${m.message}; the connection checkpoints again`);
    });
    worker.on('error', (e) =>
      backToCommits(`checkpoint thread: ${(e as Error).message}; the connection checkpoints again`),
    );
    worker.on('exit', () => backToCommits('checkpoint thread ended; the connection checkpoints again'));
  }

  return {
    committed() {
      const n = Atomics.add(commits, 0, 1) + 1;
      if (!worker && !failed && !closed && n >= startAfter) {
        try {
          start();
        } catch (e) {
          backToCommits(`checkpoint thread: ${(e as Error).message}; the connection checkpoints again`);
        }
      }
      if (!catchUp) return;
      try {
        // Busy (the thread is checkpointing now, or a reader of another process holds old
        // frames): tried again after the next commit, which costs next to nothing.
        const [r] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { busy: number }[];
        if (r!.busy === 0) {
          catchUp = false;
          stats.catchUps++;
        }
      } catch (e) {
        catchUp = false;
        // The commit stands; only the copy into the database file waits for the next one.
        o.onError?.(`checkpoint: ${(e as Error).message}`);
      }
    },
    close() {
      closed = true;
      worker?.postMessage('close');
    },
    get by() {
      return by;
    },
    stats,
  };
}
