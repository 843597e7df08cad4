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
import type { Insertable, Transaction } from 'kysely';
import {
  formatPrice,
  PAYMENT_MESSAGES,
  paymentFailedComment,
  transactionFailedComment,
  fromCents,
  orderStatusAfterPayment,
} from '../../engine/node.ts';
import { fields, prepared } from '../db/prepared.ts';
import type { Database, Db, OrderRow, PaymentRow, PaymentsTable, PaymentState, PaymentStatus } from '../db/schema.ts';
import { settledState, stateAfter } from './payment-state.ts';
import { CommerceError } from './errors.ts';
import { enqueueMails } from '../mail/outbox.ts';
import type { AttemptRef, ChargeResult, NextAction, PaymentProvider, WebhookEvent } from '../payments/provider.ts';
import {
  additionalData,
  CANCELED_AUTHENTICATION,
  COMMERCE_TEXTS,
  isAwaitingAuthentication,
  isHeldForReview,
  isStranded,
  wasCanceledWhileWaiting,
  type CommerceContext,
} from './context.ts';
import { crashPoint } from './crash-point.ts';
import { durableSince } from '../db/durable.ts';
import { assertPaymentAttemptsLeft } from './pay-limits.ts';
import { orderEmails } from './order-emails.ts';
import {
  addHistory,
  incrementIdFor,
  orderParties,
  loadOrderView,
  paymentView,
  type OrderView,
  type PaymentView,
} from './order-store.ts';
import { hashOrderToken } from './order-token.ts';
import { sameHash } from '../tokens.ts';
import type { OrderService } from './orders.ts';

/** How long a pay request holds the order by default (longer than any provider call: their timeouts are 20 s). */
export const PAYMENT_LEASE_MS = 60_000;

const PAY_TEXTS = {
  completed: 'Payment successful',
  heldForReview: 'Your payment is being reviewed. We will contact you by e-mail once it is approved.',
  amountMismatch: 'The amount the provider reports does not match the order total.',
  neverCharged: 'The payment did not reach the payment provider; nothing was charged.',
  authenticationLost:
    'The card holder could not be asked to authenticate this payment; it was canceled and nothing was charged.',
  noLookup:
    'The answer of the payment provider was lost and it cannot be looked up automatically: check the payment at the provider.',
} as const;

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

export interface PayOutcome {
  /** 200 completed, 202 waiting (authentication or review), 402 failed. */
  httpStatus: 200 | 202 | 402;
  body: {
    success: boolean;
    message: string;
    status: PaymentView['status'];
    /** The card holder must act: the provider's own next action. */
    nextAction?: NextAction;
    order: OrderView;
    payment: PaymentView;
  };
  /** The provider's answer (the Stripe routes show its intent). */
  result: ChargeResult;
}

/** The return page's answer in neutral words (server/payments/verify-answer.ts shapes the spec's JSON). */
export interface VerifyResult {
  success: boolean;
  error?: string;
  status: PaymentView['status'];
  transactionId: string | null;
  amount: number;
  message?: string;
  /** The provider's own words, as stored with the payment. */
  details: Record<string, string | number>;
  metadata: {
    orderId: number;
    orderIncrementId: string;
    paymentId: number;
    quoteId?: number;
    quoteIncrementId?: string | null;
  };
}

export interface Settled {
  payment: PaymentRow;
  order: OrderView;
  /** false when the payment already had this outcome (a repeat: nothing changed). */
  changed: boolean;
}

const verifyPath = (method: string) => `/payment/verify/${encodeURIComponent(method)}`;

/** The idempotency key of one attempt at the provider. */
export const attemptKey = (orderId: number, paymentId: number, step = 'charge') =>
  `order-${orderId}-payment-${paymentId}-${step}`;

// The pay step's statements, compiled once (server/db/prepared.ts).
/** The payments settle may mean: the one with the provider's transaction id and the one with our id (each of the gateway). */
const settleCandidates = prepared(
  (db, $: { gateway: string; transactionId?: string; id?: number }, like) =>
    db
      .selectFrom('payments')
      .selectAll()
      .where('gateway', '=', $.gateway)
      .where((eb) =>
        eb.or([
          ...(like.transactionId !== undefined ? [eb('transaction_id', '=', $.transactionId!)] : []),
          ...(like.id !== undefined ? [eb('id', '=', $.id!)] : []),
        ]),
      ),
  (p) => (p.transactionId !== undefined ? 1 : 0) + (p.id !== undefined ? 2 : 0),
);
/** Ends the pay step's lease; the order's status as this transaction found it. */
const releaseLeaseOf = prepared((db, $: { id: number }) =>
  db.updateTable('orders').set({ payment_lock_until: null }).where('id', '=', $.id).returning('status'),
);
/** The conditional update of settle: only from the status and time it was read with. */
const updatePayment = prepared(
  (
    db,
    $: {
      id: number;
      fromStatus: PaymentStatus;
      fromUpdatedAt: string;
      set: {
        status: PaymentStatus;
        state: PaymentState;
        transaction_id: string | null;
        client_secret_hash?: string;
        additional_data: string;
        updated_at: string;
      };
    },
    like,
  ) =>
    db
      .updateTable('payments')
      .set(fields($.set, Object.keys(like.set) as (keyof typeof like.set)[]))
      .where('id', '=', $.id)
      .where('status', '=', $.fromStatus)
      .where('updated_at', '=', $.fromUpdatedAt)
      .returningAll(),
  (p) => (p.set.client_secret_hash === undefined ? 0 : 1),
);
const paymentOfId = prepared((db, $: { id: number }) => db.selectFrom('payments').selectAll().where('id', '=', $.id));
const orderStatusOf = prepared((db, $: { id: number }) =>
  db.selectFrom('orders').select(['status']).where('id', '=', $.id),
);
const setOrderStatus = prepared((db, $: { id: number; status: string; now: string }) =>
  db.updateTable('orders').set({ status: $.status, updated_at: $.now }).where('id', '=', $.id).returningAll(),
);
const leaseOrder = prepared((db, $: { id: number; until: string; now: string }) =>
  db
    .updateTable('orders')
    .set({ payment_lock_until: $.until })
    .where('id', '=', $.id)
    .where('status', '!=', 'ordered')
    .where((eb) => eb.or([eb('payment_lock_until', 'is', null), eb('payment_lock_until', '<=', $.now)]))
    .returningAll(),
);
/** The order's payment of a provider transaction (of one gateway, when named). */
const paymentOfTransaction = prepared(
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
const setPaymentMethod = prepared((db, $: { id: number; method: string; label: string }) =>
  db.updateTable('orders').set({ payment_method: $.method, payment_method_label: $.label }).where('id', '=', $.id),
);
const insertPayment = prepared((db, $: Insertable<PaymentsTable>, like) =>
  db
    .insertInto('payments')
    .values(fields($, Object.keys(like) as (keyof typeof like)[]))
    .returningAll(),
);

function historyComment(orderId: number, p: PaymentRow, result: ChargeResult): string {
  const amount = formatPrice(fromCents(p.amount_cents));
  const ref = result.transactionId ? ` (transaction ${result.transactionId})` : '';
  if (result.status === 'completed') return `Payment of ${amount} completed by ${p.method_label}${ref}.`;
  if (result.status === 'failed')
    return result.historyNamesTransaction && result.transactionId
      ? transactionFailedComment(result.transactionId, result.message)
      : paymentFailedComment(incrementIdFor(orderId), result.message);
  if (result.next === 'authenticate') return `Payment of ${amount} awaits the card holder's authentication${ref}.`;
  return `Payment of ${amount} is ${result.status === 'on_hold' ? 'held for review' : 'pending'}${ref}: ${result.message}`;
}

function outcome(s: Settled, result: ChargeResult): PayOutcome {
  const view = paymentView(s.payment);
  const status = s.payment.status;
  const base = { status, order: s.order, payment: view };
  if (status === 'completed')
    return { httpStatus: 200, result, body: { success: true, message: PAY_TEXTS.completed, ...base } };
  if (status === 'failed')
    return {
      httpStatus: 402,
      result,
      body: {
        success: false,
        message: (additionalData(s.payment).message as string) || PAYMENT_MESSAGES.failed,
        ...base,
      },
    };
  const nextAction = result.handoff?.nextAction;
  if (result.next === 'authenticate' && nextAction)
    return {
      httpStatus: 202,
      result,
      body: {
        success: false,
        message: PAYMENT_MESSAGES.additionalAuthentication,
        nextAction,
        ...base,
      },
    };
  return {
    httpStatus: 202,
    result,
    body: {
      success: false,
      message: status === 'on_hold' ? PAY_TEXTS.heldForReview : result.message || PAY_TEXTS.heldForReview,
      ...base,
    },
  };
}

/** A payment held for review, found where a new charge would start: it ends the lease's transaction. */
class HeldPayment extends Error {
  constructor(readonly payment: PaymentRow) {
    super(`payment ${payment.id} is held for review`);
  }
}

/**
 * The answer for an order whose payment is held for review, to any later pay request of it (a
 * replay, another tab, another card): the held payment's own answer again; nothing is charged.
 */
function heldAnswer(p: PaymentRow, order: OrderView): PayOutcome {
  const extra = additionalData(p);
  const result: ChargeResult = {
    status: p.status,
    next: 'review',
    transactionId: p.transaction_id,
    message: typeof extra.message === 'string' ? extra.message : PAY_TEXTS.heldForReview,
    details: storedDetails(extra),
  };
  return outcome({ payment: p, order, changed: false }, result);
}

/** The provider's words a payment's data keeps (opaque here: passed back to the provider's own answer fields). */
const storedDetails = (extra: Record<string, unknown>): Record<string, string | number> =>
  Object.fromEntries(Object.entries(extra).filter(([, v]) => typeof v === 'string' || typeof v === 'number')) as Record<
    string,
    string | number
  >;

/** The provider's metadata of one attempt: the order's ids, and the caller's (a quote's). */
const chargeMetadata = (row: OrderRow, paymentId: number, extra?: Record<string, string>): Record<string, string> => ({
  orderId: String(row.id),
  orderIncrementId: row.order_increment_id ?? incrementIdFor(row.id),
  paymentId: String(paymentId),
  ...extra,
});

/** A new attempt of the order: pending, for the order's total. */
const newPayment = (
  trx: Transaction<Database>,
  row: OrderRow,
  method: { name: string; title: string },
  gateway: string,
  now: string,
) =>
  insertPayment.first(trx, {
    order_id: row.id,
    method: method.name,
    method_label: method.title,
    gateway,
    status: 'pending',
    state: 'created',
    amount_cents: row.total_cents,
    transaction_id: null,
    client_secret_hash: null,
    additional_data: JSON.stringify({ gateway }),
    created_at: now,
    updated_at: now,
  }) as Promise<PaymentRow>;

/** The order's payment method becomes the one of this attempt. */
async function changeMethod(trx: Transaction<Database>, row: OrderRow, method: { name: string; title: string }) {
  if (method.name !== row.payment_method)
    await setPaymentMethod.run(trx, { id: row.id, method: method.name, label: method.title });
}

/**
 * What became of an attempt whose answer was lost, by our reference (`find` never charges): an
 * authentication nobody can complete is canceled; without `find` a person checks.
 */
async function lostAttemptResult(
  provider: PaymentProvider | undefined,
  p: PaymentRow,
  row: OrderRow,
): Promise<ChargeResult> {
  const ref: AttemptRef = {
    idempotencyKey: attemptKey(row.id, p.id),
    paymentId: p.id,
    orderId: row.id,
    orderIncrementId: row.order_increment_id ?? incrementIdFor(row.id),
    amountCents: p.amount_cents,
    createdAt: p.created_at,
  };
  let result: ChargeResult;
  if (!provider?.find) {
    // Money may have moved and nothing can tell: a person checks (joinery orders --status on_hold).
    result = { status: 'on_hold', next: 'review', transactionId: null, message: PAY_TEXTS.noLookup };
  } else {
    const found = await provider.find(ref);
    if (!found) result = { status: 'failed', transactionId: null, message: PAY_TEXTS.neverCharged };
    else if (found.next === 'authenticate') {
      // The answer that carried the authentication step is lost: nobody can complete it.
      if (found.transactionId && provider.cancel) await provider.cancel(found.transactionId);
      result = { ...found, status: 'failed', handoff: undefined, message: PAY_TEXTS.authenticationLost };
    } else result = found;
  }
  return result;
}

/** The return page's answer for a payment of this order (and its quote). */
function verifyAnswer(
  p: PaymentRow,
  order: { id: number; order_increment_id: string | null },
  quote: { id: number; quote_increment_id: string | null } | undefined,
): VerifyResult {
  const extra = additionalData(p);
  const message = typeof extra.message === 'string' ? extra.message : undefined;
  const error =
    p.status === 'completed'
      ? undefined
      : isAwaitingAuthentication(p)
        ? PAYMENT_MESSAGES.additionalAuthentication
        : wasCanceledWhileWaiting(p)
          ? CANCELED_AUTHENTICATION
          : p.status === 'failed'
            ? message || PAYMENT_MESSAGES.failed
            : PAY_TEXTS.heldForReview;
  return {
    success: p.status === 'completed',
    ...(error ? { error } : {}),
    status: p.status,
    transactionId: p.transaction_id,
    amount: fromCents(p.amount_cents),
    ...(message ? { message } : {}),
    details: storedDetails(extra),
    metadata: {
      orderId: order.id,
      orderIncrementId: order.order_increment_id ?? String(order.id),
      paymentId: p.id,
      ...(quote ? { quoteId: quote.id, quoteIncrementId: quote.quote_increment_id } : {}),
    },
  };
}

/**
 * The payment a provider's answer is about: the one with its transaction id, else ours (by id,
 * given or in the provider's metadata) when it has no other transaction id.
 */
async function paymentToSettle(
  trx: Transaction<Database>,
  gateway: string,
  result: ChargeResult,
  paymentId: number | undefined,
): Promise<PaymentRow | undefined> {
  const transactionId = result.transactionId || undefined;
  const hint = paymentId ?? (Number(result.metadata?.paymentId) || undefined);
  if (!transactionId && !hint) return undefined;
  // One read for both: the transaction id's payment first, else ours when it has no other id.
  const candidates = await settleCandidates.all(trx, {
    gateway,
    ...(transactionId ? { transactionId } : {}),
    ...(hint ? { id: hint } : {}),
  });
  const p = transactionId ? candidates.find((c) => c.transaction_id === transactionId) : undefined;
  if (p || !hint) return p;
  const byId = candidates.find((c) => c.id === hint);
  return byId && (byId.transaction_id === null || byId.transaction_id === result.transactionId) ? byId : undefined;
}

/**
 * The settle step. Finds the payment by the provider's transaction id (or, for an answer that
 * came before the id was stored, by our payment id in the provider's metadata), and applies
 * the result once. Undefined when no payment of this gateway matches.
 */
async function settlePayment(
  ctx: CommerceContext,
  gateway: string,
  result: ChargeResult,
  o: { paymentId?: number; releaseLease?: boolean } = {},
): Promise<Settled | undefined> {
  const { db, clock, deps } = ctx;
  const shop = ctx.shopInfo(ctx.data());
  const out = await db.transaction().execute(async (trx) => {
    const p = await paymentToSettle(trx, gateway, result, o.paymentId);
    if (!p) return undefined;
    const now = clock.now().toISOString();
    const released = o.releaseLease ? await releaseLeaseOf.first(trx, { id: p.order_id }) : undefined;

    let status = result.status;
    let message = result.message;
    let next = result.next;
    if (status === 'completed' && result.amountCents !== undefined && result.amountCents !== p.amount_cents) {
      deps.log.error(
        `checkout: ${gateway} transaction ${result.transactionId} reports ${result.amountCents} cents, payment ${p.id} is ${p.amount_cents}`,
      );
      status = 'on_hold';
      next = 'review';
      message = PAY_TEXTS.amountMismatch;
    }
    const stored = additionalData(p);
    const transactionId = result.transactionId ?? p.transaction_id;
    const state = settledState(p.state, stateAfter(status, next, transactionId));
    const sameNews =
      p.status === status &&
      p.state === state &&
      p.transaction_id === result.transactionId &&
      Object.entries(result.details ?? {}).every(([k, v]) => stored[k] === v);
    // A completed payment never goes back; the same news twice changes nothing.
    if (p.status === 'completed' || sameNews)
      return { payment: p, orderId: p.order_id, changed: false, completed: false };

    const extra = {
      ...stored,
      gateway,
      next,
      ...result.details,
      message,
      ...result.card,
    };
    const updated = await updatePayment.first(trx, {
      id: p.id,
      fromStatus: p.status,
      fromUpdatedAt: p.updated_at,
      set: {
        status,
        state,
        transaction_id: transactionId,
        // The return page after authentication proves itself with this secret.
        ...(result.handoff?.secret && next === 'authenticate'
          ? { client_secret_hash: hashOrderToken(result.handoff.secret) }
          : {}),
        additional_data: JSON.stringify(extra),
        updated_at: now,
      },
    });
    if (!updated) {
      // Another caller settled it in between: theirs stands.
      const current = (await paymentOfId.first(trx, { id: p.id }))!;
      return { payment: current, orderId: p.order_id, changed: false, completed: false };
    }
    const order = released ?? (await orderStatusOf.first(trx, { id: p.order_id }))!;
    const completed = status === 'completed' && order.status !== 'ordered';
    // A paid order stays ordered whatever another attempt says.
    const orderStatus = order.status === 'ordered' ? 'ordered' : orderStatusAfterPayment(status);
    const orderRow = (await setOrderStatus.first(trx, { id: p.order_id, status: orderStatus, now })) as OrderRow;
    await addHistory(
      trx,
      p.order_id,
      orderStatus,
      historyComment(p.order_id, updated, { ...result, status, next, message }),
      clock,
    );
    // The order as this transaction leaves it: what the caller answers with, read once.
    const view = (await loadOrderView(trx, p.order_id, orderRow))!;
    // Who waits for this order's payment (its quote) hears it in this transaction, with the e-mails.
    if (completed) await enqueueMails(trx, orderEmails(view, shop, await ctx.orderPaid(trx, orderRow, now)), clock);
    return { payment: updated, orderId: p.order_id, changed: true, completed, view };
  });
  if (!out) return undefined;
  if (out.completed) deps.outbox.notify();
  return {
    payment: out.payment,
    order: ('view' in out ? out.view : undefined) ?? (await loadOrderView(db, out.orderId))!,
    changed: out.changed,
  };
}

/** The provider of a stored payment (503 when this server no longer has it). */
function providerOf(ctx: CommerceContext, p: PaymentRow): PaymentProvider {
  const provider = ctx.deps.providers[p.gateway];
  if (!provider) throw new CommerceError('unavailable', PAYMENT_MESSAGES.notAvailable);
  return provider;
}

/** The payment of a return link, when the secret is its client secret. */
async function paymentForSecret(db: Db, transactionId: string, clientSecret: string): Promise<PaymentRow | undefined> {
  if (!transactionId || !clientSecret) return undefined;
  const p = await db.selectFrom('payments').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
  return p?.client_secret_hash && sameHash(p.client_secret_hash, hashOrderToken(clientSecret)) ? p : undefined;
}

/** The pay machinery: leases, provider calls, settle, recovery and the pay step itself. */
function paymentSteps(ctx: CommerceContext, orders: OrderService) {
  const { db, clock, deps } = ctx;
  const leaseMs = deps.paymentLeaseMs ?? PAYMENT_LEASE_MS;
  const settle = (gateway: string, result: ChargeResult, o: { paymentId?: number; releaseLease?: boolean } = {}) =>
    settlePayment(ctx, gateway, result, o);

  /**
   * Holds the order for one payment step and returns it as it now is (a change that committed
   * before counts); undefined when another step holds it or the order is paid.
   */
  function takeLease(trx: Transaction<Database>, orderId: number, now: Date): Promise<OrderRow | undefined> {
    return leaseOrder.first(trx, {
      id: orderId,
      until: new Date(now.getTime() + leaseMs).toISOString(),
      now: now.toISOString(),
    }) as Promise<OrderRow | undefined>;
  }

  const releaseLease = (orderId: number) => releaseLeaseOf.run(db, { id: orderId });

  /**
   * A provider call outside the pay step: its refusal (a 4xx, e.g. an intent in the wrong state)
   * is a 422 with its message; no answer at all is a 502. Never a 500.
   */
  async function ask<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (e) {
      if (e instanceof CommerceError) throw e;
      const status = (e as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500)
        throw new CommerceError('invalid', (e as Error).message || PAYMENT_MESSAGES.error);
      deps.log.error(`checkout: ${what} failed:`, e);
      throw new CommerceError('provider-failed', PAYMENT_MESSAGES.processingError);
    }
  }

  /** Asks the provider for the transaction and settles what it says (never what a caller says). */
  async function refresh(p: PaymentRow): Promise<Settled> {
    if (!p.transaction_id) return { payment: p, order: (await loadOrderView(db, p.order_id))!, changed: false };
    const provider = providerOf(ctx, p);
    const result = await ask(`retrieving ${p.transaction_id} from ${p.gateway}`, () =>
      provider.retrieve(p.transaction_id!),
    );
    return (await settle(p.gateway, result, { paymentId: p.id }))!;
  }

  /**
   * Finishes an attempt whose answer was lost (see "recover" above). The caller holds the
   * order's lease, so no pay step of this order runs meanwhile. Throws when the provider cannot
   * be asked now (the attempt stays for the next try).
   */
  async function recover(p: PaymentRow, row: OrderRow): Promise<Settled> {
    const result = await lostAttemptResult(deps.providers[p.gateway], p, row);
    return (await settle(p.gateway, result, { paymentId: p.id }))!;
  }

  /** A lease's transaction; a payment held for review found under it ends it (rolled back) as the held answer. */
  async function leaseTransaction<T>(
    work: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T | { held: PaymentRow }> {
    try {
      return await db.transaction().execute(work);
    } catch (e) {
      if (e instanceof HeldPayment) return { held: e.payment };
      throw e;
    }
  }

  /**
   * Takes the order's lease for one pay step and checks the order under it (a refusal rolls the
   * lease back with it): the order as it is under the lease, whose total is what gets charged,
   * with its pending payment written, or the lost attempts to recover first. A conflict when
   * another step holds the order or it is paid.
   */
  async function leaseForPayment(req: PayOrderRequest, start: Date, now: string) {
    const { method, provider } = req;
    const leased = await leaseTransaction(async (trx) => {
      const row = await takeLease(trx, req.orderId, start);
      if (!row) return undefined;
      // Under the lease, so no other payment of this order can start or finish meanwhile.
      const existing = await ctx.assertOpen({ ...row, payment_lock_until: null }, trx, {
        stranded: 'allow',
        held: 'allow',
      });
      // Held for review: the order is placed. Its answer again, the lease rolled back with this transaction.
      const held = existing.find(isHeldForReview);
      if (held) throw new HeldPayment(held);
      await assertPaymentAttemptsLeft(ctx, row.id, existing);
      // An authentication left open must not complete beside this payment, and a lost attempt
      // must be known before another charge: both ask a provider, so the lease commits alone
      // first (rare: when there is neither, nothing more is written).
      const lost = existing.filter(isStranded);
      if (lost.length || existing.some(isAwaitingAuthentication)) return { row, payment: undefined, lost };
      await changeMethod(trx, row, method);
      return { row, payment: await newPayment(trx, row, method, provider.gateway, now), lost };
    });
    if (!leased) {
      const current = await db.selectFrom('orders').select('status').where('id', '=', req.orderId).executeTakeFirst();
      throw new CommerceError(
        'conflict',
        current?.status === 'ordered' ? COMMERCE_TEXTS.alreadyPaid : COMMERCE_TEXTS.inProgress,
      );
    }
    return leased;
  }

  /**
   * One charge of an order the caller opened (the order token, or a quote link, proved the
   * right to pay it): lease, recover lost attempts, write the attempt, charge, settle.
   */
  async function payOrder(req: PayOrderRequest): Promise<PayOutcome> {
    const { method, provider } = req;
    const durable = durableSince(db);
    const start = clock.now();
    const now = start.toISOString();
    const leased = await leaseForPayment(req, start, now);
    if ('held' in leased) return heldAnswer(leased.held, (await loadOrderView(db, leased.held.order_id))!);
    const { row } = leased;

    let settled: Settled | undefined;
    let result: ChargeResult | undefined;
    try {
      let payment = leased.payment;
      if (!payment) {
        for (const p of leased.lost) {
          const s = await ask(`looking up payment ${p.id} at ${p.gateway}`, () => recover(p, row));
          // The lost attempt was paid (or is waiting for a person): that is the answer.
          if (s.payment.status === 'completed') throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
          if (isHeldForReview(s.payment)) return heldAnswer(s.payment, s.order);
          if (s.payment.status !== 'failed') throw new CommerceError('conflict', COMMERCE_TEXTS.underReview);
        }
        await orders.cancelAtProviders(await orders.cancelPendingAuthentications(db, row.id, now));
        payment = await db.transaction().execute(async (trx) => {
          await changeMethod(trx, row, method);
          return newPayment(trx, row, method, provider.gateway, now);
        });
      }
      // The attempt must outlive any charge it makes: a provider outside this database is
      // called only once the payment row is durable (the reconciler finds the charge by it).
      if (!provider.local) await durable();
      await crashPoint('payment-written', db);
      const increment = row.order_increment_id ?? incrementIdFor(row.id);
      const parties = await orderParties(db, row.id);
      try {
        result = await provider.charge({
          amountCents: row.total_cents,
          currency: row.order_currency_code.toLowerCase(),
          token: req.paymentToken,
          orderId: row.id,
          orderIncrementId: increment,
          paymentId: payment.id,
          email: row.email,
          description: req.description ?? `${deps.shop.siteName} order #${increment}`,
          idempotencyKey: attemptKey(row.id, payment.id),
          returnUrl: `${deps.shop.origin}${verifyPath(method.name)}`,
          metadata: chargeMetadata(row, payment.id, req.metadata),
          ...parties,
        });
      } catch (e) {
        deps.log.error(`checkout: payment provider ${provider.gateway} failed for order ${row.id}:`, e);
        result = { status: 'failed', transactionId: null, message: PAYMENT_MESSAGES.processingError };
      }
      await crashPoint('provider-charged', db);
      settled = await settle(provider.gateway, result, { paymentId: payment.id, releaseLease: true });
      await crashPoint('settle-committed', db);
      return outcome(settled!, result);
    } finally {
      // settle released the lease with the outcome; this covers a failure before it.
      if (!settled) await releaseLease(row.id);
    }
  }

  return {
    settle,
    refresh,
    ask,
    recover,
    payOrder,
    takeLease,
    releaseLease,
    leaseMs,
  };
}

/** The payment requests of the API, on the pay machinery. */
function paymentRequests(ctx: CommerceContext, steps: ReturnType<typeof paymentSteps>) {
  const { db, clock, deps } = ctx;
  const { settle, refresh, ask, payOrder } = steps;
  return {
    /** POST /api/order/pay (and the card provider's payment-intent call): charges the order's total once. */
    async pay(req: PayRequest): Promise<PayOutcome> {
      const authorized = await ctx.authorize(req.id, req.token);
      if (authorized.status === 'ordered') throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
      const { method, provider } = ctx.requirePaymentMethod(ctx.data(), req.paymentMethod ?? authorized.payment_method);
      return payOrder({ orderId: authorized.id, method, provider, paymentToken: req.paymentToken });
    },

    /** Captures an authorized payment of the order (intent requires_capture), then settles what the provider says. */
    async capture(orderId: number, token: string | undefined, transactionId: string): Promise<PayOutcome> {
      const order = await ctx.authorize(orderId, token);
      const p = await paymentOfTransaction.first(db, { orderId: order.id, transactionId });
      if (!p) throw new CommerceError('not-found', COMMERCE_TEXTS.notFound);
      const provider = providerOf(ctx, p);
      if (!provider.capture) throw new CommerceError('invalid', PAYMENT_MESSAGES.notAvailable);
      const capture = provider.capture.bind(provider);
      const result = await ask(`capturing ${transactionId} at ${p.gateway}`, () =>
        capture(transactionId, attemptKey(order.id, p.id, 'capture')),
      );
      return outcome((await settle(p.gateway, result, { paymentId: p.id }))!, result);
    },

    /**
     * A provider's webhook event, its signature checked: settles what it reports about a
     * payment of the shop. Every event id is stored; a replay changes nothing.
     */
    async webhook(gateway: string, event: WebhookEvent): Promise<{ received: true; duplicate?: true }> {
      const seen = await db
        .selectFrom('payment_events')
        .select('event_id')
        .where('gateway', '=', gateway)
        .where('event_id', '=', event.id)
        .executeTakeFirst();
      if (seen) return { received: true, duplicate: true };
      if (event.result && !(await settle(gateway, event.result)))
        deps.log.error(
          `${gateway} webhook: ${event.type} for ${event.result.transactionId}: no payment of this shop has it`,
        );
      await db
        .insertInto('payment_events')
        .values({ gateway, event_id: event.id, type: event.type, processed_at: clock.now().toISOString() })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { received: true };
    },

    /** The order's current total and ids on its payment's open transaction (a page that changed the cart before authenticating). */
    async updateOpen(
      orderId: number,
      token: string | undefined,
      transactionId: string,
      gateway: string,
    ): Promise<ChargeResult> {
      const row = await ctx.authorize(orderId, token);
      const p = await paymentOfTransaction.first(db, { orderId: row.id, transactionId, gateway });
      if (!p) throw new CommerceError('not-found', COMMERCE_TEXTS.notFound);
      if (p.status === 'completed') throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
      const provider = providerOf(ctx, p);
      if (!provider.update) throw new CommerceError('invalid', PAYMENT_MESSAGES.notAvailable);
      const update = provider.update.bind(provider);
      const metadata = chargeMetadata(row, p.id);
      const r = await ask(`updating ${transactionId} at ${gateway}`, () =>
        update(
          transactionId,
          { amountCents: row.total_cents, metadata, receiptEmail: row.email },
          attemptKey(row.id, p.id, `update-${row.total_cents}`),
        ),
      );
      await db
        .updateTable('payments')
        .set({ amount_cents: row.total_cents, updated_at: clock.now().toISOString() })
        .where('id', '=', p.id)
        .execute();
      return r;
    },

    /** The order's payment of this transaction, retrieved again from the provider and settled. */
    async retrieve(orderId: number, token: string | undefined, transactionId: string): Promise<PayOutcome> {
      const order = await ctx.authorize(orderId, token);
      const p = await paymentOfTransaction.first(db, { orderId: order.id, transactionId });
      if (!p) throw new CommerceError('not-found', COMMERCE_TEXTS.notFound);
      const provider = providerOf(ctx, p);
      const result = await ask(`retrieving ${transactionId} from ${p.gateway}`, () => provider.retrieve(transactionId));
      return outcome((await settle(p.gateway, result, { paymentId: p.id }))!, result);
    },

    /** POST /api/payment/:method/verify: the return page's step 1; the server asks the provider itself. */
    async verify(method: string, transactionId: string, clientSecret: string): Promise<VerifyResult> {
      const found = await paymentForSecret(db, transactionId, clientSecret);
      if (!found || found.method !== method) throw new CommerceError('not-found', COMMERCE_TEXTS.notFound);
      let p = found;
      if (!wasCanceledWhileWaiting(found)) {
        p = (await refresh(found)).payment;
      }
      const order = await db
        .selectFrom('orders')
        .select(['id', 'order_increment_id', 'quote_id'])
        .where('id', '=', p.order_id)
        .executeTakeFirstOrThrow();
      const quote =
        order.quote_id === null
          ? undefined
          : await db
              .selectFrom('quotes')
              .select(['id', 'quote_increment_id'])
              .where('id', '=', order.quote_id)
              .executeTakeFirst();
      return verifyAnswer(p, order, quote);
    },
  };
}

export function paymentService(ctx: CommerceContext, orders: OrderService) {
  const steps = paymentSteps(ctx, orders);
  return { ...steps, ...paymentRequests(ctx, steps) };
}
