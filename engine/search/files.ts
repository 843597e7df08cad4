/** Where the build writes the search index (under dist/site) and the browser fetches it. */
export const SEARCH_INDEX_URL = '/data/search-index.json';
