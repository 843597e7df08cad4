/** processed-urls against tests/fixtures/processed-urls, and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

describe('processed-urls', () => {
  it("warns about a photo's hand-written sizes and a copy of the image's own src; keeps an SVG's other file", () => {
    expect(
      fixtureFindings('processed-urls', { ruleId: 'processed-urls', keys: ['severity', 'file', 'line', 'message'] }),
    ).toEqual([
      {
        severity: 'warning',
        file: 'data/finishes.json',
        line: 3,
        message: 'processedUrls.thumbnail can go: the build makes it from the photo "/images/oak.jpg"',
      },
      {
        severity: 'warning',
        file: 'data/finishes.json',
        line: 4,
        message: `processedUrls.thumbnail can go: it repeats the image's src "/images/door.svg", which is used without it`,
      },
    ]);
  });
});

describe('the shipped site', () => {
  it('writes no processedUrls the build or the engine makes', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, { ruleId: 'processed-urls' })).toEqual([]);
  });
});
