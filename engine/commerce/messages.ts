/**
 * Every checkout and payment text, word for word. The checkout
 * page and the server read them from here, so a shopper sees the same words on either side.
 */
import { fillText } from '../text/fill.ts';

export const CHECKOUT_MESSAGES = {
  required: 'This field is required',
  email: 'Invalid email address',
  zipRequired: 'ZIP/Postal code is required',
  zipDigits: 'Only numbers are allowed',
  zipShort: 'ZIP/Postal code seems too short',
  zipLong: 'ZIP/Postal code seems too long',
  nameLetters: 'Only alphabets are allowed',
  nameShort: 'Name must be at least 2 characters',
  nameLong: "Name can't exceed 50 characters",
  specialChars: 'Special characters are not allowed',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number is invalid',
  phoneShort: 'Phone number must be at least 10 digits',
  phoneLong: "Phone number can't exceed 10 digits",
  paymentMethod: 'Please select a payment method.',
  /** A shipping address in a country the shop does not ship to; {country} is its name (site.json) or code. */
  notShipped: "Sorry, we don't ship to {country}.",
  /** A US ZIP is 5 digits (or ZIP+4, 9). */
  zipUs: 'Enter a 5-digit ZIP code',
  /** A postal code outside the US (letters, digits, spaces and hyphens). */
  postalChars: 'Only letters, numbers, spaces and hyphens are allowed',
  /** A choice outside the offered list (same text as the form engine's). */
  invalidSelection: 'Invalid selection',
  /** A street or city longer than any real one ("{label} seems too long", as forms say). */
  tooLong: '{label} seems too long',
  /** The ZIP belongs to another state than the one chosen (tax follows both). */
  zipStateMismatch: 'ZIP/Postal code does not match the selected state',
  /** A ZIP no US state has (00000, or a ZIP not in the ZIP dataset). */
  zipNotUs: 'ZIP/Postal code is not a valid US ZIP code',
} as const;

/** The phone messages for a shop whose numbers have `digits` digits (10: phoneShort and phoneLong above). */
export const phoneDigitsMessages = (digits: number) => ({
  short: `Phone number must be at least ${digits} digits`,
  long: `Phone number can't exceed ${digits} digits`,
});

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Card number is invalid',
  expiryRequired: 'Expiry is required',
  monthInvalid: 'Expiry month is invalid',
  yearInvalid: 'Expiry year is invalid',
  cvvRequired: 'CVV is required',
  cvvInvalid: 'CVV is invalid',
  /** Hosted card elements (card provider). */
  hostedNumber: 'Card number is incomplete or invalid',
  hostedExpiry: 'Expiry date is incomplete or invalid',
  hostedCvc: 'CVC is incomplete or invalid',
  hostedPaymentElement: 'Payment details are required to continue.',
} as const;

export const SHIPPING_MESSAGES = {
  pending: 'Shipping will be calculated after entering address.',
  failed: 'Failed to calculate shipping',
  none: 'Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.',
  /** The chosen method exists but does not ship to this address or cart. */
  unavailable: 'The selected shipping method is not available for this address.',
} as const;

export const PAYMENT_MESSAGES = {
  failed: 'Payment failed',
  error: 'Payment Error',
  stripeNotReady: 'Stripe.js not ready',
  notAvailable: 'Payment method not available',
  additionalAuthentication: 'Additional authentication required',
  unexpectedStatus: 'Unexpected payment status: {status}',
  handlingError: 'Error while handling Payment',
  processingError: 'An error occurred while processing your payment. Please try again.',
  /** History comment of a failed payment. */
  failedComment: 'Payment failed for order {id}: {message}',
  failedTransactionComment: 'Payment failed for transaction id {id}: {message}',
  unknownError: 'Unknown error',
  /** The e-mails' payment status. */
  paidStatus: 'Paid',
} as const;

/** Shown while the shop pays through the offline sandbox gateway: no real payment is taken. */
export const TEST_MODE_MESSAGES = {
  notice: 'Test mode: no real payment is taken',
  email: 'Test mode: no real payment was taken for this order.',
} as const;

export const CART_MESSAGES = {
  empty: 'Looks like you have not added anything to your cart. Go ahead & add items to your cart.',
  continueShopping: 'Continue Shopping',
} as const;

/** "Payment failed for order 100000001: Your card was declined." (or "Unknown error"). */
export const paymentFailedComment = (orderNumber: string | number, message?: string | null) =>
  fillText(PAYMENT_MESSAGES.failedComment, {
    id: orderNumber,
    message: message?.trim() || PAYMENT_MESSAGES.unknownError,
  });

/** "Payment failed for transaction id 60123456789: This transaction has been declined." */
export const transactionFailedComment = (transactionId: string, message?: string | null) =>
  fillText(PAYMENT_MESSAGES.failedTransactionComment, {
    id: transactionId,
    message: message?.trim() || PAYMENT_MESSAGES.unknownError,
  });

export const unexpectedPaymentStatus = (status: string) => fillText(PAYMENT_MESSAGES.unexpectedStatus, { status });
