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
import { PAYMENT_MESSAGES } from '../../engine/node.ts';
import { prepared } from '../db/prepared.ts';
import type { Database, Db, OrderRow, PaymentRow } from '../db/schema.ts';
import { CommerceError } from './errors.ts';
import type { ChargeResult, PaymentProvider } from '../payments/provider.ts';
import type { CommerceContext } from './context.ts';
import { loadOrderView } from './order-store.ts';
import { hashOrderToken } from './order-token.ts';
import { sameHash } from '../tokens.ts';
import type { OrderService } from './orders.ts';
import { paymentRequests } from './pay-requests.ts';
import type { Settled } from './pay-answer.ts';
import { askProvider } from './pay-ask.ts';
import { takeLease } from './pay-lease.ts';
import { payOrder, recoverAttempt } from './pay-order.ts';
import { releaseLeaseOf, settlePayment } from './pay-settle.ts';

export type { PayOutcome, VerifyResult } from './pay-answer.ts';

/** How long a pay request holds the order by default (longer than any provider call: their timeouts are 20 s). */
export const PAYMENT_LEASE_MS = 60_000;

export interface PayRequest {
  id: number;
  token?: string;
  paymentMethod?: string;
  /** The gateway's token for the card (never a card number). */
  paymentToken: string;
}

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

// The pay step's statements, compiled once (server/db/prepared.ts).
/** The order's payment of a provider transaction (of one gateway, when named). */
export const paymentOfTransaction = prepared(
  (db, $: { orderId: number; transactionId: string; gateway?: string }, like) => {
    const q = db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', $.orderId)
      .where('transaction_id', '=', $.transactionId);
    return like.gateway === undefined ? q : q.where('gateway', '=', $.gateway!);
  },
  (p) => (p.gateway === undefined ? 0 : 1),
);
/** The provider of a stored payment (503 when this server no longer has it). */
export function providerOf(ctx: CommerceContext, p: PaymentRow): PaymentProvider {
  const provider = ctx.deps.providers[p.gateway];
  if (!provider) throw new CommerceError('unavailable', PAYMENT_MESSAGES.notAvailable);
  return provider;
}

/** The payment of a return link, when the secret is its client secret. */
export async function paymentForSecret(
  db: Db,
  transactionId: string,
  clientSecret: string,
): Promise<PaymentRow | undefined> {
  if (!transactionId || !clientSecret) return undefined;
  const p = await db.selectFrom('payments').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
  return p?.client_secret_hash && sameHash(p.client_secret_hash, hashOrderToken(clientSecret)) ? p : undefined;
}

/** The pay machinery: leases, provider calls, settle, recovery and the pay step itself. */
export function paymentSteps(ctx: CommerceContext, orders: OrderService) {
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
