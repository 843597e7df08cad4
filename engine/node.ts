/** The engine's Node-side API: content loading, validation, routes, page data, head. */
export {
  loadSite,
  fileValue,
  kindOf,
  pageFile,
  templateFile,
  formFile,
  menuFile,
  NotASiteError,
  type Site,
} from './content/load-site.ts';
export {
  parseJsonFile,
  positionOf,
  positionAt,
  nodeAt,
  type JsonFile,
  type Position,
} from './content/json-file.ts';
export { parsePointer, getAtPointer } from './content/json-pointer.ts';
export {
  resolveDataRefs,
  findDataRefs,
  lookupDataRef,
  isDataRef,
  parseDataRef,
  DataRefError,
} from './content/data-ref.ts';
export { isDataQuery, queryProblems } from './content/data-query.ts';
export {
  createValidator,
  readSchemasDir,
  type Validator,
  type BlockSchemaSource,
  type SchemaError,
} from './validate/validator.ts';
export {
  buildRouteTable,
  builtRoutes,
  matchPath,
  RouteTableError,
  type RoutesFile,
} from './routes/route-table.ts';
export { buildPageData, publicSite } from './page-data/build-page-data.ts';
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
export { isCanonicalRoute } from './prerender/sitemap.ts';
export { blogJsonLdFacts } from './head/json-ld-blog.ts';
export { youtubeId } from './ui/youtube.ts';
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
