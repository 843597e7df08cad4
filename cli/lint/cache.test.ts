/**
 * `joinery lint --cache`: a warm run reports what a full lint reports; an edit of a file a rule
 * reads, a changed configuration and a changed rule set each invalidate what they can change.
 * Findings kept from the cache are told apart by a mark written into the cache file.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';
import { lintWithCache, ruleSetVersion, ruleSourceFiles } from './cache.ts';
import { rules } from './rules/index.ts';
import { lintSite } from './run.ts';
import type { Finding } from '../../engine/node.ts';

const KEPT = ' (kept)';
let tmp: string;
let site: string;
let cacheFile: string;

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'joinery-lint-cache-'));
  site = join(tmp, 'site');
  cacheFile = join(tmp, 'cache', 'lint.json');
  cpSync(join(ROOT, 'tests', 'fixtures', 'ten-mistakes'), site, { recursive: true });
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

/** Marks every finding kept in the cache file (its state and its last result). */
function markCache() {
  const c = JSON.parse(readFileSync(cacheFile, 'utf8'));
  const mark = (fs: Finding[]) => {
    for (const f of fs) f.message += KEPT;
  };
  mark(c.result.findings);
  for (const r of Object.values(c.state.found) as { site: Finding[]; files: Record<string, Finding[]> }[]) {
    mark(r.site);
    for (const fs of Object.values(r.files)) mark(fs);
  }
  writeFileSync(cacheFile, JSON.stringify(c));
}

const unmarked = (fs: Finding[]) => fs.map((f) => ({ ...f, message: f.message.replace(KEPT, '') }));
const kept = (fs: Finding[]) => fs.filter((f) => f.message.endsWith(KEPT)).map((f) => `${f.ruleId} ${f.file}`);
const edit = (rel: string, from: string, to: string) => {
  const abs = join(site, rel);
  writeFileSync(abs, readFileSync(abs, 'utf8').replace(from, to));
};

describe('lint --cache', () => {
  it('a warm run reports the findings of a full lint, from the cache', async () => {
    const cold = await lintWithCache(site, { cacheFile });
    expect(cold).toMatchObject({ hit: false });
    expect(cold.result).toEqual(lintSite(site));
    expect(cold.rules.map((r) => r.code)).toEqual(rules.map((r) => r.meta.code));
    const warm = await lintWithCache(site, { cacheFile });
    expect(warm).toMatchObject({ hit: true, changed: 0 });
    expect(warm.result).toEqual(cold.result);
    expect(warm.rules).toEqual(cold.rules);
    markCache();
    const marked = await lintWithCache(site, { cacheFile });
    expect(kept(marked.result.findings)).toHaveLength(cold.result.findings.length);
  });

  it('an edit of a file a rule reads re-runs that rule where it reads it, and keeps the rest', async () => {
    await lintWithCache(site, { cacheFile });
    markCache();
    // pages/about.json names data/strings.json#/about/intor: the data file gets the key.
    edit('data/strings.json', '"intro"', '"intor": "Since 1987.", "intro"');
    const after = await lintWithCache(site, { cacheFile });
    expect(after).toMatchObject({ hit: false, changed: 1 });
    expect(unmarked(after.result.findings)).toEqual(lintSite(site).findings);
    expect(after.result.findings.some((f) => f.ruleId === 'data-ref')).toBe(false);
    // What reads neither the data file nor anything it changed is kept.
    expect(kept(after.result.findings)).toEqual(
      expect.arrayContaining([
        'form-field-ref forms/contact.json',
        'unknown-block pages/home.json',
        'json-syntax pages/visit.json',
      ]),
    );
    // An edit of the page itself re-checks the page.
    edit('pages/home.json', '"faq-lst"', '"faq-list"');
    const again = await lintWithCache(site, { cacheFile });
    expect(unmarked(again.result.findings)).toEqual(lintSite(site).findings);
    expect(kept(again.result.findings)).not.toContain('unknown-block pages/home.json');
  });

  it('a changed rule configuration, an added file and a changed image folder run every rule', async () => {
    await lintWithCache(site, { cacheFile });
    markCache();
    writeFileSync(join(site, 'joinery.config.json'), JSON.stringify({ lint: { rules: { 'broken-link': 'off' } } }));
    const configured = await lintWithCache(site, { cacheFile });
    expect(kept(configured.result.findings)).toEqual([]);
    expect(configured.result).toEqual(lintSite(site));
    expect(configured.result.findings.some((f) => f.ruleId === 'broken-link')).toBe(false);

    markCache();
    writeFileSync(join(site, 'pages', 'extra.json'), '{ "blocks": [] }');
    const added = await lintWithCache(site, { cacheFile });
    expect(kept(added.result.findings)).toEqual([]);
    expect(added.result).toEqual(lintSite(site));

    markCache();
    mkdirSync(join(site, 'images'), { recursive: true });
    writeFileSync(join(site, 'images', 'oak-dor.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const imaged = await lintWithCache(site, { cacheFile });
    expect(kept(imaged.result.findings)).toEqual([]);
    expect(imaged.result).toEqual(lintSite(site));
  });

  it('a changed rule set (its version) runs every rule', async () => {
    await lintWithCache(site, { cacheFile, version: 'a' });
    markCache();
    expect(kept((await lintWithCache(site, { cacheFile, version: 'a' })).result.findings).length).toBeGreaterThan(0);
    const changed = await lintWithCache(site, { cacheFile, version: 'b' });
    expect(changed).toMatchObject({ hit: false });
    expect(kept(changed.result.findings)).toEqual([]);
    expect(changed.result).toEqual(lintSite(site));
  });

  it("the rule set's version hashes every rule's source and the package version, not the tests", () => {
    const files = ruleSourceFiles();
    for (const r of rules) expect(files).toContain(join(ROOT, 'cli', 'lint', 'rules', `${r.meta.code}.ts`));
    expect(files).toContain(join(ROOT, 'cli', 'lint', 'incremental.ts'));
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);

    const root = join(tmp, 'project');
    mkdirSync(join(root, 'cli', 'lint', 'rules'), { recursive: true });
    writeFileSync(join(root, 'package.json'), '{ "version": "1.0.0" }');
    writeFileSync(join(root, 'cli', 'lint', 'rules', 'a.ts'), 'export const a = 1;');
    writeFileSync(join(root, 'cli', 'lint', 'rules', 'a.test.ts'), 'test');
    const v1 = ruleSetVersion(root);
    writeFileSync(join(root, 'cli', 'lint', 'rules', 'a.test.ts'), 'another test');
    expect(ruleSetVersion(root)).toBe(v1);
    writeFileSync(join(root, 'cli', 'lint', 'rules', 'a.ts'), 'export const a = 2;');
    const v2 = ruleSetVersion(root);
    expect(v2).not.toBe(v1);
    writeFileSync(join(root, 'package.json'), '{ "version": "1.0.1" }');
    expect(ruleSetVersion(root)).not.toBe(v2);
  });
});
