/**
 * Paying an order, the same for every provider and for checkout orders and quote links alike:
 * the browser got a token from the gateway's own script; this code never sees a card.
 *
 * pay:
 * 1. The order is opened (by its order token, or by a quote link for a quote's order); a paid
 *    order or one being paid is refused. An order whose payment is held for review is placed:
 *    any later request to pay it (a replay, a second tab, another card) gets that payment's
 *    answer again and charges nothing. A lease on the order keeps two pay steps (or a pay step
 *    and the reconciler) from both charging.
 * 2. A payment row is written first (pending, the server's total in cents): its id goes to the
 *    provider as metadata and makes the idempotency key (`order-{id}-payment-{paymentId}-charge`).
 * 3. The provider charges the token; its answer goes through settle.
 *
 * settle (one idempotent step, keyed by the provider's transaction id, used by the pay call, the
 * verify page, the webhook and the reconciler alike): the payment takes the provider's status
 * with a conditional update, so of two callers bringing the same news only one changes
 * anything. The one that completes the payment marks the order ordered (and its quote paid),
 * writes the history entry and queues the customer and admin e-mails in the same transaction.
 * A completed payment never goes back; a provider amount that differs from the stored one
 * never completes an order.
 *
 * recover: a payment still pending without a transaction id once its lease has passed is an
 * attempt whose answer was lost (the server died between writing it and settling). The
 * provider is asked what became of it by our reference (`find`, which never charges): a charge
 * it made is settled as any answer; one it never saw fails, and the order can be paid again.
 * The next pay step does this first, and the reconciler does it for orders nobody retries.
 *
 * A declined card leaves the order pending_payment; the next attempt pays the same order.
 */
import type { Transaction } from 'kysely';
import type { Database, OrderRow, PaymentRow } from '../db/schema.ts';
import type { ChargeResult } from '../payments/provider.ts';
import type { CommerceContext } from './context.ts';
import { loadOrderView } from './order-store.ts';
import type { OrderService } from './orders.ts';
import type { Settled } from './pay-answer.ts';
import { askProvider } from './pay-ask.ts';
import type { PayOrderRequest } from './pay-attempt.ts';
import { takeLease } from './pay-lease.ts';
import { providerOf } from './pay-lookup.ts';
import { payOrder, recoverAttempt } from './pay-order.ts';
import { paymentRequests } from './pay-requests.ts';
import { releaseLeaseOf, settlePayment } from './pay-settle.ts';

export type { PayOutcome, VerifyResult } from './pay-answer.ts';

/** How long a pay request holds the order by default (longer than any provider call: their timeouts are 20 s). */
export const PAYMENT_LEASE_MS = 60_000;

/** The pay machinery: leases, provider calls, settle, recovery and the pay step itself. */
function paymentSteps(ctx: CommerceContext, orders: OrderService) {
  const { db } = ctx;
  const leaseMs = ctx.deps.paymentLeaseMs ?? PAYMENT_LEASE_MS;
  const settle = (gateway: string, result: ChargeResult, o: { paymentId?: number; releaseLease?: boolean } = {}) =>
    settlePayment(ctx, gateway, result, o);
  const ask = <T>(what: string, call: () => Promise<T>) => askProvider(ctx, what, call);

  /** Asks the provider for the transaction and settles what it says (never what a caller says). */
  async function refresh(p: PaymentRow): Promise<Settled> {
    if (!p.transaction_id) return { payment: p, order: (await loadOrderView(db, p.order_id))!, changed: false };
    const provider = providerOf(ctx, p);
    const result = await ask(`retrieving ${p.transaction_id} from ${p.gateway}`, () =>
      provider.retrieve(p.transaction_id!),
    );
    return (await settle(p.gateway, result, { paymentId: p.id }))!;
  }

  return {
    settle,
    refresh,
    ask,
    recover: (p: PaymentRow, row: OrderRow) => recoverAttempt(ctx, p, row),
    payOrder: (req: PayOrderRequest) => payOrder(ctx, orders, leaseMs, req),
    takeLease: (trx: Transaction<Database>, orderId: number, now: Date) => takeLease(trx, orderId, now, leaseMs),
    releaseLease: (orderId: number) => releaseLeaseOf.run(db, { id: orderId }),
    leaseMs,
  };
}

export function paymentService(ctx: CommerceContext, orders: OrderService) {
  const steps = paymentSteps(ctx, orders);
  return { ...steps, ...paymentRequests(ctx, steps) };
}
