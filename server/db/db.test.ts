import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { appliedMigrations, migrateToLatest, openDatabase, openMigratedDatabase, type Db } from './index.ts';
import { migrations } from './migrations/index.ts';

let dir: TempDir;
let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  dir?.cleanup();
});

describe('openDatabase', () => {
  it('creates the folder, turns on WAL and foreign keys, keeps temporary journals in memory', async () => {
    dir = tempDir();
    db = openDatabase(dir.join('nested', 'var', 'test.db'));
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(journal.rows[0]!.journal_mode).toBe('wal');
    expect(fk.rows[0]!.foreign_keys).toBe(1);
    // 2 = MEMORY: a savepoint's journal never spills to a temp file (two pwrite() calls per changed page).
    const temp = await sql<{ temp_store: number }>`pragma temp_store`.execute(db);
    expect(temp.rows[0]!.temp_store).toBe(2);
  });
});

describe('migrations', () => {
  it('creates email_outbox and applies each migration once', async () => {
    dir = tempDir();
    db = await openMigratedDatabase(dir.join('test.db'));
    expect(await appliedMigrations(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = await db.introspection.getTables();
    const outbox = tables.find((t) => t.name === 'email_outbox');
    expect(outbox?.columns.map((c) => c.name).sort()).toEqual(
      [
        'attempts',
        'cc',
        'attachments',
        'claim_token',
        'created_at',
        'html',
        'id',
        'kind',
        'last_error',
        'next_attempt_at',
        'ref_id',
        'ref_type',
        'reply_to',
        'sent_at',
        'status',
        'subject',
        'text',
        'to',
      ].sort(),
    );
  });

  it('servers starting together on one SQLite file all migrate, each migration applied once', async () => {
    dir = tempDir();
    const file = dir.join('test.db');
    const dbs = await Promise.all(Array.from({ length: 4 }, () => openMigratedDatabase(file)));
    for (const d of dbs) expect(await appliedMigrations(d)).toEqual(Object.keys(migrations));
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(dbs[0]!);
    expect(rows.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
    for (const d of dbs) await d.destroy();
  });

  it('rejects a status outside queued, sent, failed', async () => {
    dir = tempDir();
    db = await openMigratedDatabase(dir.join('test.db'));
    const row = {
      kind: 'k',
      to: 'a@example.com',
      subject: 's',
      html: '',
      text: '',
      next_attempt_at: 'x',
      created_at: 'x',
    };
    await expect(
      db
        .insertInto('email_outbox')
        .values({ ...row, status: 'lost' as 'sent' })
        .execute(),
    ).rejects.toThrow(/CHECK/);
  });

  it('lists every migration file in migrations/index.ts, in order', () => {
    const folder = `${dirname(fileURLToPath(import.meta.url))}/migrations`;
    const files = readdirSync(folder)
      .filter((f) => /^\d{4}_.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(migrations)).toEqual(files);
  });
});
