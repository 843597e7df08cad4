/**
 * The browser side of paying, shared by the checkout and the quote payment page: the client of
 * the shop's checkout API and the order it keeps between attempts, the checkout form's values and
 * checks, the card fields, the one payment form, and the gateways (each its own lazy chunk, by the
 * registry). The server decides every amount and state; these only collect and show.
 */
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
export { usePaymentGateway, type PaymentGateway } from './gateways/use-payment-gateway.ts';
export type { HostedHandle, PayAnswer } from './gateways/gateway.ts';
export { HOSTED_PREFIX } from './gateways/gateway.ts';
export { payThrough } from './pay-through.ts';
export { PaymentForm, type CardBinder } from './payment-form.tsx';
/** The checkout's shared look (fields, totals, alerts), for every page that takes a payment. */
export { default as checkoutStyles } from './checkout.module.css';
