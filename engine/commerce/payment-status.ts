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

/** Card provider payment intent statuses. */
const INTENT_STATUS: Readonly<Record<string, PaymentStatus>> = {
  succeeded: 'completed',
  requires_payment_method: 'pending',
  processing: 'pending',
  requires_capture: 'pending',
  requires_confirmation: 'pending',
  canceled: 'failed',
  requires_action: 'on_hold',
};

/** An unknown intent status is not money received: pending. */
export const statusFromIntent = (status: string): PaymentStatus => INTENT_STATUS[status] ?? 'pending';

export const orderStatusAfterPayment = (status: PaymentStatus): OrderStatus =>
  status === 'completed' ? 'ordered' : 'pending_payment';
