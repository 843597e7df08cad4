/**
 * Each rule against its broken fixture (tests/fixtures/<rule-id>*): which rule fired, where
 * (file, line, column: exact) and what it says. Each fixture breaks a copy of tests/fixtures/valid.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR, ROOT } from '../paths.ts';
import { rules } from './rules/index.ts';
import { lintSite } from './run.ts';

const FIXTURES = join(ROOT, 'tests', 'fixtures');
const findings = (fixture: string, opts: { fastOnly?: boolean } = {}) =>
  lintSite(join(FIXTURES, fixture), opts).findings.map(({ ruleId, file, line, column, message, fix }) => ({ ruleId, file, line, column, message, ...(fix && { fix }) }));

describe('lint rules', () => {
  it('lists every rule once, each with an id, a severity and a description', () => {
    expect(rules.map((r) => r.meta.code)).toEqual(['json-syntax', 'missing-file', 'schema', 'unknown-block', 'broken-link', 'duplicate-route', 'data-ref', 'form-field-ref', 'duplicate-field', 'field-options', 'submit-last-step', 'pricing', 'catalogue-integrity', 'data-query', 'image-dimensions', 'json-ld-flags', 'csp-host']);
    for (const r of rules) expect(r.meta.docs.description.length).toBeGreaterThan(10);
    expect(rules.filter((r) => r.fast).map((r) => r.meta.code)).toEqual(['json-syntax', 'missing-file']);
  });

  it('passes the valid fixture that the others break', () => {
    expect(findings('valid')).toEqual([]);
  });

  it('json-syntax: the parser message at the line and column of the error', () => {
    expect(findings('json-syntax')).toEqual([{ ruleId: 'json-syntax', file: 'pages/about.json', line: 4, column: 57, message: 'Comma expected' }]);
  });

  it("schema: a block prop outside the block's schema", () => {
    expect(findings('schema')).toEqual([
      { ruleId: 'schema', file: 'pages/about.json', line: 4, column: 67, message: 'block "heading": "props/level" must be one of 1, 2, 3' },
    ]);
  });

  it('unknown-block: a block type that is not registered, with the scaffold command', () => {
    expect(findings('unknown-block')).toEqual([
      { ruleId: 'unknown-block', file: 'pages/about.json', line: 5, column: 15, message: 'unknown block type "carousel"', fix: 'joinery new block carousel' },
    ]);
  });

  describe('missing-file', () => {
    it('a route whose page file is missing: the route, the expected path and `joinery new page`', () => {
      expect(findings('missing-file-page')).toEqual([
        {
          ruleId: 'missing-file',
          file: 'routes.json',
          line: 13,
          column: 15,
          message: 'route "/about": page file pages/about.json does not exist',
          fix: 'joinery new page about',
        },
      ]);
    });

    it('templates named by a page and by a route', () => {
      expect(findings('missing-file-template')).toEqual([
        { ruleId: 'missing-file', file: 'pages/about.json', line: 3, column: 15, message: 'page "about": template file templates/blog.json does not exist', fix: 'create templates/blog.json' },
        { ruleId: 'missing-file', file: 'routes.json', line: 8, column: 19, message: 'route "/": template file templates/landing.json does not exist', fix: 'create templates/landing.json' },
      ]);
    });

    it('a form named by a block prop, with `joinery new form`', () => {
      // Only the fast rules: no block of the fixture takes a "form" prop, so schema objects too.
      expect(findings('missing-file-form', { fastOnly: true })).toEqual([
        { ruleId: 'missing-file', file: 'pages/about.json', line: 4, column: 66, message: 'form "contact-us": file forms/contact-us.json does not exist', fix: 'joinery new form contact-us' },
      ]);
    });

    it('data and menu files behind $data, and a collection source', () => {
      expect(findings('missing-file-data')).toEqual([
        {
          ruleId: 'missing-file',
          file: 'pages/about.json',
          line: 7,
          column: 29,
          message: 'data file data/about.json does not exist (referenced by "data/about.json#/title")',
          fix: 'create data/about.json',
        },
        {
          ruleId: 'missing-file',
          file: 'pages/about.json',
          line: 8,
          column: 29,
          message: 'menu file menus/main.json does not exist (referenced by "menus/main.json#/items/0/label")',
          fix: 'create menus/main.json',
        },
        {
          ruleId: 'missing-file',
          file: 'routes.json',
          line: 30,
          column: 59,
          message: 'collection "/posts/{slug}": data file catalogs/posts.json does not exist',
          fix: 'create catalogs/posts.json',
        },
      ]);
    });

    it('local images in site.json and inside a text (an existing one passes)', () => {
      expect(findings('missing-file-asset')).toEqual([
        { ruleId: 'missing-file', file: 'pages/about.json', line: 8, column: 91, message: 'image "/images/shop.jpg": file images/shop.jpg does not exist', fix: 'add the image at images/shop.jpg' },
        { ruleId: 'missing-file', file: 'site.json', line: 6, column: 20, message: 'image "/images/logo.svg": file images/logo.svg does not exist', fix: 'add the image at images/logo.svg' },
      ]);
    });
  });

  it('broken-link: menus, links inside texts and breadcrumbs; query, hash, trailing slash, :params, /api, files and external links pass', () => {
    expect(findings('broken-link')).toEqual([
      { ruleId: 'broken-link', file: 'menus/main.json', line: 5, column: 34, message: 'link "/gallery" points to no route' },
      { ruleId: 'broken-link', file: 'menus/main.json', line: 12, column: 37, message: 'link "/styles/shaker" points to no route' },
      { ruleId: 'broken-link', file: 'pages/home.json', line: 8, column: 62, message: 'link "/warranty" in the text points to no route' },
      { ruleId: 'broken-link', file: 'routes.json', line: 18, column: 37, message: 'link "/company" points to no route' },
    ]);
  });

  it('duplicate-route: the second of two static routes, naming where the first is', () => {
    expect(findings('duplicate-route')).toEqual([
      { ruleId: 'duplicate-route', file: 'routes.json', line: 22, column: 15, message: 'route "/about/" duplicates "/about" declared at routes.json:12:15' },
    ]);
  });

  it('duplicate-route: collection items against a static route and against each other', () => {
    expect(findings('duplicate-route-collection')).toEqual([
      { ruleId: 'duplicate-route', file: 'routes.json', line: 35, column: 15, message: 'collection item 1 path "/styles/slab" duplicates "/styles/slab" declared at routes.json:22:15' },
      { ruleId: 'duplicate-route', file: 'routes.json', line: 35, column: 15, message: 'collection item 2 path "/styles/shaker" duplicates item 0 of the same collection' },
    ]);
  });

  describe('data-ref', () => {
    it('a reference to nothing in an existing file', () => {
      expect(findings('data-ref')).toEqual([
        {
          ruleId: 'data-ref',
          file: 'pages/about.json',
          line: 4,
          column: 57,
          message: '"data/strings.json#/about/title" does not resolve: nothing at "/about/title" in data/strings.json',
        },
      ]);
    });

    it('item references: checked against every item; an error on a page no collection uses', () => {
      expect(findings('data-ref-item')).toEqual([
        {
          ruleId: 'data-ref',
          file: 'pages/about.json',
          line: 4,
          column: 78,
          message: '"#/summary" refers to a collection item, but page "about" is not used by any collection route',
        },
        { ruleId: 'data-ref', file: 'pages/post.json', line: 4, column: 57, message: '"#/title" does not resolve for 1 of 2 collection items: /posts/second' },
      ]);
    });

    it('a collection source that is not a list of items', () => {
      expect(findings('data-ref-source')).toEqual([
        {
          ruleId: 'data-ref',
          file: 'routes.json',
          line: 30,
          column: 59,
          message: 'collection "/posts/{slug}": source "data/posts.json#/count" must point to an array or an object of items, found number',
        },
      ]);
    });
  });

  it('the shipped site-config has no errors', () => {
    const result = lintSite(DEFAULT_SITE_DIR);
    expect(result.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });
});
