/** image-unused against tests/fixtures/image-unused, and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

describe('image-unused', () => {
  it('warns at a photo no content names; a name written URL-encoded counts, and drawings are left alone', () => {
    expect(
      fixtureFindings('image-unused', { ruleId: 'image-unused', keys: ['file', 'line', 'column', 'message'] }),
    ).toEqual([
      {
        file: 'images/old/unused.png',
        line: 1,
        column: 1,
        message:
          'photo "/images/old/unused.png" is used by no page, block, data file or catalogue: delete it, or use it',
      },
    ]);
  });
});

describe('the shipped site', () => {
  it('has no unused photo', () => {
    expect(fixtureFindings(DEFAULT_SITE_DIR, { ruleId: 'image-unused' })).toEqual([]);
  });
});
