/**
 * The browser side of paying, shared by the checkout and the quote payment page: the client of
 * the shop's checkout API and the order it keeps between attempts, the checkout form's values and
 * checks, the card fields, and the gateways' scripts (sandbox tokenizer, Accept.js, Stripe's
 * fields). The server decides every amount and state; these only collect and show.
 */
import { lazy } from 'react';

export {
  callApi,
  checkoutKey,
  forgetCheckoutKey,
  defaultPaymentMethod,
  enabledMethods,
  readPendingOrder,
  storePendingOrder,
  storeOrderNumber,
  ORDER_NUMBER_KEY,
  PAYMENT_ERROR_KEY,
  type ApiResult,
  type Estimate as CheckoutEstimate,
  type PaymentMethodInfo,
  type PendingOrder,
  type ShippingMethodQuote,
} from './checkout-client.ts';
export { storeReceipt, takeReceipt, type OrderReceipt } from './receipt.ts';
export { TestModeNotice } from './test-mode-notice.tsx';
export {
  emptyValues as emptyCheckoutValues,
  fieldError as checkoutFieldError,
  fieldKeys as checkoutFieldKeys,
  shippingLocation,
  isNonUs,
  notShipped,
  numericZip,
  countryOptions,
  notShippedText,
  CARD_ORDER,
  type AddressValues,
  type CardValues,
  type CheckoutValues,
} from './checkout-form.ts';
export { TextField, SelectField } from './fields.tsx';
export { tokenizeCard } from './gateways/tokenizer.ts';
export {
  dispatchCard,
  processTransactionBody,
  PROCESS_TRANSACTION_URL,
} from './gateways/accept-js.ts';
export { usePaymentGateway, type PaymentGateway } from './gateways/use-payment-gateway.ts';
export type { StripeCardHandle } from './gateways/stripe-card.tsx';
/** Stripe's fields and Stripe.js: their own chunk, fetched only when the Stripe method is shown. */
export const StripeCard = lazy(() => import('./gateways/stripe-card.tsx').then((m) => ({ default: m.StripeCard })));
/** The checkout's shared look (fields, totals, alerts), for every page that takes a payment. */
export { default as checkoutStyles } from './checkout.module.css';
