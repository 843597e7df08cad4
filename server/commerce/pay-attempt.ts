/** One attempt of a pay step: its idempotency key and the return page it names. */

export const verifyPath = (method: string) => `/payment/verify/${encodeURIComponent(method)}`;

/** The idempotency key of one attempt at the provider. */
export const attemptKey = (orderId: number, paymentId: number, step = 'charge') =>
  `order-${orderId}-payment-${paymentId}-${step}`;
