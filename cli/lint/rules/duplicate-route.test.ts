/** duplicate-route against tests/fixtures/duplicate-route and duplicate-route-collection. */
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../testing.ts';

describe('duplicate-route', () => {
  it('the second of two static routes, naming where the first is', () => {
    expect(fixtureFindings('duplicate-route')).toEqual([
      {
        ruleId: 'duplicate-route',
        file: 'routes.json',
        line: 22,
        column: 15,
        message: 'route "/about/" duplicates "/about" declared at routes.json:12:15',
      },
    ]);
  });

  it('collection items against a static route and against each other', () => {
    expect(fixtureFindings('duplicate-route-collection')).toEqual([
      {
        ruleId: 'duplicate-route',
        file: 'routes.json',
        line: 35,
        column: 15,
        message: 'collection item 1 path "/styles/slab" duplicates "/styles/slab" declared at routes.json:22:15',
      },
      {
        ruleId: 'duplicate-route',
        file: 'routes.json',
        line: 35,
        column: 15,
        message: 'collection item 2 path "/styles/shaker" duplicates item 0 of the same collection',
      },
    ]);
  });
});
