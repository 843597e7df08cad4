import { describe, expect, it } from 'vitest';
import { didYouMeanText, editDistance, nearestNames } from './suggest.ts';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps as one edit', () => {
    expect(editDistance('faq-lst', 'faq-list')).toBe(1);
    expect(editDistance('hero-banner', 'hero-baner')).toBe(1);
    expect(editDistance('form', 'from')).toBe(1);
    expect(editDistance('kitchen', 'kitten')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('nearestNames', () => {
  const blocks = ['faq-list', 'hero-banner', 'rich-text', 'image-gallery', 'form'];
  it('finds the nearest known names first', () => {
    expect(nearestNames('faq-lst', blocks)).toEqual([{ name: 'faq-list', distance: 1 }]);
  });
  it('suggests nothing when no name is close', () => {
    expect(nearestNames('carousel', blocks)).toEqual([]);
  });
  it('allows more edits for longer names and keeps at most three', () => {
    const names = ['image-galery', 'image-gallery', 'image-gallerys', 'image-galleri', 'image-gallery2'];
    expect(nearestNames('image-gallary', names).map((n) => n.name)).toEqual([
      'image-gallery',
      'image-galery',
      'image-galleri',
    ]);
  });
});

describe('didYouMeanText', () => {
  it('lists the names for a message', () => {
    expect(didYouMeanText([])).toBe('');
    expect(didYouMeanText(['a'])).toBe(' (did you mean "a"?)');
    expect(didYouMeanText(['a', 'b', 'c'])).toBe(' (did you mean "a", "b" or "c"?)');
  });
});
