/** The engine's Node-side API: content loading, validation, routes, page data, head. */
export {
  loadSite,
  valueOf,
  kindOf,
  pageFile,
  templateFile,
  formFile,
  menuFile,
  NotASiteError,
  type Site,
  type ContentKind,
} from './content/load-site.ts';
export {
  parseJsonFile,
  positionOf,
  positionAt,
  nodeAt,
  offsetToPosition,
  type JsonFile,
  type Position,
} from './content/json-file.ts';
export { parsePointer, formatPointer, getAtPointer } from './content/json-pointer.ts';
export {
  resolveDataRefs,
  findDataRefs,
  lookupDataRef,
  isDataRef,
  parseDataRef,
  DataRefError,
} from './content/data-ref.ts';
export { isDataQuery, runDataQuery, queryProblems, pickPath, type DataQuery } from './content/data-query.ts';
export {
  createValidator,
  readSchemasDir,
  type Validator,
  type SchemaError,
  type BlockSchemaSource,
} from './validate/validator.ts';
export {
  buildRouteTable,
  builtRoutes,
  matchPath,
  fillTemplate,
  isDynamicPath,
  RouteTableError,
  type RoutesFile,
} from './routes/route-table.ts';
export {
  buildPageData,
  publicSite,
  PageBuildError,
  type SiteFile,
  type PageDataOptions,
} from './page-data/build-page-data.ts';
export { buildHead, collectFromBlocks } from './head/head.ts';
export * as jsonLd from './head/json-ld.ts';
export type * from './types.ts';
export {
  resolveBlockProps,
  createResolveState,
  type BlockResolvers,
  type ResolveContext,
  type ResolveProps,
} from './prerender/resolve.ts';
export {
  createThumbnailResolver,
  withThumbnail,
  thumbnailResolverFromEnv,
  THUMBNAIL_RESOLVER_KEY,
  type ThumbnailResolver,
} from './media/youtube-thumbnails.ts';
export {
  siteProductFacts,
  productFacts,
  isStyle,
  type ProductFactsOptions,
  type ReviewRecord,
} from './catalog/product-facts.ts';
export type { RoutesManifest } from './prerender/prerender.ts';
export { integrationHosts, HOST_KINDS, type IntegrationHostLists } from './content/integration-hosts.ts';
// The framework-free parts the server shares with the browser (the server never loads engine/index.ts:
// it carries React components and CSS modules).
export * from './commerce/index.ts';
export * from './forms/index.ts';
export { createNodeGeoSource, GEO_CACHE_LIMITS } from './forms/node.ts';
// Both commerce and forms have a toCents; the server means the order's money.
export { toCents } from './commerce/money.ts';
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
