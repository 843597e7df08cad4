/**
 * The engine as `joinery lint` and the language server use it: content loading, JSON positions,
 * validation, routes and the few page, head and shipping facts the rules check. Each name comes
 * from its own module (not engine/node.ts), so a lint loads no forms, checkout or render code.
 */
export {
  loadSite,
  kindOf,
  pageFile,
  templateFile,
  formFile,
  menuFile,
  type Site,
} from './content/load-site.ts';
export { parseJsonFile, positionOf, positionAt, nodeAt, type JsonFile, type Position } from './content/json-file.ts';
export { parsePointer, getAtPointer } from './content/json-pointer.ts';
export {
  resolveDataRefsToRead,
  lookupDataRef,
  isDataRef,
  parseDataRef,
  DataRefError,
} from './content/data-ref.ts';
export { isDataQuery, queryProblems } from './content/data-query.ts';
export { createValidator, readSchemasDir, type Validator, type SchemaError } from './validate/validator.ts';
export { buildRouteTable, matchPath, RouteTableError, type RoutesFile } from './routes/route-table.ts';
export { publicSite } from './page-data/build-page-data.ts';
export { siteProductFacts } from './catalog/product-facts.ts';
export { isCanonicalRoute } from './prerender/sitemap.ts';
export { blogJsonLdFacts } from './head/json-ld-blog.ts';
export { youtubeId } from './ui/youtube.ts';
export { MAX_ORDER_ITEMS } from './cart/constants.ts';
export { shippingRate } from './commerce/shipping.ts';
export { deliveryDaysText, methodPriceText } from './commerce/shipping-text.ts';
export { toCents } from './commerce/money.ts';
export type { ShippingMethod } from './commerce/types.ts';
export type * from './types.ts';
