/**
 * Search text normalisation: lower case, accents removed (é -> e), runs of white space and
 * control characters collapsed to one space. The index and the query go through the same
 * function, so matching is case- and accent-insensitive.
 */
const MARKS = /[\u0300-\u036f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters count as white space
const SPACE = /[\s\u0000-\u001f]+/g;

export function normalizeSearchText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(SPACE, ' ').trim();
}
