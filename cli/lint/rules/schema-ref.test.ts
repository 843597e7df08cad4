/** schema-ref against tests/fixtures/schema-ref (a copy of the valid fixture, its "$schema"s broken) and the shipped site. */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { applyEdits } from 'jsonc-parser';
import { afterAll, describe, expect, it } from 'vitest';
import type { FindingFix } from '../../../engine/node.ts';
import { DEFAULT_SITE_DIR, ROOT, SCHEMAS_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';
import schemaRef from './schema-ref.ts';

const FIXTURE = join(ROOT, 'tests', 'fixtures', 'schema-ref');
const only = { rules: [schemaRef] };

describe('schema-ref', () => {
  it('reports a missing "$schema", one naming another schema and one whose path leads nowhere', () => {
    expect(
      fixtureFindings('schema-ref', { ...only, keys: ['file', 'line', 'column', 'endLine', 'endColumn', 'message'] }),
    ).toEqual([
      {
        file: 'data/reviews.json',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 2,
        message: 'no "$schema" (this file follows reviews.schema.json)',
      },
      {
        file: 'pages/about.json',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 2,
        message: 'no "$schema" (this file follows page.schema.json)',
      },
      {
        file: 'pages/home.json',
        line: 2,
        column: 14,
        endLine: 2,
        endColumn: 56,
        message: '"$schema" should be "../../../../schemas/page.schema.json" (this file follows page.schema.json)',
      },
      {
        file: 'templates/default.json',
        line: 2,
        column: 14,
        endLine: 2,
        endColumn: 50,
        message:
          '"$schema" should be "../../../../schemas/template.schema.json" (this file follows template.schema.json)',
      },
    ]);
  });

  it('fixes each with certainty, changing only "$schema" and keeping the formatting; the fixed files pass', () => {
    const findings = fixtureFindings('schema-ref', { ...only, keys: ['file', 'fixes'] }) as {
      file: string;
      fixes: FindingFix[];
    }[];
    const fixed = new Map<string, string>();
    for (const { file, fixes } of findings) {
      expect(fixes).toHaveLength(1);
      expect(fixes[0]).toMatchObject({ file, certain: true });
      fixed.set(file, applyEdits(readFileSync(join(FIXTURE, file), 'utf8'), fixes[0]!.edits));
    }
    expect(fixed.get('data/reviews.json')).toBe(
      '{\n\t"$schema": "../../../../schemas/reviews.schema.json",\n\t"reviews": []\n}\n',
    );
    expect(fixed.get('pages/about.json')).toBe(
      readFileSync(join(FIXTURE, 'pages/about.json'), 'utf8').replace(
        '{\n',
        '{\n  "$schema": "../../../../schemas/page.schema.json",\n',
      ),
    );
    expect(fixed.get('pages/home.json')).toBe(
      readFileSync(join(FIXTURE, 'pages/home.json'), 'utf8').replace('template.schema.json', 'page.schema.json'),
    );
    expect(fixed.get('templates/default.json')).toBe(
      readFileSync(join(FIXTURE, 'templates/default.json'), 'utf8').replace('"../../schemas/', '"../../../../schemas/'),
    );
    for (const [file, text] of fixed) {
      const ref = JSON.parse(text).$schema as string;
      expect(join(dirname(join(FIXTURE, file)), ref)).toBe(join(SCHEMAS_DIR, ref.slice(ref.lastIndexOf('/') + 1)));
    }
  });

  it('takes a copy of a site elsewhere by the schema its "$schema" names, whatever the path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'joinery-schema-ref-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(join(ROOT, 'tests', 'fixtures', 'valid'), dir, { recursive: true });
    expect(fixtureFindings(dir, only)).toEqual([]);
    cpSync(FIXTURE, dir, { recursive: true });
    expect(fixtureFindings(dir, { ...only, keys: ['file'] })).toEqual([
      { file: 'data/reviews.json' },
      { file: 'pages/about.json' },
      { file: 'pages/home.json' },
    ]);
  });

  it('finds every content file of the shipped site with its "$schema"', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, only)).toEqual([]);
  });
});
