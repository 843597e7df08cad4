/**
 * Checkout rules shared by the checkout page and the server (browser-safe, framework-free):
 * messages, field rules and zod/mini schemas, money, shipping and tax from the site's tables,
 * order totals, payment status mapping. The server is the authority for every amount; the page
 * uses these to validate as the shopper types and to label what the server computed.
 */
export * from './messages.ts';
export * as checkoutRules from './rules.ts';
export { expiryYears, EXPIRY_MONTHS } from './rules.ts';
export * from './checkout-schema.ts';
export { rowIdOf } from './row-id.ts';
export {
  currentShop,
  withShop,
  shipsTo,
  shopRulesOf,
  ShopRulesError,
  type ShopRules,
} from './shop.ts';
// formatPrice and roundMoney: engine/catalog (the engine's public face exports them once).
export { toCents, fromCents, sumMoney } from './money.ts';
export { US, US_STATES } from './us-states.ts';
export type { Location as MatchLocation } from './location-match.ts';
export { shippingQuotes, type ShippingQuote } from './shipping.ts';
export { deliveryDaysText, methodPriceText } from './shipping-text.ts';
export { taxPercentFor, shippingTax } from './tax.ts';
export { lineFigures, orderTotals, type LineFigures, type OrderTotals } from './totals.ts';
export * from './payment-status.ts';
export type * from './types.ts';
export { QUOTE_MESSAGES, QUOTE_ERROR_TYPES } from './quote-messages.ts';
export type { AddressView, QuoteView, QuoteAddressView } from './quote-view.ts';
