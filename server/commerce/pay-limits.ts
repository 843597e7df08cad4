/**
 * Limits against card testing and order floods:
 *
 * - per client address: order creation (POST /api/order) and payment attempts
 *   (POST /api/order/pay) in a window, from the server config (ORDER_RATE_LIMIT ...), counted in
 *   the database so the servers sharing it share the limit;
 * - per order: at most MAX_FAILED_PAYMENTS failed payments, counted from the stored payments
 *   rows, so the count holds across restarts and across servers sharing the database.
 *
 * Every refusal is a 429 with a message the checkout shows, and a warning line in the log.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { PaymentRow } from '../db/schema.ts';
import { CommerceError } from './errors.ts';
import { addressRateLimit } from '../http/rate-limit.ts';
import type { CommerceContext } from './context.ts';

const MAX_FAILED_PAYMENTS = 5;

const LIMIT_MESSAGES = {
  orders: 'Too many orders from your address. Please wait a few minutes and try again.',
  payments: 'Too many payment attempts from your address. Please wait a few minutes and try again.',
  failedPayments: 'Too many failed payment attempts for this order. Please contact us to complete your order.',
} as const;

/** The per-address limits of order creation and payment attempts. */
export interface CheckoutRateLimits {
  orders: MiddlewareHandler;
  payments: MiddlewareHandler;
}

export function checkoutRateLimits(deps: Pick<AppDeps, 'config' | 'log' | 'db'>): CheckoutRateLimits {
  const { trustProxy, orderRateLimit, payRateLimit } = deps.config;
  return {
    orders: addressRateLimit({
      ...orderRateLimit,
      trustProxy,
      log: deps.log,
      db: deps.db,
      message: LIMIT_MESSAGES.orders,
      what: 'order creation',
    }),
    payments: addressRateLimit({
      ...payRateLimit,
      trustProxy,
      log: deps.log,
      db: deps.db,
      message: LIMIT_MESSAGES.payments,
      what: 'payment attempts',
    }),
  };
}

/**
 * 429 when the order already has MAX_FAILED_PAYMENTS failed payments. Called by the payment step
 * under the order's payment lease (after the token check), so racing attempts cannot slip past
 * the count, whichever provider takes them. An authentication the shop canceled (the order
 * changed, another attempt started) is not a failed card and does not count.
 */
export async function assertPaymentAttemptsLeft(
  ctx: CommerceContext,
  orderId: number,
  payments?: readonly PaymentRow[],
): Promise<void> {
  // The order's payments when the caller has just read them under the lease: no second query.
  const rows =
    payments ??
    (await ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('state', '=', 'failed')
      .execute());
  // A canceled authentication is the shop's doing, not a declined card.
  const failed = rows.filter((p) => p.state === 'failed');
  if (failed.length < MAX_FAILED_PAYMENTS) return;
  ctx.deps.log.warn(
    `rate limit: payment refused for order ${orderId}: ${failed.length} failed payments (at most ${MAX_FAILED_PAYMENTS})`,
  );
  throw new CommerceError('too-many', LIMIT_MESSAGES.failedPayments);
}
