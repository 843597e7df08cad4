/** json-ld-flags against tests/fixtures/json-ld-flags, and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

describe('json-ld-flags', () => {
  it('warns about a flag whose page type lacks the data of a required property', () => {
    // /faqs (faqs through $data) has its FAQs; /videos has its video but not its upload date;
    // /about has neither block; /visit has no address; /journal is no post, has no blog data and
    // no breadcrumbs; the items are not catalogue styles.
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
      {
        ruleId: 'json-ld-flags',
        severity: 'warning',
        file: 'routes.json',
        line: 30,
        column: 20,
        message:
          'route "/videos" has the video schema on, but video "Install" has no uploadDate, which VideoObject requires',
      },
      {
        ruleId: 'json-ld-flags',
        severity: 'warning',
        file: 'routes.json',
        line: 37,
        column: 20,
        message:
          'route "/visit" has the localBusiness schema on, but site.json has no organization.address, which LocalBusiness requires: no address is emitted',
      },
      {
        ruleId: 'json-ld-flags',
        severity: 'warning',
        file: 'routes.json',
        line: 44,
        column: 20,
        message:
          'route "/journal" has the article schema on, but "/journal" is not a post of data/blogs.json: no BlogPosting structured data is emitted',
      },
      {
        ruleId: 'json-ld-flags',
        severity: 'warning',
        file: 'routes.json',
        line: 44,
        column: 54,
        message:
          'route "/journal" has the blog schema on, but data/blogs.json has no posts for it (or routes.json no blog collections): no Blog structured data is emitted',
      },
      {
        ruleId: 'json-ld-flags',
        severity: 'warning',
        file: 'routes.json',
        line: 44,
        column: 85,
        message:
          'route "/journal" has the breadcrumb schema on, but it has no breadcrumbs: no BreadcrumbList structured data is emitted',
      },
      {
        ruleId: 'json-ld-flags',
        severity: 'warning',
        file: 'routes.json',
        line: 62,
        column: 20,
        message:
          'collection "/items/{slug}" has the product schema on, but "/items/gift-card" is not a catalogue style: no Product structured data is emitted',
      },
    ]);
  });
});

describe('the shipped site', () => {
  it('has no structured-data flag without its block', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, { ruleId: 'json-ld-flags' })).toEqual([]);
  });
});
