/** sitemap-canonical against tests/fixtures/sitemap-canonical, and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

describe('sitemap-canonical', () => {
  it('warns about "sitemap": true on a route whose canonical is another page', () => {
    // /about is its own canonical, /about-old has no sitemap flag: neither is reported.
    expect(
      fixtureFindings('sitemap-canonical', { keys: ['ruleId', 'severity', 'file', 'line', 'column', 'message'] }),
    ).toEqual([
      {
        ruleId: 'sitemap-canonical',
        severity: 'warning',
        file: 'routes.json',
        line: 25,
        column: 7,
        message:
          'route "/aboutus" has "sitemap": true, but its canonical is "/about": sitemap.xml lists canonical URLs only, so it is left out (remove "sitemap", or the canonical)',
      },
    ]);
  });
});

describe('the shipped site', () => {
  it('flags no duplicate page for the sitemap', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, { ruleId: 'sitemap-canonical' })).toEqual([]);
  });
});
