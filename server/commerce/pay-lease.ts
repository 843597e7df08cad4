/**
 * The lease of the pay step (see pay.ts): taking the order for one step, checking it under the
 * lease, and writing the pending payment of a new attempt.
 */
import type { Insertable, Transaction } from 'kysely';
import { fields, prepared } from '../db/prepared.ts';
import type { Database, OrderRow, PaymentRow, PaymentsTable } from '../db/schema.ts';
import {
  COMMERCE_TEXTS,
  isAwaitingAuthentication,
  isHeldForReview,
  isStranded,
  type CommerceContext,
} from './context.ts';
import { CommerceError } from './errors.ts';
import { assertPaymentAttemptsLeft } from './pay-limits.ts';
import type { PayOrderRequest } from './pay-attempt.ts';

// The lease's statements, compiled once (server/db/prepared.ts).
const leaseOrder = prepared((db, $: { id: number; until: string; now: string }) =>
  db
    .updateTable('orders')
    .set({ payment_lock_until: $.until })
    .where('id', '=', $.id)
    .where('status', '!=', 'ordered')
    .where((eb) => eb.or([eb('payment_lock_until', 'is', null), eb('payment_lock_until', '<=', $.now)]))
    .returningAll(),
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

/** A payment held for review, found where a new charge would start: it ends the lease's transaction. */
class HeldPayment extends Error {
  constructor(readonly payment: PaymentRow) {
    super(`payment ${payment.id} is held for review`);
  }
}

/** The order under a new lease, with its pending payment written, or the lost attempts to recover first. */
export interface Leased {
  row: OrderRow;
  payment: PaymentRow | undefined;
  lost: PaymentRow[];
}

/**
 * Holds the order for one payment step and returns it as it now is (a change that committed
 * before counts); undefined when another step holds it or the order is paid.
 */
export function takeLease(
  trx: Transaction<Database>,
  orderId: number,
  now: Date,
  leaseMs: number,
): Promise<OrderRow | undefined> {
  return leaseOrder.first(trx, {
    id: orderId,
    until: new Date(now.getTime() + leaseMs).toISOString(),
    now: now.toISOString(),
  }) as Promise<OrderRow | undefined>;
}

/** A new attempt of the order: pending, for the order's total. */
export const newPayment = (
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
export async function changeMethod(trx: Transaction<Database>, row: OrderRow, method: { name: string; title: string }) {
  if (method.name !== row.payment_method)
    await setPaymentMethod.run(trx, { id: row.id, method: method.name, label: method.title });
}

/** A lease's transaction; a payment held for review found under it ends it (rolled back) as the held answer. */
async function leaseTransaction<T>(
  ctx: CommerceContext,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T | { held: PaymentRow }> {
  try {
    return await ctx.db.transaction().execute(work);
  } catch (e) {
    if (e instanceof HeldPayment) return { held: e.payment };
    throw e;
  }
}

/** Checks the leased order and writes its attempt, when nothing must be asked of a provider first. */
async function checkLeased(
  ctx: CommerceContext,
  trx: Transaction<Database>,
  req: PayOrderRequest,
  row: OrderRow,
  now: string,
): Promise<Leased> {
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
  await changeMethod(trx, row, req.method);
  return { row, payment: await newPayment(trx, row, req.method, req.provider.gateway, now), lost };
}

/**
 * Takes the order's lease for one pay step and checks the order under it (a refusal rolls the
 * lease back with it): the order as it is under the lease, whose total is what gets charged,
 * with its pending payment written, or the lost attempts to recover first. A conflict when
 * another step holds the order or it is paid.
 */
export async function leaseForPayment(
  ctx: CommerceContext,
  leaseMs: number,
  req: PayOrderRequest,
  start: Date,
  now: string,
): Promise<Leased | { held: PaymentRow }> {
  const leased = await leaseTransaction(ctx, async (trx) => {
    const row = await takeLease(trx, req.orderId, start, leaseMs);
    return row ? checkLeased(ctx, trx, req, row, now) : undefined;
  });
  if (!leased) {
    const current = await ctx.db.selectFrom('orders').select('status').where('id', '=', req.orderId).executeTakeFirst();
    throw new CommerceError(
      'conflict',
      current?.status === 'ordered' ? COMMERCE_TEXTS.alreadyPaid : COMMERCE_TEXTS.inProgress,
    );
  }
  return leased;
}
