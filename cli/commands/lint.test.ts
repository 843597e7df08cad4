/** `joinery lint` and `joinery check` as a user runs them: a real process, its exit code and output. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';

const joinery = (...args: string[]) => {
  const r = spawnSync(process.execPath, [join(ROOT, 'cli', 'bin.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const fixture = (name: string) => join('tests', 'fixtures', name);

describe('joinery check', () => {
  it('exits 1 naming the route and the missing page file when a page file is deleted', () => {
    const r = joinery('--site', fixture('missing-file-page'), 'check');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('tests/fixtures/missing-file-page/routes.json');
    expect(r.stdout).toContain(
      '13:15  error    route "/about": page file pages/about.json does not exist  missing-file',
    );
    expect(r.stdout).toContain('fix: joinery new page about');
    // The stylish footer links each reported rule to its page.
    expect(r.stdout).toContain('Rule docs:\n  missing-file  docs/rules/missing-file.md');
  });

  it('exits 0 on a complete site, and runs only the missing-file rules', () => {
    expect(joinery('--site', fixture('valid'), 'check')).toMatchObject({ code: 0, stdout: '' });
    // A broken link is lint's business, not check's.
    expect(joinery('--site', fixture('broken-link'), 'check').code).toBe(0);
  });
});

describe('joinery lint', () => {
  it('exits 1 with findings, 0 on a clean site', () => {
    const r = joinery('--site', fixture('broken-link'), 'lint', '--format', 'github');
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(
      '::error file=tests/fixtures/broken-link/menus/main.json,line=5,col=34,title=broken-link::link "/gallery" points to no route',
    );
    expect(joinery('--site', fixture('valid'), 'lint').code).toBe(0);
  });

  it('--cache-location: a cold and a warm run print what a run without the cache prints, the cache file written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'joinery-cache-'));
    const cache = join(dir, 'lint.json');
    try {
      const plain = joinery('--site', fixture('ten-mistakes'), 'lint');
      expect(plain.code).toBe(1);
      const cold = joinery('--site', fixture('ten-mistakes'), 'lint', '--cache-location', cache);
      expect(JSON.parse(readFileSync(cache, 'utf8')).result.findings.length).toBeGreaterThan(5);
      const warm = joinery('--site', fixture('ten-mistakes'), 'lint', '--cache', '--cache-location', cache);
      for (const r of [cold, warm]) expect(r).toEqual(plain);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on a folder that is not a site: one line saying so, exit 2', () => {
    const r = joinery('--site', fixture('not-a-site'), 'lint');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'joinery: tests/fixtures/not-a-site is not a Joinery site: it has no site.json and no routes.json (choose the content folder with --site DIR)\n',
    );
    expect(r.stdout).toBe('');
  });

  it('on a folder that does not exist: exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'joinery-none-'));
    rmSync(dir, { recursive: true });
    const r = joinery('--site', dir, 'lint');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`joinery: ${dir} does not exist (choose the content folder with --site DIR)\n`);
  });

  it('usage errors exit 2: unknown format, bad --max-warnings', () => {
    expect(joinery('--site', fixture('valid'), 'lint', '--format', 'xml')).toMatchObject({
      code: 2,
      stderr: 'joinery: unknown format "xml" (use stylish, json, github, sarif)\n',
    });
    expect(joinery('--site', fixture('valid'), 'lint', '--max-warnings', 'many')).toMatchObject({
      code: 2,
      stderr: 'joinery: --max-warnings takes a whole number, got "many"\n',
    });
  });
});
