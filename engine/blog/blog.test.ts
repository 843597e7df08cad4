import { describe, expect, it } from 'vitest';
import {
  asBlogPosts,
  formatPublishDate,
  matchesBlogSearch,
  newestFirst,
  paginate,
  type BlogPostSummary,
} from './index.ts';

const post = (
  slug: string,
  title: string,
  author: string,
  publishDate = '2024-01-01',
  description = '',
): BlogPostSummary => ({
  slug,
  title,
  description,
  blogCategory: 'must-read',
  author: { id: author.toLowerCase().replace(/ /g, '-'), name: author },
  publishDate,
});

describe('blog search', () => {
  const p = post('a', 'Small Kitchens', 'Daniel Okafor', '2024-01-01', 'Ten layouts under 120 square feet.');
  it('matches title, description or author name, case-insensitively', () => {
    expect(matchesBlogSearch(p, 'KITCHENS')).toBe(true);
    expect(matchesBlogSearch(p, 'square FEET')).toBe(true);
    expect(matchesBlogSearch(p, 'daniel')).toBe(true);
    expect(matchesBlogSearch(p, '  okafor small ')).toBe(true); // every word, any field
    expect(matchesBlogSearch(p, 'bathroom')).toBe(false);
    expect(matchesBlogSearch(p, '   ')).toBe(true);
  });
  it('ignores accents', () => {
    expect(matchesBlogSearch(post('b', 'Crème colours', 'Zoë Park'), 'creme zoe')).toBe(true);
  });
});

describe('posts', () => {
  it('accepts only lists of well-formed posts', () => {
    expect(asBlogPosts([post('a', 'A', 'X')])).toHaveLength(1);
    expect(asBlogPosts('nope')).toBeNull();
    expect(asBlogPosts([{ ...post('a', 'A', 'X'), publishDate: 'yesterday' }])).toBeNull();
    expect(asBlogPosts([{ ...post('a', 'A', 'X'), author: { id: 'x' } }])).toBeNull();
  });
  it('sorts newest first and formats dates independent of the time zone', () => {
    expect(
      newestFirst([post('a', 'A', 'X', '2023-05-01'), post('b', 'B', 'X', '2024-02-12')]).map((p) => p.slug),
    ).toEqual(['b', 'a']);
    expect(formatPublishDate('2024-02-12')).toBe('February 12, 2024');
    expect(formatPublishDate('2024-13-45')).toBe('2024-13-45');
  });
  it('writes en-US dates as Intl does (without loading its locale data), other locales through Intl', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    for (const iso of [
      '2024-01-01',
      '2024-02-29',
      '2023-03-09',
      '1999-04-30',
      '2025-05-15',
      '2024-06-01',
      '2024-07-04',
      '2024-08-31',
      '2024-09-10',
      '2024-10-31',
      '2024-11-28',
      '2024-12-31',
    ])
      expect(formatPublishDate(iso), iso).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
    expect(formatPublishDate('2024-02-12', 'de-DE')).toBe('12. Februar 2024');
  });
  it('pages, clamping odd page numbers', () => {
    const items = [1, 2, 3, 4, 5, 6, 7];
    expect(paginate(items, '2', 3)).toEqual({ items: [4, 5, 6], page: 2, pageCount: 3 });
    expect(paginate(items, '9', 3).page).toBe(3);
    expect(paginate(items, 'x', 3).page).toBe(1);
    expect(paginate([], null, 3)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});
