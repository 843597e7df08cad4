/**
 * The catalogue's rules against their fixtures (copies of tests/fixtures/valid, broken):
 * catalogue-integrity (a small broken catalogue) and data-query (a malformed listing query).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR, ROOT } from '../paths.ts';
import { lintSite } from './run.ts';

/** The findings of one rule (the fixtures may trip rules added later; those are not this test's). */
const findings = (dir: string, rule: string) =>
  lintSite(dir)
    .findings.filter((f) => f.ruleId === rule)
    .map(({ ruleId, file, line, column, message }) => ({ ruleId, file, line, column, message }));

describe('catalogue-integrity', () => {
  it('reports a finish without image, an unknown sample finish, a style without listing route and a duplicate sku, each where it is', () => {
    expect(findings(join(ROOT, 'tests', 'fixtures', 'catalogue-integrity'), 'catalogue-integrity')).toEqual([
      { ruleId: 'catalogue-integrity', file: 'catalogs/product-styles.json', line: 14, column: 13, message: 'finish "Sage" of style "Aspen White" has no image' },
      {
        ruleId: 'catalogue-integrity',
        file: 'catalogs/product-styles.json',
        line: 20,
        column: 70,
        message: 'sample "AW-SD-NAVY" names finish color=navy, which style "Aspen White" does not have',
      },
      {
        ruleId: 'catalogue-integrity',
        file: 'catalogs/product-styles.json',
        line: 27,
        column: 22,
        message: 'style "Black Coffee" is in "/products/kitchen-cabinets/outdoor-kitchens", which is not a route',
      },
      { ruleId: 'catalogue-integrity', file: 'catalogs/product-styles.json', line: 30, column: 28, message: 'sku "AW-SD" is also used at /styles/0/samples/0' },
    ]);
  });

  it('finds nothing in the Hearthline catalogue', () => {
    expect(findings(DEFAULT_SITE_DIR, 'catalogue-integrity')).toEqual([]);
  });
});

describe('data-query', () => {
  it('reports a query over something that is not a list, and a select that is not a path, at the query', () => {
    expect(findings(join(ROOT, 'tests', 'fixtures', 'data-query'), 'data-query')).toEqual([
      { ruleId: 'data-query', file: 'pages/about.json', line: 8, column: 30, message: 'block "listing": "$query.from" must be a list, found object' },
      { ruleId: 'data-query', file: 'pages/about.json', line: 8, column: 30, message: 'block "listing": "$query.select.url" must be a dotted path such as "images.0"' },
    ]);
  });
});
