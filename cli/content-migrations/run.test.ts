/**
 * Content migrations on the fixture blocks (tests/fixtures/block-migration/blocks: heading's
 * 002-rename-headline turns `headline` into `title`; site-header's 002-rename-menu-link turns a
 * menu item's `link` into `url`) and the fixture site whose page and template still say
 * `headline` and whose template's site header pulls its items from menus/main.json (`$data`),
 * where they still say `link`: lint flags them, the dry run prints the diff and writes nothing
 * (exit 1), the migration rewrites them in place (the menu file, not the reference), and lint
 * is then clean.
 */
import { cpSync, readFileSync } from 'node:fs';
import { parse } from 'jsonc-parser';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir, type TempDir } from '../../server/testing/index.ts';
import { runJoinery } from '../commands/test-support.ts';
import { lintSite } from '../lint/run.ts';
import { ROOT } from '../paths.ts';
import { migrateBlock } from './pulled-in.ts';
import { migrateText, rewriteValue } from './rewrite.ts';

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
      'templates/default.json:12:43 the props of this site-header block follow an older shape: run `joinery migrate --content` (migration 002-rename-menu-link; it rewrites menus/main.json too)',
    ]);
  });

  it('--dry-run prints the diff, writes nothing and exits 1', async () => {
    const before = read('pages/about.json');
    const menu = read('menus/main.json');
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
    expect(r.out).toContain(
      [
        'templates/default.json#/regions/1/blocks/0: site-header 002-rename-menu-link',
        '  with menus/main.json#/items (pulled in through $data)',
      ].join('\n'),
    );
    expect(r.out).toContain(
      [
        '--- menus/main.json',
        '+++ menus/main.json',
        '@@ -2,9 +2,9 @@',
        '   "$schema": "../../../../../schemas/menu.schema.json",',
        '   "items": [',
        '-    { "label": "Home", "link": "/" },',
        '+    { "label": "Home", "url": "/" },',
        '     {',
        '       "label": "About us",',
        '       "description": "Who we are",',
        '-      "link": "/about"',
        '+      "url": "/about"',
        '     }',
        '   ]',
      ].join('\n'),
    );
    expect(r.out).toContain('joinery migrate: 3 blocks in 3 files would change (dry run: nothing written');
    expect(read('pages/about.json')).toBe(before);
    expect(read('menus/main.json')).toBe(menu);
  });

  it('rewrites the page, the template and the menu it pulls in, keeping key order and formatting; lint is then clean', async () => {
    const page = read('pages/about.json');
    const template = read('templates/default.json');
    const menu = read('menus/main.json');
    const r = await runJoinery(['migrate', '--content'], site);
    expect(r.code).toBe(0);
    expect(r.out).toContain('joinery migrate: migrated 3 blocks in 3 files');
    expect(read('pages/about.json')).toBe(page.replace('"headline"', '"title"'));
    // The reference stays; the menu's items take the new shape.
    expect(read('templates/default.json')).toBe(template.replace('"headline"', '"title"'));
    expect(read('menus/main.json')).toBe(menu.replaceAll('"link"', '"url"'));
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

  it('keeps the comments of a file a reference pulls in', () => {
    const menu = `{
  // the main menu
  "items": [
    { "label": "Home", "link": "/" }, // first
    /* the second */ { "label": "About", "link": "/about" }
  ]
}`;
    const read = (rel: string) => (rel === 'menus/main.json' ? parse(menu) : undefined);
    const props = { items: { $data: 'menus/main.json#/items' } };
    const m = migrateBlock('site-header', props, read, join(FIXTURE, 'blocks'));
    expect(m.props).toEqual(props);
    const [edit] = m.data;
    expect(edit!.file).toBe('menus/main.json');
    expect(rewriteValue(menu, edit!.path, edit!.before, edit!.after)).toBe(menu.replaceAll('"link"', '"url"'));
  });

  it('moves a reference with the prop a migration renames, its file untouched', () => {
    const read = (rel: string) => (rel === 'data/about.json' ? { heading: 'About us' } : undefined);
    const m = migrateBlock(
      'heading',
      { headline: { $data: 'data/about.json#/heading' } },
      read,
      join(FIXTURE, 'blocks'),
    );
    expect(m).toEqual({
      props: { title: { $data: 'data/about.json#/heading' } },
      applied: ['002-rename-headline'],
      data: [],
      stuck: [],
    });
  });

  it('leaves the database alone: --dry-run alone is a usage error', async () => {
    const r = await runJoinery(['migrate', '--dry-run'], site);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--dry-run goes with --content');
  });
});
