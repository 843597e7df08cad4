/**
 * The settle step (see pay.ts): one idempotent step, keyed by the provider's transaction id,
 * used by the pay call, the verify page, the webhook and the reconciler alike.
 */
import type { Transaction } from 'kysely';
import { orderStatusAfterPayment } from '../../engine/node.ts';
import { fields, prepared } from '../db/prepared.ts';
import type { Database, OrderRow, PaymentRow, PaymentState, PaymentStatus } from '../db/schema.ts';
import { enqueueMails } from '../mail/outbox.ts';
import type { ChargeResult } from '../payments/provider.ts';
import { additionalData, type CommerceContext } from './context.ts';
import { orderEmails, type ShopInfo } from './order-emails.ts';
import { addHistory, loadOrderView } from './order-store.ts';
import { hashOrderToken } from './order-token.ts';
import { historyComment, PAY_TEXTS, type Settled } from './pay-answer.ts';
import { settledState, stateAfter } from './payment-state.ts';

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
export const releaseLeaseOf = prepared((db, $: { id: number }) =>
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

/** What settle applies: the provider's news, held for review when its amount is not the payment's. */
interface Verdict {
  status: PaymentStatus;
  message: string;
  next: ChargeResult['next'];
}

/** A completed answer whose amount differs from the stored one never completes the order: it is held for review. */
function checkAmount(ctx: CommerceContext, gateway: string, result: ChargeResult, p: PaymentRow): Verdict {
  const { status, message, next } = result;
  if (status !== 'completed' || result.amountCents === undefined || result.amountCents === p.amount_cents)
    return { status, message, next };
  ctx.deps.log.error(
    `checkout: ${gateway} transaction ${result.transactionId} reports ${result.amountCents} cents, payment ${p.id} is ${p.amount_cents}`,
  );
  return { status: 'on_hold', next: 'review', message: PAY_TEXTS.amountMismatch };
}

/** The payment row as this news leaves it, when it changes anything (a repeat of the stored news does not). */
function paymentUpdate(gateway: string, result: ChargeResult, p: PaymentRow, v: Verdict, now: string) {
  const stored = additionalData(p);
  const transactionId = result.transactionId ?? p.transaction_id;
  const state = settledState(p.state, stateAfter(v.status, v.next, transactionId));
  const sameNews =
    p.status === v.status &&
    p.state === state &&
    p.transaction_id === result.transactionId &&
    Object.entries(result.details ?? {}).every(([k, val]) => stored[k] === val);
  if (sameNews) return undefined;
  const extra = { ...stored, gateway, next: v.next, ...result.details, message: v.message, ...result.card };
  return {
    status: v.status,
    state,
    transaction_id: transactionId,
    // The return page after authentication proves itself with this secret.
    ...(result.handoff?.secret && v.next === 'authenticate'
      ? { client_secret_hash: hashOrderToken(result.handoff.secret) }
      : {}),
    additional_data: JSON.stringify(extra),
    updated_at: now,
  };
}

/**
 * The order after its payment changed: its status (a paid order stays ordered whatever another
 * attempt says), a history entry and, when this payment completes it, the order-paid hooks (its
 * quote) and the two e-mails, all in the settle transaction.
 */
async function settleOrder(
  ctx: CommerceContext,
  trx: Transaction<Database>,
  s: { updated: PaymentRow; found: { status: string }; result: ChargeResult; v: Verdict; now: string; shop: ShopInfo },
) {
  const { updated, found, result, v, now } = s;
  const orderId = updated.order_id;
  const completed = v.status === 'completed' && found.status !== 'ordered';
  const orderStatus = found.status === 'ordered' ? 'ordered' : orderStatusAfterPayment(v.status);
  const orderRow = (await setOrderStatus.first(trx, { id: orderId, status: orderStatus, now })) as OrderRow;
  await addHistory(trx, orderId, orderStatus, historyComment(orderId, updated, { ...result, ...v }), ctx.clock);
  // The order as this transaction leaves it: what the caller answers with, read once.
  const view = (await loadOrderView(trx, orderId, orderRow))!;
  if (completed) await enqueueMails(trx, orderEmails(view, s.shop, await ctx.orderPaid(trx, orderRow, now)), ctx.clock);
  return { completed, view };
}

/**
 * The settle step. Finds the payment by the provider's transaction id (or, for an answer that
 * came before the id was stored, by our payment id in the provider's metadata), and applies
 * the result once. Undefined when no payment of this gateway matches.
 */
export async function settlePayment(
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
    const unchanged = { payment: p, orderId: p.order_id, changed: false, completed: false };
    const v = checkAmount(ctx, gateway, result, p);
    // A completed payment never goes back; the same news twice changes nothing.
    const set = p.status === 'completed' ? undefined : paymentUpdate(gateway, result, p, v, now);
    if (!set) return unchanged;
    const updated = await updatePayment.first(trx, {
      id: p.id,
      fromStatus: p.status,
      fromUpdatedAt: p.updated_at,
      set,
    });
    // Another caller settled it in between: theirs stands.
    if (!updated) return { ...unchanged, payment: (await paymentOfId.first(trx, { id: p.id }))! };
    const found = released ?? (await orderStatusOf.first(trx, { id: p.order_id }))!;
    const { completed, view } = await settleOrder(ctx, trx, { updated, found, result, v, now, shop });
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
