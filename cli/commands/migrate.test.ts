/** `joinery migrate` on the default SQLite file (its PostgreSQL side: server/db/postgres.test.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { appliedMigrations, openDatabase, migrations } from '../../server/db/index.ts';
import { tempDir, type TempDir } from '../../server/testing/index.ts';
import { runMigrate } from './migrate.ts';

let dir: TempDir | undefined;
afterEach(() => dir?.cleanup());

const capture = () => {
  const lines: string[] = [];
  return {
    lines,
    out: { log: (l: string) => void lines.push(l), error: (l: string) => void lines.push(`error: ${l}`) },
  };
};

describe('joinery migrate', () => {
  it('applies every migration to the SQLite file, then finds nothing to do', async () => {
    dir = tempDir();
    const { lines, out } = capture();
    expect(await runMigrate({ JOINERY_DATA_DIR: dir.path }, out)).toBe(0);
    expect(await runMigrate({ JOINERY_DATA_DIR: dir.path }, out)).toBe(0);
    expect(lines[0]).toContain(`applied ${Object.keys(migrations).join(', ')} to the sqlite database`);
    expect(lines[1]).toMatch(/sqlite database .*joinery\.db is up to date$/);
    const db = openDatabase(dir.join('joinery.db'));
    expect(await appliedMigrations(db)).toEqual(Object.keys(migrations));
    await db.destroy();
  });

  it('refuses a DATABASE_URL that is not PostgreSQL (exit 2, password hidden)', async () => {
    const { lines, out } = capture();
    expect(await runMigrate({ DATABASE_URL: 'mysql://root:hunter2@db/shop' }, out)).toBe(2);
    expect(lines).toEqual([
      'error: joinery migrate: DATABASE_URL must be a postgres:// URL, got "mysql://root:***@db/shop"',
    ]);
  });
});
