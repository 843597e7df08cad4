/** Catalogue helpers: finishes, prices, sample cart items, integrity checks, search documents. */
export type * from './types.ts';
export { formatPrice, roundMoney } from './price.ts';
export { findFinish, defaultFinish, selectedFinish, finishQuery } from './finishes.ts';
export {
  sampleCartItem,
  indexSamples,
  UnknownSampleFinishError,
} from './samples.ts';
export {
  buildSampleData,
  type SampleData,
} from './sample-data.ts';
export { checkCatalogue } from './integrity.ts';
export { styleSearchDocs } from './search-docs.ts';
export { catalogueUrls, catalogueUrlsOf } from './urls.ts';
