/** Stripe's payment intent statuses, and what each means for the payment. */
import type { PaymentStatus } from '../../commerce/payment-status.ts';

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
