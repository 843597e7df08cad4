/**
 * Checkout rules shared by the checkout page and the server (browser-safe, framework-free):
 * messages, field rules and zod/mini schemas, money, shipping and tax from the site's tables,
 * order totals, payment status mapping. The server is the authority for every amount; the page
 * uses these to validate as the shopper types and to label what the server computed.
 */
export * from './messages.ts';
export * as checkoutRules from './rules.ts';
export { expiryYears, EXPIRY_MONTHS, type Rule } from './rules.ts';
export * from './checkout-schema.ts';
export { MAX_ROW_ID, rowIdOf } from './row-id.ts';
export {
  currentShop,
  setCurrentShop,
  shipsTo,
  shopRulesOf,
  cartTtlMs,
  ShopRulesError,
  type ShopRules,
  type ShopCountry,
} from './shop.ts';
// formatPrice and roundMoney: engine/catalog (the engine's public face exports them once).
export { ORDER_CURRENCY, toCents, fromCents, sumMoney, percentOf } from './money.ts';
export { US, US_STATES, isUsState } from './us-states.ts';
export {
  bestMatch,
  matchScore,
  zipScore,
  type Location as MatchLocation,
  type LocationEntry,
} from './location-match.ts';
export { shippingQuotes, shippingRate, type ShippingQuote, type ShippingCart } from './shipping.ts';
export { taxPercentFor, itemTax, shippingTax } from './tax.ts';
export { lineFigures, orderTotals, type LineFigures, type OrderTotals, type PricedLine } from './totals.ts';
export * from './payment-status.ts';
export type * from './types.ts';
export { QUOTE_MESSAGES, QUOTE_ERROR_TYPES } from './quote-messages.ts';
export type { AddressView, QuoteView, QuoteAddressView, QuoteItemView } from './quote-view.ts';
