/** image-dimensions against tests/fixtures/image-dimensions, and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';
import { isImageSrc } from './image-dimensions.ts';

describe('image-dimensions', () => {
  it('warns about image objects without width or height; a missing local file is one missing-file error', () => {
    expect(
      fixtureFindings('image-dimensions', { keys: ['ruleId', 'severity', 'file', 'line', 'column', 'message'] }),
    ).toEqual([
      {
        ruleId: 'image-dimensions',
        severity: 'warning',
        file: 'data/team.json',
        line: 3,
        column: 33,
        message:
          'image "https://images.example.com/ana.jpg" has no width and height: give both so the page does not shift while it loads',
      },
      {
        ruleId: 'image-dimensions',
        severity: 'warning',
        file: 'pages/about.json',
        line: 10,
        column: 44,
        message:
          'image "/images/door.svg" has no width and height: give both so the page does not shift while it loads',
      },
      {
        ruleId: 'image-dimensions',
        severity: 'warning',
        file: 'pages/about.json',
        line: 11,
        column: 46,
        message: 'image "/images/navy.svg" has no height: give both so the page does not shift while it loads',
      },
      {
        ruleId: 'missing-file',
        severity: 'error',
        file: 'pages/about.json',
        line: 12,
        column: 56,
        message: 'image "/images/gone.svg": file images/gone.svg does not exist',
      },
    ]);
  });

  it('knows an image URL from a video or a document', () => {
    expect(['/images/a.svg', '/images/a.PNG?v=2', 'https://cdn.test/a.webp', '/images/generated/door']).toEqual(
      ['/images/a.svg', '/images/a.PNG?v=2', 'https://cdn.test/a.webp', '/images/generated/door'].filter(isImageSrc),
    );
    expect(['/videos/a.mp4', '/images/catalogs/c.pdf', 'https://youtu.be/x'].filter(isImageSrc)).toEqual([]);
  });
});

describe('the shipped site', () => {
  it('has no image without its size', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, { ruleId: 'image-dimensions' })).toEqual([]);
  });
});
