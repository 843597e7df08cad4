/** One attempt of a pay step: what it charges, its idempotency key and the return page it names. */
import type { PaymentProvider } from '../payments/provider.ts';

/** One charge of an order the caller has opened (by its order token, or a quote's link). */
export interface PayOrderRequest {
  orderId: number;
  method: { name: string; title: string };
  provider: PaymentProvider;
  paymentToken: string;
  /** What the charge is for, as the provider shows it ("Hearthline order #100000007"). */
  description?: string;
  /** More metadata for the provider beside the order's ids (a quote's quoteId, quoteIncrementId). */
  metadata?: Record<string, string>;
}

export const verifyPath = (method: string) => `/payment/verify/${encodeURIComponent(method)}`;

/** The idempotency key of one attempt at the provider. */
export const attemptKey = (orderId: number, paymentId: number, step = 'charge') =>
  `order-${orderId}-payment-${paymentId}-${step}`;
