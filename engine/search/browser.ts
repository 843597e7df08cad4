/** The search API for blocks (browser-safe): messages, and the lazily loaded site search. */
export {
  SEARCH_MIN_LENGTH,
  SEARCH_MIN_LENGTH_MESSAGE,
  SEARCH_NO_RESULTS_MESSAGE,
  isSearchable,
  searchMessage,
} from './messages.ts';
export { SEARCH_INDEX_URL } from './files.ts';
export { useSiteSearch, loadSiteSearch, type SiteSearch, type SearchFn } from './use-search-index.ts';
export type { SearchHit, SearchIndex, SearchDocKind, MatchField } from './types.ts';
