// The background checkpointer's thread (checkpointer.ts). Plain JavaScript: it starts in a few
// milliseconds, without the TypeScript loader. It opens its own connection to the file and, when
// the server's connection has committed since its last look, copies the WAL's frames into the
// database file with a PASSIVE checkpoint, which waits for no reader or writer.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, commits, intervalMs } = workerData;
const committed = new Int32Array(commits);
let db;
try {
  db = new SQLite(file, { fileMustExist: true });
} catch (e) {
  parentPort.postMessage({ kind: 'failed', message: String(e?.message ?? e) });
  process.exit(1);
}
let seen = 0;
const timer = setInterval(() => {
  const now = Atomics.load(committed, 0);
  if (now === seen) return;
  seen = now;
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    // The frames in the WAL: from a threshold the server's connection completes a checkpoint.
    parentPort.postMessage({ kind: 'checkpointed', walFrames: r.log });
  } catch (e) {
    clearInterval(timer);
    parentPort.postMessage({ kind: 'failed', message: String(e?.message ?? e) });
    db.close();
    parentPort.close();
  }
}, intervalMs);

parentPort.on('message', (m) => {
  if (m !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage({ kind: 'ready' });
