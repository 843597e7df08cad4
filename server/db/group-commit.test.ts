import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { groupCommitOf, type GroupCommit } from './group-commit.ts';
import { openDatabase, openMigratedDatabase, type Db } from './open.ts';

let dir: TempDir;
let file: string;
let db: Db;
let gc: GroupCommit;
/** A second connection to the same file, as another process (the CLI, a second server) has. */
let other: SQLite.Database;

beforeEach(async () => {
  dir = tempDir();
  file = dir.join('joinery.db');
  db = await openMigratedDatabase(file);
  gc = groupCommitOf(db)!;
  other = new SQLite(file);
  other.pragma('busy_timeout = 0');
});
afterEach(async () => {
  other.close();
  await db.destroy();
  dir.cleanup();
});

const hit = (key: string) => ({ key, hits: 1, reset_at: '2030-01-01T00:00:00.000Z' });
const insert = (d: Pick<Db, 'insertInto'>, key: string) => d.insertInto('rate_limit_hits').values(hit(key)).execute();
/** The keys another connection can read: what is committed. */
const committedKeys = () => other.prepare('select key from rate_limit_hits order by key').pluck().all();

describe('group commit (SQLite)', () => {
  it('commits the writes of transactions run together once, after both returned', async () => {
    const mark = gc.mark();
    await Promise.all([
      db.transaction().execute((trx) => insert(trx, 'a')),
      db.transaction().execute((trx) => insert(trx, 'b')),
      insert(db, 'c'),
    ]);
    // Both transactions are over (released), their batch is not yet committed.
    expect(committedKeys()).toEqual([]);
    expect(await gc.settled(mark)).toBe(true);
    expect(committedKeys()).toEqual(['a', 'b', 'c']);
  });

  it('a transaction rolled back inside a batch undoes only its own writes', async () => {
    const mark = gc.mark();
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'a')),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'b');
        throw new Error('changed my mind');
      }),
      insert(db, 'c'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await gc.settled(mark)).toBe(true);
    expect(committedKeys()).toEqual(['a', 'c']);
    expect(await db.selectFrom('rate_limit_hits').select('key').orderBy('key').execute()).toEqual([
      { key: 'a' },
      { key: 'c' },
    ]);
  });

  it('a failed statement outside a transaction leaves the batch and the others writes', async () => {
    const mark = gc.mark();
    const results = await Promise.allSettled([insert(db, 'a'), insert(db, 'a'), insert(db, 'b')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await gc.settled(mark)).toBe(true);
    expect(committedKeys()).toEqual(['a', 'b']);
  });

  it('does not keep the write lock past the turn: another connection writes right after', async () => {
    await insert(db, 'a');
    await new Promise((r) => setImmediate(r));
    other.prepare("insert into rate_limit_hits (key, hits, reset_at) values ('z', 1, '2030-01-01')").run();
    await insert(db, 'b');
    expect(await db.selectFrom('rate_limit_hits').select('key').orderBy('key').execute()).toEqual([
      { key: 'a' },
      { key: 'b' },
      { key: 'z' },
    ]);
  });

  it('a transaction in progress keeps the batch open, and its writes are committed whole', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction().execute(async (trx) => {
      await insert(trx, 'a');
      await held;
      await insert(trx, 'b');
    });
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(committedKeys()).toEqual([]);
    release();
    await tx;
    await gc.settled(gc.mark());
    expect(committedKeys()).toEqual(['a', 'b']);
  });

  it('commits the open batch when the database is closed', async () => {
    await insert(db, 'a');
    await db.destroy();
    expect(committedKeys()).toEqual(['a']);
    db = await openMigratedDatabase(file);
  });

  it("a second handle on the same file in this process writes at once, committing the first one's batch", async () => {
    const second = openDatabase(file);
    try {
      await insert(db, 'a');
      await insert(second, 'b');
      expect(committedKeys()).toEqual(['a']);
      await gc.settled(gc.mark());
      await groupCommitOf(second)!.settled(groupCommitOf(second)!.mark());
      expect(committedKeys()).toEqual(['a', 'b']);
    } finally {
      await second.destroy();
    }
  });

  it('a process that exits right after a write still commits it', () => {
    const script = `
      import { openDatabase } from ${JSON.stringify(fileURLToPath(new URL('./open.ts', import.meta.url)))};
      const db = openDatabase(${JSON.stringify(file)});
      await db.insertInto('rate_limit_hits').values({ key: 'cli', hits: 1, reset_at: '2030-01-01' }).execute();
      process.exit(0);`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.stderr).toBe('');
    expect(committedKeys()).toEqual(['cli']);
  });

  it('closing the database undoes a transaction still in progress and commits the rest', async () => {
    await insert(db, 'whole');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const halfWritten = new Promise<void>((r) => (started = r));
    const tx = db.transaction().execute(async (trx) => {
      await insert(trx, 'half');
      started();
      await held;
    });
    await halfWritten;
    await db.destroy();
    release();
    await tx.catch(() => undefined);
    expect(committedKeys()).toEqual(['whole']);
    db = await openMigratedDatabase(file);
  });

  it('reads without a batch open run alone, and settle at once', async () => {
    const mark = gc.mark();
    expect(await db.selectFrom('rate_limit_hits').selectAll().execute()).toEqual([]);
    expect(gc.settled(mark)).toBe(true);
  });
});
