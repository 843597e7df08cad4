/** `joinery new` as a user runs it, on a temporary copy of a site. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';

const site = mkdtempSync(join(tmpdir(), 'joinery-new-cli-'));
cpSync(join(ROOT, 'tests', 'fixtures', 'valid'), site, { recursive: true });
afterAll(() => rmSync(site, { recursive: true, force: true }));

const joinery = (...args: string[]) => {
  const r = spawnSync(process.execPath, [join(ROOT, 'cli', 'bin.js'), '--site', site, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('joinery new', () => {
  it('new page promo: creates the page and its route; lint passes at once', () => {
    const r = joinery('new', 'page', 'promo');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `created ${join(site, 'pages', 'promo.json')}\nupdated ${join(site, 'routes.json')}\nroute /promo added; edit the page's blocks, title and description\n`,
    );
    expect(joinery('lint')).toMatchObject({ code: 0, stdout: '' });
  });

  it('usage errors exit 2 with one line: bad name, unknown kind, existing file', () => {
    expect(joinery('new', 'page', 'Promo')).toMatchObject({
      code: 2,
      stderr:
        'joinery: page name "Promo" must be kebab-case: lowercase letters and digits separated by single hyphens, starting with a letter (e.g. "spring-sale")\n',
    });
    expect(joinery('new', 'widget', 'promo')).toMatchObject({
      code: 2,
      stderr: 'joinery: cannot scaffold "widget": use joinery new page|form|block NAME\n',
    });
    expect(joinery('new', 'page', 'about')).toMatchObject({
      code: 2,
      stderr: `joinery: ${join(site, 'pages', 'about.json')} already exists; not overwriting\n`,
    });
  });
});
