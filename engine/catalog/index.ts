/** Catalogue helpers: finishes, prices, sample cart items, integrity checks, search documents. */
export type * from './types.ts';
export { formatPrice, roundMoney } from './price.ts';
export { findFinish, defaultFinish, selectedFinish, finishQuery, type FinishRef } from './finishes.ts';
export {
  sampleCartItem,
  indexSamples,
  UnknownSampleFinishError,
  type SampleCartItem,
  type SampleEntry,
} from './samples.ts';
export {
  buildSampleData,
  resolveSampleLines,
  sampleSubtotal,
  SAMPLE_DATA_URL,
  type SampleData,
  type SampleDataStyle,
  type SampleRecord,
} from './sample-data.ts';
export {
  checkCatalogue,
  type CatalogueProblem,
  type CatalogueProblemCode,
  type CatalogueCheckOptions,
} from './integrity.ts';
export { styleSearchDocs } from './search-docs.ts';
export {
  catalogueUrls,
  catalogueUrlsOf,
  CatalogueRoutesError,
  STYLES_SOURCE,
  SUBCATEGORIES_SOURCE,
  type CatalogueUrls,
} from './urls.ts';
