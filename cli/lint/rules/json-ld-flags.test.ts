/** json-ld-flags against tests/fixtures/json-ld-flags, and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

describe('json-ld-flags', () => {
  it('warns about a faq or video flag whose page has no block to build it from', () => {
    // /faqs (faqs through $data) and /videos have theirs; /about has neither.
    expect(
      fixtureFindings('json-ld-flags', { keys: ['ruleId', 'severity', 'file', 'line', 'column', 'message'] }),
    ).toEqual([
      {
        ruleId: 'json-ld-flags',
        severity: 'warning',
        file: 'routes.json',
        line: 16,
        column: 20,
        message:
          'route "/about" has the faq schema on, but page "about" has no block with "faqs": no FAQPage structured data is emitted',
      },
      {
        ruleId: 'json-ld-flags',
        severity: 'warning',
        file: 'routes.json',
        line: 16,
        column: 50,
        message:
          'route "/about" has the video schema on, but page "about" has no block with "videos": no VideoObject structured data is emitted',
      },
    ]);
  });
});

describe('the shipped site', () => {
  it('has no structured-data flag without its block', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, { ruleId: 'json-ld-flags' })).toEqual([]);
  });
});
