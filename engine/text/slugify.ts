/**
 * URL fragments for headings. Rich text gives its h2-h4 these ids and a table of contents links
 * to them, so both must come from here.
 */
import { plainText } from './markup.ts';

/** A URL fragment for a heading ("Paint vs. Stain: 5 Tips" -> "paint-vs-stain-5-tips"). */
export function slugify(text: string): string {
  return (
    plainText(text)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

/** Unique slugs within one text: the second "Paint vs. stain" becomes "paint-vs-stain-2". */
export function createSlugger(): (text: string) => string {
  const used = new Map<string, number>();
  return (text) => {
    const base = slugify(text);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
}
