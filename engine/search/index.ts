/** Site search: the documents gathered at build time, indexed and queried in the browser. Framework-free. */
export { buildSearchIndex, mergeSearchDocs } from './build-index.ts';
export { openSearch, querySearch } from './query.ts';
export {
  SEARCH_MIN_LENGTH,
  SEARCH_MIN_LENGTH_MESSAGE,
  SEARCH_NO_RESULTS_MESSAGE,
  searchMessage,
} from './messages.ts';
export { routeSearchDocs } from './route-docs.ts';
export type { SearchDoc, SearchIndex } from './types.ts';
