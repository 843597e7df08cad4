/** Search constants and messages; their texts are fixed, word for word. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MIN_LENGTH_MESSAGE = 'Please enter at least 3 characters to search.';
export const SEARCH_NO_RESULTS_MESSAGE = 'No results found';

/** True when the trimmed text is long enough to search (spec: at least 3 characters). */
export function isSearchable(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_LENGTH;
}

/**
 * The message to show for a search: the minimum-length message when the text is too short, the
 * no-results message when it found nothing, otherwise null.
 */
export function searchMessage(text: string, hitCount: number): string | null {
  if (!isSearchable(text)) return SEARCH_MIN_LENGTH_MESSAGE;
  return hitCount === 0 ? SEARCH_NO_RESULTS_MESSAGE : null;
}
