/** A provider call outside the pay step, and the metadata every attempt carries to its provider. */
import { PAYMENT_MESSAGES } from '../../engine/node.ts';
import type { OrderRow } from '../db/schema.ts';
import type { CommerceContext } from './context.ts';
import { CommerceError } from './errors.ts';
import { incrementIdFor } from './order-store.ts';

/**
 * A provider call outside the pay step: its refusal (a 4xx, e.g. an intent in the wrong state)
 * is a 422 with its message; no answer at all is a 502. Never a 500.
 */
export async function askProvider<T>(ctx: CommerceContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof CommerceError) throw e;
    const status = (e as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500)
      throw new CommerceError('invalid', (e as Error).message || PAYMENT_MESSAGES.error);
    ctx.deps.log.error(`checkout: ${what} failed:`, e);
    throw new CommerceError('provider-failed', PAYMENT_MESSAGES.processingError);
  }
}

/** The provider's metadata of one attempt: the order's ids, and the caller's (a quote's). */
export const chargeMetadata = (
  row: OrderRow,
  paymentId: number,
  extra?: Record<string, string>,
): Record<string, string> => ({
  orderId: String(row.id),
  orderIncrementId: row.order_increment_id ?? incrementIdFor(row.id),
  paymentId: String(paymentId),
  ...extra,
});
