/** The engine's Node-side API: content loading, validation, routes, page data, head. */
export {
  loadSite,
  fileValue,
  kindOf,
  pageFile,
  templateFile,
  NotASiteError,
  type Site,
} from './content/load-site.ts';
export {
  parseJsonFile,
  positionOf,
  type JsonFile,
} from './content/json-file.ts';
export { parsePointer, getAtPointer } from './content/json-pointer.ts';
export {
  resolveDataRefs,
  findDataRefs,
  isDataRef,
  parseDataRef,
} from './content/data-ref.ts';
export { isDataQuery } from './content/data-query.ts';
export {
  createValidator,
  type Validator,
} from './validate/validator.ts';
export {
  buildRouteTable,
  builtRoutes,
  matchPath,
} from './routes/route-table.ts';
export { buildPageData } from './page-data/build-page-data.ts';
export {
  withSchemaDefaults,
  type BlockBuild,
  type BlockContracts,
} from './blocks/contract.ts';
export * as jsonLd from './head/json-ld.ts';
export type * from './types.ts';
export type {
  ResolveContext,
  ResolveProps,
} from './prerender/resolve.ts';
export {
  withThumbnail,
  thumbnailResolverFromEnv,
  THUMBNAIL_RESOLVER_KEY,
} from './media/youtube-thumbnails.ts';
export { siteProductFacts } from './catalog/product-facts.ts';
export type { RoutesManifest } from './prerender/prerender.ts';
export { integrationHosts, HOST_KINDS, type IntegrationHostLists } from './content/integration-hosts.ts';
// The framework-free parts the server shares with the browser (the server never loads engine/index.ts:
// it carries React components and CSS modules).
import './commerce/shop-scope-node.ts';
export * from './commerce/index.ts';
export * from './forms/index.ts';
export { createNodeGeoSource, GEO_CACHE_LIMITS } from './forms/node.ts';
export { isReview, sortReviews, summarizeReviews, type Review } from './reviews/index.ts';
export { formatPrice } from './catalog/price.ts';
export { findFinish } from './catalog/finishes.ts';
export { indexSamples, type SampleEntry } from './catalog/samples.ts';
export type { ProductStylesFile } from './catalog/types.ts';
export { maxQuantityMessage } from './cart/constants.ts';
export { issuesToErrors, ROOT_ERROR_KEY } from './validate/issues.ts';
export { fillText } from './text/fill.ts';
export { escapeHtml } from './text/escape-html.ts';
export { NOTICE_SCRIPT } from './render/notice-script.ts';
export { SPECULATION_RULES } from './render/document.ts';
export { formHash } from './forms/hash-node.ts';
export { SANDBOX_TEST_CARDS } from './checkout/test-cards.ts';
