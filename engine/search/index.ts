/** Site search: a compact index built at build time and queried in the browser. Framework-free. */
export { buildSearchIndex, mergeSearchDocs, DISPLAY_DESCRIPTION_LENGTH } from './build-index.ts';
export { querySearch } from './query.ts';
export { normalizeSearchText } from './normalize.ts';
export {
  SEARCH_MIN_LENGTH,
  SEARCH_MIN_LENGTH_MESSAGE,
  SEARCH_NO_RESULTS_MESSAGE,
  isSearchable,
  searchMessage,
} from './messages.ts';
export { routeSearchDocs } from './route-docs.ts';
export { SEARCH_INDEX_URL } from './files.ts';
export type { SearchDoc, SearchDocKind, SearchHit, SearchIndex, IndexedDoc, MatchField } from './types.ts';
