/** image-aspect against tests/fixtures/image-aspect, and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

describe('image-aspect', () => {
  it('warns where a slot with an aspect crops a photo to under half of its width or height', () => {
    // card.jpg is 4:3 as the slot; text-media declares no aspect, so wide.jpg is reported once.
    expect(
      fixtureFindings('image-aspect', { ruleId: 'image-aspect', keys: ['file', 'line', 'column', 'message'] }),
    ).toEqual([
      {
        file: 'pages/home.json',
        line: 10,
        column: 20,
        message:
          'photo "/images/wide.jpg" is 400x100, but the image-cards block crops it to 4/3: the crop keeps 33% of its width; use a photo nearer 4/3',
      },
      {
        file: 'pages/home.json',
        line: 11,
        column: 20,
        message:
          'photo "/images/tall.jpg" is 200x400, but the image-cards block crops it to 4/3: the crop keeps 38% of its height; use a photo nearer 4/3',
      },
    ]);
  });
});

describe('the shipped site', () => {
  it('has no photo cropped too much', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, { ruleId: 'image-aspect' })).toEqual([]);
  });
});
