/**
 * `joinery lint --fix` as a user runs it, on copies of fixtures: what it writes (compared line by
 * line with the files before), what it prints and what it leaves.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';

// Copies sit as deep below the project as the fixtures do, so their "$schema" paths still resolve.
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(ROOT, '.tmp', 'lint-fix-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function copyOf(fixture: string): { dir: string; shown: string } {
  const dir = join(scratch, fixture);
  cpSync(join(ROOT, 'tests', 'fixtures', fixture), dir, { recursive: true });
  return { dir, shown: relative(ROOT, dir) };
}

const joinery = (...args: string[]) => {
  const r = spawnSync(process.execPath, [join(ROOT, 'cli', 'bin.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

const textFiles = (dir: string) =>
  new Map(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.split('\\').join('/'), readFileSync(join(dir, f), 'utf8')]),
  );

/** Every line that differs between two versions of a folder (the fixes never add or remove lines here). */
function changedLines(before: Map<string, string>, after: Map<string, string>) {
  const out: { file: string; line: number; before: string; after: string }[] = [];
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  for (const [file, text] of before) {
    const a = text.split('\n');
    const b = after.get(file)!.split('\n');
    expect(b.length, file).toBe(a.length);
    a.forEach((line, i) => {
      if (line !== b[i]) out.push({ file, line: i + 1, before: line.trim(), after: b[i]!.trim() });
    });
  }
  return out.sort((x, y) => x.file.localeCompare(y.file) || x.line - y.line);
}

describe('joinery lint --fix', () => {
  it('fixes the certain ones of ten typical mistakes, changing only those values, and leaves the rest with suggestions', () => {
    const { dir, shown } = copyOf('ten-mistakes');
    const before = textFiles(dir);
    const r = joinery('--site', dir, 'lint', '--fix');
    expect(r.code).toBe(1);
    const changes = r.stdout.split('\n').filter((l) => l.startsWith(shown));
    expect(changes.slice(0, 6)).toEqual([
      `${shown}/forms/contact.json:7:80 prefered -> preferred (form-field-ref)`,
      `${shown}/menus/main.json:5:34 /contcat -> /contact (broken-link)`,
      `${shown}/pages/about.json:4:78 intor -> intro (data-ref)`,
      `${shown}/pages/home.json:8:35 /abuot -> /about (broken-link)`,
      `${shown}/pages/home.json:12:15 faq-lst -> faq-list (unknown-block)`,
      // Found on the second pass, once the block type is known and its props are checked.
      `${shown}/pages/home.json:15:9 faq -> faqs (schema)`,
    ]);
    expect(r.stdout).toContain('joinery: fixed 6 problems; remaining:');
    const remaining = r.stdout.slice(r.stdout.indexOf('remaining:'));
    for (const finding of [
      '4:69  error    block "heading": "props/level" must be one of 1, 2, 3  schema',
      '4:84  error    image "/images/oak-dor.svg": file images/oak-dor.svg does not exist (did you mean "/images/oak-door.svg" or "/images/oak-doors.svg"?)  missing-file',
      '4:25  error    Comma expected  json-syntax',
      '34:15  error    route "/contact/" duplicates "/contact" declared at routes.json:22:15  duplicate-route',
    ])
      expect(remaining).toContain(finding);
    expect(remaining).toContain('✖ 4 problems (4 errors, 0 warnings)');

    expect(changedLines(before, textFiles(dir))).toEqual([
      {
        file: 'forms/contact.json',
        line: 7,
        before:
          '{ "name": "phone", "type": "tel", "label": "Phone", "hideWhen": { "field": "prefered", "equals": "email" } }',
        after:
          '{ "name": "phone", "type": "tel", "label": "Phone", "hideWhen": { "field": "preferred", "equals": "email" } }',
      },
      {
        file: 'menus/main.json',
        line: 5,
        before: '{ "label": "Contact", "url": "/contcat" }',
        after: '{ "label": "Contact", "url": "/contact" }',
      },
      {
        file: 'pages/about.json',
        line: 4,
        before:
          '{ "type": "heading", "props": { "title": "About us", "intro": { "$data": "data/strings.json#/about/intor" } } }',
        after:
          '{ "type": "heading", "props": { "title": "About us", "intro": { "$data": "data/strings.json#/about/intro" } } }',
      },
      {
        file: 'pages/home.json',
        line: 8,
        before: '"intro": "Read [about us](/abuot) first."',
        after: '"intro": "Read [about us](/about) first."',
      },
      { file: 'pages/home.json', line: 12, before: '"type": "faq-lst",', after: '"type": "faq-list",' },
      {
        file: 'pages/home.json',
        line: 15,
        before: '"faq": [{ "question": "Do you deliver?", "answer": "Yes, within 50 miles." }]',
        after: '"faqs": [{ "question": "Do you deliver?", "answer": "Yes, within 50 miles." }]',
      },
    ]);

    // A second run has nothing certain left to do and changes nothing.
    const again = textFiles(dir);
    const second = joinery('--site', dir, 'lint', '--fix');
    expect(second.code).toBe(1);
    expect(second.stdout).toContain('joinery: fixed 0 problems; remaining:');
    expect(textFiles(dir)).toEqual(again);
  });

  it('adds a route for an orphan page whose path is free; two such insertions at one place go one per pass', () => {
    const { dir, shown } = copyOf('orphan-page');
    writeFileSync(join(dir, 'pages', 'visit-us.json'), readFileSync(join(dir, 'pages', 'contact-us.json')));
    const r = joinery('--site', dir, 'lint', '--fix', '--format', 'json');
    // Machine formats keep stdout to the findings; the changes go to stderr.
    expect(JSON.parse(r.stdout).map((f: { file: string; ruleId: string }) => [f.ruleId, f.file])).toEqual([
      ['orphan-page', `${shown}/pages/team.json`],
    ]);
    expect(r.code).toBe(0); // a warning remains
    expect(r.stderr.split('\n')).toEqual([
      `${shown}/pages/contact-us.json:1:1 Add a route "/contact-us" for page "contact-us" to routes.json (orphan-page)`,
      `${shown}/pages/visit-us.json:1:1 skipped: Add a route "/visit-us" for page "visit-us" to routes.json overlaps another fix in routes.json (orphan-page)`,
      `${shown}/pages/visit-us.json:1:1 Add a route "/visit-us" for page "visit-us" to routes.json (orphan-page)`,
      'joinery: fixed 2 problems; remaining:',
      '',
    ]);
    const routes = JSON.parse(readFileSync(join(dir, 'routes.json'), 'utf8')).routes;
    expect(routes.map((x: { path: string }) => x.path)).toEqual([
      '/',
      '/about',
      '/team',
      '/contact-us',
      '/visit-us',
      '*',
    ]);
    expect(routes[3]).toEqual({
      path: '/contact-us',
      page: 'contact-us',
      title: 'Contact Us | Fixture Shop',
      description: 'Contact Us at Fixture Shop.',
      breadcrumbs: [
        { text: 'Home', url: '/' },
        { text: 'Contact Us', url: '/contact-us' },
      ],
    });
  });
  it("fixes a misspelled rule id in the site's joinery.config.json too", () => {
    const { dir, shown } = copyOf('lint-config');
    const r = joinery('--site', dir, 'lint', '--fix');
    expect(r.stdout).toContain(`${shown}/joinery.config.json:5:7 brokn-link -> broken-link (lint-config)`);
    const config = readFileSync(join(dir, 'joinery.config.json'), 'utf8');
    expect(config).toContain('"broken-link": "warning"');
    expect(config).not.toContain('brokn-link');
  });
});
