/** The search API for blocks (browser-safe): messages, and the lazily loaded site search. */
export {
  SEARCH_MIN_LENGTH_MESSAGE,
  SEARCH_NO_RESULTS_MESSAGE,
  isSearchable,
} from './messages.ts';
export { useSiteSearch } from './use-search-index.ts';
