/** The editor form's labels: a written title, else the key in words; an array item's singular. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyInWords, labelOf, singularOf } from './labels.ts';

describe('editor labels', () => {
  it('words a prop key, with its acronyms and terse names spelled out', () => {
    expect(keyInWords('headingLevel')).toBe('Heading level');
    expect(keyInWords('slidesToShow')).toBe('Slides to show');
    expect(keyInWords('url')).toBe('URL');
    expect(keyInWords('processedUrls')).toBe('Processed URLs');
    expect(keyInWords('faqs')).toBe('FAQs');
    expect(keyInWords('src')).toBe('Source');
    expect(keyInWords('alt')).toBe('Alt text');
    expect(keyInWords('max_age-days')).toBe('Max age days');
    expect(keyInWords('containerId')).toBe('Container ID');
  });

  it('takes a title written for people, not one that names a type', () => {
    expect(labelOf('ratings', 'BannerRatings')).toBe('Ratings');
    expect(labelOf('advisor', 'Advisor')).toBe('Advisor');
    expect(labelOf('src', 'Image file')).toBe('Image file');
    expect(labelOf('headingLevel', undefined)).toBe('Heading level');
    expect(labelOf('headingLevel', ' ')).toBe('Heading level');
  });

  it('names an item by its list’s singular', () => {
    expect(singularOf('Slides')).toBe('Slide');
    expect(singularOf('Categories')).toBe('Category');
    expect(singularOf('Addresses')).toBe('Address');
    expect(singularOf('Finishes')).toBe('Finish');
    expect(singularOf('Sort options')).toBe('Sort option');
    expect(singularOf('Processed URLs')).toBe('Processed URL');
    expect(singularOf('FAQs')).toBe('FAQ');
    expect(singularOf('Status')).toBe('Status');
    expect(singularOf('Children')).toBe('Children');
  });

  it('words every prop key of every block: capitalised, no camelCase hump, no dash or underscore', () => {
    const blocks = resolve(import.meta.dirname, '../../../../blocks');
    const keys = new Set<string>();
    const walk = (s: unknown): void => {
      if (!s || typeof s !== 'object') return;
      const props = (s as { properties?: unknown }).properties;
      if (props && typeof props === 'object') for (const k of Object.keys(props)) keys.add(k);
      for (const v of Object.values(s)) walk(v);
    };
    for (const b of readdirSync(blocks))
      if (existsSync(join(blocks, b, 'schema.json')))
        walk(JSON.parse(readFileSync(join(blocks, b, 'schema.json'), 'utf8')));
    expect(keys.size).toBeGreaterThan(100);
    const unworded = [...keys].filter((k) => !/^[A-Z][^-_]*$/.test(keyInWords(k)) || /[a-z][A-Z]/.test(keyInWords(k)));
    expect(unworded).toEqual([]);
  });
});
