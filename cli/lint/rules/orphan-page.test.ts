/** orphan-page against tests/fixtures/orphan-page. */
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../testing.ts';

describe('orphan-page', () => {
  it('warns about page files no route uses; the route fix is certain only where the path is free', () => {
    expect(fixtureFindings('orphan-page', { keys: ['ruleId', 'severity', 'file', 'line', 'message', 'fix'] })).toEqual([
      {
        ruleId: 'orphan-page',
        severity: 'warning',
        file: 'pages/contact-us.json',
        line: 1,
        message: 'page "contact-us" is not used by any route or collection, so it is never built',
        fix: 'add a route "/contact-us" to routes.json (joinery lint --fix does)',
      },
      {
        ruleId: 'orphan-page',
        severity: 'warning',
        file: 'pages/team.json',
        line: 1,
        message: 'page "team" is not used by any route or collection, so it is never built',
        fix: 'add a route for it to routes.json',
      },
    ]);
    const [free, taken] = fixtureFindings('orphan-page', { keys: ['fixes'] }) as {
      fixes: { file: string; certain: boolean; edits: { content: string }[] }[];
    }[];
    expect(free!.fixes.map((f) => [f.file, f.certain])).toEqual([['routes.json', true]]);
    expect(free!.fixes[0]!.edits.map((e) => e.content).join('')).toContain(
      '"path": "/contact-us",\n      "page": "contact-us",\n      "title": "Contact Us | Fixture Shop"',
    );
    // "/team" is a route already (for another page): which path this page wants is the author's call.
    expect(taken!.fixes.map((f) => f.certain)).toEqual([false]);
  });

  it('a page a route, a collection or a reference uses is no orphan', () => {
    expect(fixtureFindings('valid', { ruleId: 'orphan-page' })).toEqual([]);
    expect(fixtureFindings('duplicate-route-collection', { ruleId: 'orphan-page' })).toEqual([]);
  });
});
