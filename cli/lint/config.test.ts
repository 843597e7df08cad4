/** joinery.config.json: globs, the setting each finding gets, and a configured site as lint reports it. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../engine/node.ts';
import { ROOT } from '../paths.ts';
import { applyLintConfig, globToRegExp, type LintConfig, readLintConfig, ruleIsOff } from './config.ts';
import { fixtureFindings } from './testing.ts';

const finding = (ruleId: string, file: string, severity: Finding['severity'] = 'error'): Finding => ({
  ruleId,
  severity,
  message: 'm',
  file,
  line: 1,
  column: 1,
  pointer: '',
});
const config = (c: Partial<LintConfig>): LintConfig => ({ rules: {}, overrides: [], ignore: [], ...c });
const kept = (c: LintConfig, findings: Finding[]) =>
  applyLintConfig(findings, c).map((f) => `${f.ruleId} ${f.file} ${f.severity}`);

describe('globToRegExp', () => {
  it.each([
    ['pages/*.json', 'pages/home.json', true],
    ['pages/*.json', 'pages/blog/post.json', false],
    ['pages/**', 'pages/blog/post.json', true],
    ['**/*.json', 'routes.json', true],
    ['data/**/x.json', 'data/x.json', true],
    ['data/**/x.json', 'data/a/b/x.json', true],
    ['menus/{footer,main}.json', 'menus/main.json', true],
    ['menus/{footer,main}.json', 'menus/mobile.json', false],
    ['pages/hom?.json', 'pages/home.json', true],
    ['pages/', 'pages/a/b.json', true],
    ['./site.json', 'site.json', true],
    ['site.json', 'siteXjson', false],
    ['pages/(a).json', 'pages/(a).json', true],
  ])('%s matches %s: %s', (glob, file, expected) => {
    expect(globToRegExp(glob).test(file)).toBe(expected);
  });
});

describe('applyLintConfig', () => {
  const findings = [
    finding('broken-link', 'menus/main.json'),
    finding('broken-link', 'pages/home.json'),
    finding('style-name', 'data/gallery.json', 'warning'),
    finding('schema', 'data/imported/a.json'),
  ];

  it('keeps every finding as reported without settings', () => {
    expect(applyLintConfig(findings, config({}))).toEqual(findings);
  });

  it('sets a severity or drops a rule globally, per file glob with the last override winning, and ignores files', () => {
    const c = config({
      rules: { 'broken-link': 'warning', 'style-name': 'off' },
      overrides: [
        { files: ['menus/**', 'pages/**'], rules: { 'broken-link': 'off' } },
        { files: ['pages/*.json'], rules: { 'broken-link': 'error', 'style-name': 'error' } },
      ],
      ignore: ['data/imported/**'],
    });
    expect(kept(c, findings)).toEqual(['broken-link pages/home.json error']);
  });

  it('turns a warning into an error and back', () => {
    expect(kept(config({ rules: { 'style-name': 'error', 'broken-link': 'warning' } }), findings)).toEqual([
      'broken-link menus/main.json warning',
      'broken-link pages/home.json warning',
      'style-name data/gallery.json error',
      'schema data/imported/a.json error',
    ]);
  });

  it('skips running a rule only when it is off for every file', () => {
    expect(ruleIsOff(config({ rules: { pricing: 'off' } }), 'pricing')).toBe(true);
    expect(ruleIsOff(config({ rules: { pricing: 'warning' } }), 'pricing')).toBe(false);
    const onForPages = config({
      rules: { pricing: 'off' },
      overrides: [{ files: ['pages/**'], rules: { pricing: 'error' } }],
    });
    expect(ruleIsOff(onForPages, 'pricing')).toBe(false);
  });
});

describe('a configured site', () => {
  const dir = join(ROOT, 'tests', 'fixtures', 'lint-config-applied');

  it('reads the settings, a single glob as a list', () => {
    expect(readLintConfig(dir)).toMatchObject({
      config: {
        rules: { 'broken-link': 'warning' },
        overrides: [
          { files: ['menus/*.json'], rules: { 'broken-link': 'error' } },
          { files: ['menus/main.json'], rules: { 'broken-link': 'off' } },
          { files: ['pages/**'], rules: { 'broken-link': 'error' } },
        ],
        ignore: ['routes.json'],
      },
      problems: [],
    });
    expect(readLintConfig(join(ROOT, 'tests', 'fixtures', 'valid'))).toEqual({
      config: { rules: {}, overrides: [], ignore: [] },
      problems: [],
    });
  });

  it('lint reports the broken-link fixture as configured: menus off, routes.json ignored, pages an error', () => {
    // Unconfigured, the same content has four errors (tests/fixtures/broken-link).
    expect(fixtureFindings('broken-link').map((f) => f.file)).toEqual([
      'menus/main.json',
      'menus/main.json',
      'pages/home.json',
      'routes.json',
    ]);
    expect(fixtureFindings(dir, { keys: ['ruleId', 'severity', 'file', 'line'] })).toEqual([
      { ruleId: 'broken-link', severity: 'error', file: 'pages/home.json', line: 8 },
    ]);
  });

  it('the stylish output names the rule on each finding and where to configure it', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'cli', 'bin.js'), '--site', dir, 'lint'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('8:62  error    link "/warranty" in the text points to no route  broken-link  ');
    expect(r.stdout).toContain("A rule's severity, or off, per file: joinery.config.json (docs/rules/README.md)");
  });
});
