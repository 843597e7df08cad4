/**
 * Search words: the index and the query go through the same functions, so matching ignores
 * case, accents (é = e), a plural "s" or "ies" (cabinets = cabinet, vanities = vanity) and
 * a few filler words. SKUs are only lower-cased.
 */
const MARKS = /[\u0300-\u036f]/g;
const STOP_WORDS = new Set(['a', 'an', 'and', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

const fold = (word: string) => word.normalize('NFKD').replace(MARKS, '').toLowerCase();

/** The singular of a plural noun ending in "ies" or "s" (not "ss", "us" or "is"); other words as they are. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The indexed form of a word of text, or null for a filler word. */
export function searchTerm(word: string): string | null {
  const w = fold(word);
  return w && !STOP_WORDS.has(w) ? singular(w) : null;
}

/** The indexed form of a SKU. */
export const skuTerm = (sku: string) => fold(sku.trim());

/** Typos forgiven in a word by its length: none up to 3 letters, one from 4, two from 8. */
export const typoEdits = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);
