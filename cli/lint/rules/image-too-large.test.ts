/** image-too-large against tests/fixtures/image-too-large (a 10 kB limit), and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

describe('image-too-large', () => {
  it("warns where the content names an original over site.json's images.maxOriginalBytes", () => {
    expect(
      fixtureFindings('image-too-large', { ruleId: 'image-too-large', keys: ['file', 'line', 'column', 'message'] }),
    ).toEqual([
      {
        file: 'pages/home.json',
        line: 4,
        column: 106,
        message:
          'original "/images/big.png" is 13 kB, over the 10 kB limit (site.json images.maxOriginalBytes): export it smaller',
      },
    ]);
  });
});

describe('the shipped site', () => {
  it('has no original over the default 20 MB', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, { ruleId: 'image-too-large' })).toEqual([]);
  });
});
