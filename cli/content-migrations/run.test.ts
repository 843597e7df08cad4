/**
 * Content migrations on the fixture block (tests/fixtures/block-migration/blocks/heading: its
 * 002-rename-headline turns `headline` into `title`) and the fixture site whose page and
 * template still say `headline`: lint flags them, the dry run prints the diff and writes
 * nothing (exit 1), the migration rewrites them in place, and lint is then clean.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir, type TempDir } from '../../server/testing/index.ts';
import { runJoinery } from '../commands/test-support.ts';
import { lintSite } from '../lint/run.ts';
import { ROOT } from '../paths.ts';
import { migrateText } from './rewrite.ts';

const FIXTURE = join(ROOT, 'tests', 'fixtures', 'block-migration');
let dir: TempDir;
let site: string;

beforeEach(() => {
  vi.stubEnv('JOINERY_BLOCKS_DIR', join(FIXTURE, 'blocks'));
  dir = tempDir();
  site = dir.join('site');
  cpSync(join(FIXTURE, 'site'), site, { recursive: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
  dir.cleanup();
});

const read = (rel: string) => readFileSync(join(site, rel), 'utf8');

describe('content migrations', () => {
  it('lint flags the blocks a migration would rewrite, naming it and the command', () => {
    const flagged = lintSite(site).findings.filter((f) => f.ruleId === 'block-migration');
    expect(flagged.map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`)).toEqual([
      'pages/about.json:6:7 the props of this heading block follow an older shape: run `joinery migrate --content` (migration 002-rename-headline)',
      'templates/default.json:7:39 the props of this heading block follow an older shape: run `joinery migrate --content` (migration 002-rename-headline)',
    ]);
  });

  it('--dry-run prints the diff, writes nothing and exits 1', async () => {
    const before = read('pages/about.json');
    const r = await runJoinery(['migrate', '--content', '--dry-run'], site);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      [
        '--- pages/about.json',
        '+++ pages/about.json',
        '@@ -6,5 +6,5 @@',
        '       "props": {',
        '         "eyebrow": "Since 1998",',
        '-        "headline": "About us",',
        '+        "title": "About us",',
        '         "intro": "Who we are."',
        '       }',
      ].join('\n'),
    );
    expect(r.out).toContain(
      '+      "blocks": [{ "type": "heading", "props": { "title": "Fixture Shop", "level": 2 } }]',
    );
    expect(r.out).toContain('joinery migrate: 2 blocks in 2 files would change (dry run: nothing written');
    expect(read('pages/about.json')).toBe(before);
  });

  it('rewrites the page and the template in place, keeping key order and formatting; lint is then clean', async () => {
    const page = read('pages/about.json');
    const template = read('templates/default.json');
    const r = await runJoinery(['migrate', '--content'], site);
    expect(r.code).toBe(0);
    expect(r.out).toContain('joinery migrate: migrated 2 blocks in 2 files');
    expect(read('pages/about.json')).toBe(page.replace('"headline"', '"title"'));
    expect(read('templates/default.json')).toBe(template.replace('"headline"', '"title"'));
    expect(lintSite(site).findings).toEqual([]);
    const again = await runJoinery(['migrate', '--content', '--dry-run'], site);
    expect(again.code).toBe(0);
    expect(again.out).toContain('nothing to migrate');
  });

  it('keeps comments, and puts an added key where the migration puts it', () => {
    const text = `{
  // the page
  "blocks": [
    {
      "type": "heading",
      "props": {
        "eyebrow": "New", // small line
        "headline": "Hi" /* the heading */
      }
    }
  ]
}`;
    expect(migrateText(text, join(FIXTURE, 'blocks')).text).toBe(text.replace('"headline"', '"title"'));
  });

  it('leaves the database alone: --dry-run alone is a usage error', async () => {
    const r = await runJoinery(['migrate', '--dry-run'], site);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--dry-run goes with --content');
  });
});
