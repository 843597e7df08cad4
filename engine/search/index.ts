/** Site search: the index made at build time (documents and MiniSearch word index), queried in the browser. Framework-free. */
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
