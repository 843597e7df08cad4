/**
 * The incremental lint gives exactly a full lint's findings after every edit: for each lint
 * fixture (the valid site broken one way), each file that differs is edited in, one at a time,
 * into the valid site loaded in the fixture's folder, then each is edited back; after every edit
 * the findings equal those of a full lint of a fresh parse of the same texts. And an edit re-runs
 * only what it touches.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite, parseJsonFile, type JsonFile, type Site } from '../../engine/node.ts';
import { DEFAULT_SITE_DIR, ROOT } from '../paths.ts';
import { IncrementalLint } from './incremental.ts';
import type { Rule } from './rule.ts';
import { rules } from './rules/index.ts';
import { lintLoadedSite } from './run.ts';

const FIXTURES = join(ROOT, 'tests', 'fixtures');
const isSite = (dir: string) => existsSync(join(dir, 'site.json')) && existsSync(join(dir, 'routes.json'));
const fixtures = readdirSync(FIXTURES).filter((d) => d !== 'valid' && isSite(join(FIXTURES, d)));
const valid = loadSite(join(FIXTURES, 'valid'));
/** The rules whose findings the edits brought out. */
const foundRules = new Set<string>();

/** The texts as parsed afresh in `dir` (no memo or cache shared with the incremental lint). */
const reparse = (dir: string, files: Map<string, JsonFile>): Site => ({
  dir,
  files: new Map([...files].map(([rel, f]) => [rel, parseJsonFile(rel, join(dir, rel), f.text)])),
});

describe('incremental lint', () => {
  it.each(fixtures)('%s: each edit between the valid site and the fixture lints as a full lint does', (name) => {
    const dir = join(FIXTURES, name);
    const broken = loadSite(dir);
    const clean = reparse(dir, valid.files);
    const site = reparse(dir, clean.files);
    const lint = new IncrementalLint(site);
    const full = () => lintLoadedSite(reparse(dir, site.files));
    expect(lint.lint()).toEqual(full());

    const rels = [...new Set([...clean.files.keys(), ...broken.files.keys()])].filter(
      (rel) => clean.files.get(rel)?.text !== broken.files.get(rel)?.text,
    );
    // A fixture of the rule configuration differs in joinery.config.json alone (read from the folder).
    expect(rels.length || existsSync(join(dir, 'joinery.config.json'))).toBeTruthy();
    const put = (rel: string, from: Site) => {
      const f = from.files.get(rel);
      if (f) site.files.set(rel, parseJsonFile(rel, join(dir, rel), f.text));
      else site.files.delete(rel);
      const result = lint.lint([rel]);
      expect(result).toEqual(full());
      return result;
    };
    for (const rel of rels) put(rel, broken);
    const found = lint.lint([]).findings;
    expect(found.length).toBeGreaterThan(0); // the fixture's mistake is found
    for (const f of found) foundRules.add(f.ruleId);
    for (const rel of rels) put(rel, clean);
  });

  it('the shipped site: edits of each kind of file one after another, then undone at once, lint as a full lint does', () => {
    const site = loadSite(DEFAULT_SITE_DIR);
    const lint = new IncrementalLint(site);
    const full = () => lintLoadedSite(reparse(DEFAULT_SITE_DIR, site.files));
    expect(lint.lint()).toEqual(full());
    const edits: [rel: string, from: string, to: string][] = [
      ['pages/blog-category.json', '"#/banner"', '"#/bannr"'], // an item reference
      ['templates/blog.json', '"menus/main.json#/items"', '"menus/main.json#/itemz"'],
      ['menus/main.json', '"items"', '"itemz"'], // read by templates through references
      ['catalogs/product-styles.json', '"slug": "aw"', '"slug": "awx"'], // a collection's source
      ['routes.json', '"path": "/about-us"', '"path": "/"'],
      ['site.json', '{', '{ "extra": 1,'],
      ['pages/about-us.json', '"blocks": [', '"blocks": [['], // a syntax error
    ];
    const set = (rel: string, text: string) => {
      site.files.set(rel, parseJsonFile(rel, join(DEFAULT_SITE_DIR, rel), text));
      expect(lint.lint([rel])).toEqual(full());
    };
    const texts = new Map(edits.map(([rel]) => [rel, site.files.get(rel)!.text]));
    for (const [rel, from, to] of edits) {
      expect(texts.get(rel)).toContain(from);
      set(rel, texts.get(rel)!.replace(from, to));
    }
    expect(lint.lint([]).errors).toBeGreaterThan(edits.length);
    // Undone all at once.
    for (const [rel, text] of texts) site.files.set(rel, parseJsonFile(rel, join(DEFAULT_SITE_DIR, rel), text));
    const undone = lint.lint(texts.keys());
    expect(undone).toEqual(full());
    expect(undone.errors).toBe(0);
  }, 90_000);

  it('has found the findings of every rule on the way', () => {
    expect(fixtures.length).toBeGreaterThan(30);
    // block-migration needs a fixture block's migrations (JOINERY_BLOCKS_DIR), not a site fixture:
    // it reads only its file (checkFile), and cli/content-migrations/run.test.ts lints its fixture.
    const needsBlocks = new Set(['block-migration']);
    expect(rules.map((r) => r.meta.code).filter((id) => !foundRules.has(id) && !needsBlocks.has(id))).toEqual([]);
  });

  it('re-runs, after an edit of one page, the per-file checks on that page alone and the cross-file checks that read pages', () => {
    const site = loadSite(DEFAULT_SITE_DIR);
    const calls: string[] = [];
    const counted = rules.map(
      (r): Rule => ({
        ...r,
        ...(r.check && {
          check: (ctx) => {
            calls.push(r.meta.code);
            r.check!(ctx);
          },
        }),
        ...(r.checkFile && {
          checkFile: (ctx, f) => {
            calls.push(`${r.meta.code} ${f.rel}`);
            r.checkFile!(ctx, f);
          },
        }),
      }),
    );
    const lint = new IncrementalLint(site, { rules: counted });
    lint.lint();
    expect(calls.length).toBeGreaterThan(site.files.size * 10);
    const rel = 'pages/about-us.json';
    const text = site.files.get(rel)!.text.replace('"blocks"', '"template": "nowhere",\n  "blocks"');
    site.files.set(rel, parseJsonFile(rel, join(DEFAULT_SITE_DIR, rel), text));
    calls.length = 0;
    const { findings } = lint.lint([rel]);
    expect(findings.filter((f) => f.file === rel).map((f) => f.ruleId)).toContain('missing-file');
    // Cross-file checks that read pages (or every file) run again; those that do not are kept.
    expect(calls.filter((c) => !c.includes(' ')).sort()).toEqual(
      ['csp-host', 'data-ref', 'image-aspect', 'image-too-small', 'image-unused', 'missing-file', 'orphan-page'].sort(),
    );
    // Per-file checks run on the page alone.
    expect(calls.filter((c) => c.includes(' ') && !c.endsWith(` ${rel}`))).toEqual([]);
    expect(calls.filter((c) => c.endsWith(` ${rel}`)).length).toBe(rules.filter((r) => r.checkFile).length);
  });
});
