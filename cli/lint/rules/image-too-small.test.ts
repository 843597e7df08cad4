/** image-too-small against tests/fixtures/image-too-small, and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

describe('image-too-small', () => {
  it("warns where a photo is narrower than its block's widest slot, through $data and after EXIF rotation", () => {
    expect(
      fixtureFindings('image-too-small', { ruleId: 'image-too-small', keys: ['file', 'line', 'column', 'message'] }),
    ).toEqual([
      {
        file: 'data/rooms.json',
        line: 3,
        column: 63,
        message:
          'photo "/images/small.jpg" is 400 px wide, but the link-cards block shows it up to 1534 px wide: it will look soft; use an original at least 1534 px wide',
      },
      {
        // Stored 300 px wide, upright 1,600: a full-width banner needs the pipeline's widest, 2,000.
        file: 'pages/home.json',
        line: 11,
        column: 35,
        message:
          'photo "/images/turned.jpg" is 1600 px wide, but the banner block shows it up to 2000 px wide: it will look soft; use an original at least 2000 px wide',
      },
      {
        file: 'pages/home.json',
        line: 24,
        column: 27,
        message:
          'photo "/images/small.jpg" is 400 px wide, but the text-media block shows it up to 1920 px wide: it will look soft; use an original at least 1920 px wide',
      },
    ]);
  });
});

describe('the shipped site', () => {
  it('has no photo too small for its slot', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, { ruleId: 'image-too-small' })).toEqual([]);
  });
});
