/**
 * The payment statuses and what they make of the order: ordered when the payment is
 * completed, else pending_payment. Each provider adapter maps its own words onto them.
 */
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'on_hold';
export type OrderStatus = 'pending' | 'pending_payment' | 'ordered';

export const orderStatusAfterPayment = (status: PaymentStatus): OrderStatus =>
  status === 'completed' ? 'ordered' : 'pending_payment';
