/** catalogue-integrity against tests/fixtures/catalogue-integrity (a small broken catalogue) and the shipped catalogue. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

const CATALOGUE = { ruleId: 'catalogue-integrity', keys: ['ruleId', 'file', 'line', 'column', 'message'] } as const;

describe('catalogue-integrity', () => {
  it('reports a finish without image, an unknown sample finish, a style without listing route and a duplicate sku, each where it is', () => {
    expect(fixtureFindings('catalogue-integrity', CATALOGUE)).toEqual([
      {
        ruleId: 'catalogue-integrity',
        file: 'catalogs/product-styles.json',
        line: 14,
        column: 13,
        message: 'finish "Sage" of style "Aspen White" has no image',
      },
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
      {
        ruleId: 'catalogue-integrity',
        file: 'catalogs/product-styles.json',
        line: 30,
        column: 28,
        message: 'sku "AW-SD" is also used at /styles/0/samples/0',
      },
    ]);
  });

  it('finds nothing in the Hearthline catalogue', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, CATALOGUE)).toEqual([]);
  });
});
