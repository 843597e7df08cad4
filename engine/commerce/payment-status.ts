/**
 * Payment status mapping and what it makes of the order: ordered when the
 * payment is completed, else pending_payment.
 */
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'on_hold';
export type OrderStatus = 'pending' | 'pending_payment' | 'ordered';

/** Direct-entry card gateway response codes. */
const GATEWAY_RESPONSE_STATUS: Readonly<Record<number, PaymentStatus>> = {
  1: 'completed',
  2: 'pending',
  3: 'failed',
  4: 'on_hold',
};

/** A response code outside 1-4 is an error: failed. */
export const statusFromResponseCode = (code: number | string): PaymentStatus =>
  GATEWAY_RESPONSE_STATUS[Number(code)] ?? 'failed';

/** Stripe's intent statuses live in its gateway; the server's adapter reads them from here. */
export { statusFromIntent } from '../checkout/gateways/stripe-intent.ts';

export const orderStatusAfterPayment = (status: PaymentStatus): OrderStatus =>
  status === 'completed' ? 'ordered' : 'pending_payment';
