/**
 * The orders as the shop's staff read them (`joinery orders`): the list, newest first, each with
 * its latest payment, filtered and limited in the query; one order with its lines, addresses,
 * payments and history. Read-only.
 *
 * `on_hold` is no order status: it selects the orders whose latest payment the gateway holds for
 * review (payment status on_hold that is not waiting for the card holder's authentication): a
 * gateway's review, an amount that did not match, or an attempt whose answer was lost and which
 * no provider could look up. Their order status stays pending_payment.
 */
import { fromCents, rowIdOf, type OrderStatus } from '../../engine/node.ts';
import type { Db } from '../db/open.ts';
import type { OrderRow, PaymentState, PaymentStatus } from '../db/schema.ts';
import { incrementIdFor, toOrderView, type OrderView, type PaymentView } from './order-store.ts';

/** The order statuses the checkout sets (engine/commerce/payment-status.ts). */
const ORDER_STATUSES = ['pending', 'pending_payment', 'ordered'] as const satisfies readonly OrderStatus[];
/** Orders whose latest payment the gateway holds for review. */
export const ON_HOLD = 'on_hold';

/** Why an on_hold payment waits: the gateway's review, or the card holder's authentication. */
export type Hold = 'review' | 'authentication';

/** On hold for the card holder's authentication (the payment's next step; older rows name the intent status), else for a review. */
const holdOf = (status: PaymentStatus, state: PaymentState): Hold | null =>
  status !== 'on_hold' ? null : state === 'awaiting_customer' ? 'authentication' : 'review';

export interface LatestPayment {
  id: number;
  status: PaymentStatus;
  hold: Hold | null;
  gateway: string;
  transactionId: string | null;
  amountCents: number;
  createdAt: string;
}

export interface OrderSummary {
  id: number;
  orderIncrementId: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  totalCents: number;
  currency: string;
  paymentMethod: string;
  paymentMethodLabel: string;
  latestPayment: LatestPayment | null;
}

export interface OrderListFilter {
  /** An order status, or ON_HOLD. */
  status?: string;
  since?: Date;
  limit: number;
}

/** The statuses a list may filter on: the checkout's, those stored, and ON_HOLD. */
export async function orderStatusFilters(db: Db): Promise<string[]> {
  const stored = await db.selectFrom('orders').select('status').distinct().execute();
  return [...new Set<string>([...ORDER_STATUSES, ...stored.map((r) => r.status)]), ON_HOLD];
}

/** The orders, newest first, each with its latest payment; `more` when the limit cut the list. */
export async function listOrders(db: Db, o: OrderListFilter): Promise<{ orders: OrderSummary[]; more: boolean }> {
  let q = db
    .selectFrom('orders as o')
    .leftJoin('payments as p', (join) =>
      join.on((eb) =>
        eb(
          'p.id',
          '=',
          eb
            .selectFrom('payments as lp')
            .select((e) => e.fn.max('lp.id').as('id'))
            .whereRef('lp.order_id', '=', 'o.id'),
        ),
      ),
    )
    .select([
      'o.id',
      'o.order_increment_id',
      'o.created_at',
      'o.first_name',
      'o.last_name',
      'o.email',
      'o.status',
      'o.total_cents',
      'o.order_currency_code',
      'o.payment_method',
      'o.payment_method_label',
      'p.id as payment_id',
      'p.status as payment_status',
      'p.gateway as payment_gateway',
      'p.transaction_id as payment_transaction_id',
      'p.amount_cents as payment_amount_cents',
      'p.state as payment_state',
      'p.created_at as payment_created_at',
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc');
  if (o.since) q = q.where('o.created_at', '>=', o.since.toISOString());
  if (o.status === ON_HOLD) {
    // Held for review: on hold and not waiting for the card holder's authentication.
    q = q.where('p.status', '=', 'on_hold').where('p.state', '!=', 'awaiting_customer');
  } else if (o.status) q = q.where('o.status', '=', o.status);
  const rows = await q.limit(o.limit + 1).execute();
  const orders = rows.slice(0, o.limit).map((r): OrderSummary => {
    return {
      id: r.id,
      orderIncrementId: r.order_increment_id ?? incrementIdFor(r.id),
      createdAt: r.created_at,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      status: r.status,
      totalCents: r.total_cents,
      currency: r.order_currency_code,
      paymentMethod: r.payment_method,
      paymentMethodLabel: r.payment_method_label,
      latestPayment:
        r.payment_id === null
          ? null
          : {
              id: r.payment_id,
              status: r.payment_status!,
              hold: holdOf(r.payment_status!, r.payment_state!),
              gateway: r.payment_gateway!,
              transactionId: r.payment_transaction_id,
              amountCents: r.payment_amount_cents!,
              createdAt: r.payment_created_at!,
            },
    };
  });
  return { orders, more: rows.length > o.limit };
}

export interface OrderDetail extends OrderView {
  payments: (PaymentView & { gateway: string; hold: Hold | null })[];
  /** What the completed payments brought in. */
  amountPaid: number;
}

/** The order named by its number (100000001, #100000001) or its id; undefined when there is none. */
export async function findOrderDetail(db: Db, idOrNumber: string): Promise<OrderDetail | undefined> {
  const key = idOrNumber.trim().replace(/^#/, '');
  const byNumber = await db.selectFrom('orders').selectAll().where('order_increment_id', '=', key).executeTakeFirst();
  // A number past any row id (PostgreSQL's integer) names no order: asked for, PostgreSQL fails.
  const id = rowIdOf(key);
  const row: OrderRow | undefined =
    byNumber ??
    (id === undefined ? undefined : await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst());
  if (!row) return undefined;
  const [items, addresses, payments, history] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', '=', row.id).orderBy('position').execute(),
    db.selectFrom('order_addresses').selectAll().where('order_id', '=', row.id).execute(),
    db.selectFrom('payments').selectAll().where('order_id', '=', row.id).orderBy('id').execute(),
    db.selectFrom('order_status_history').selectAll().where('order_id', '=', row.id).orderBy('id').execute(),
  ]);
  const view = toOrderView(row, items, addresses, payments, history);
  const paidCents = payments.filter((p) => p.status === 'completed').reduce((n, p) => n + p.amount_cents, 0);
  return {
    ...view,
    payments: view.payments.map((p, i) => ({
      ...p,
      gateway: payments[i]!.gateway,
      hold: holdOf(p.status, payments[i]!.state),
    })),
    amountPaid: fromCents(paidCents),
  };
}
