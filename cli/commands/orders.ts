/**
 * `joinery orders [list]` and `joinery orders show ID_OR_NUMBER`: the shop's orders and whether
 * they are paid, read from the server's database (DATABASE_URL, else the SQLite file: JOINERY_DB,
 * else $JOINERY_DATA_DIR/joinery.db, else var/joinery.db).
 *
 * Read-only: the database is opened without migrating it (a missing file or pending migrations
 * are reported, not created) and only SELECTs run. Amounts stay integer cents until written: the
 * text formats them in the shop's locale (site.json), JSON writes decimal numbers, CSV decimals.
 *
 * `--status on_hold` is no order status: it lists the orders whose latest payment the gateway
 * holds for review (payment status on_hold that is not waiting for the card holder's
 * authentication): a gateway's review, an amount that did not match, or an attempt whose
 * answer was lost and which no provider could look up. Their order status stays pending_payment.
 */

import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { setCurrentShop } from '../../engine/commerce/shop.ts';
import { fromCents, rowIdOf, type OrderStatus } from '../../engine/node.ts';
import { incrementIdFor, toOrderView, type OrderView, type PaymentView } from '../../server/commerce/order-store.ts';
import { readSiteJson } from '../../server/config.ts';
import { appliedMigrations } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { isPostgresUrl, openDatabase, type Db } from '../../server/db/open.ts';
import type { OrderRow, PaymentState, PaymentStatus } from '../../server/db/schema.ts';
import { databaseTarget, dbFileFromEnv, redactUrl } from '../../server/default-deps.ts';
import { getSiteDir } from '../context.ts';
import { EXIT_CONTENT, EXIT_OK, UsageError } from '../exit-codes.ts';
import { centsText, columns, csv, money, table, terminalText, when } from './orders-output.ts';

/** The order statuses the checkout sets (engine/commerce/payment-status.ts). */
export const ORDER_STATUSES = ['pending', 'pending_payment', 'ordered'] as const satisfies readonly OrderStatus[];
/** Orders whose latest payment the gateway holds for review. */
export const ON_HOLD = 'on_hold';
export const LIST_FORMATS = ['table', 'json', 'csv'] as const;
export const SHOW_FORMATS = ['text', 'json'] as const;
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 10_000;

/** Why an on_hold payment waits: the gateway's review, or the card holder's authentication. */
export type Hold = 'review' | 'authentication';

export interface ListOptions {
  status?: string;
  since?: string;
  limit?: string;
  format?: string;
}

/** The option's value when it is one of `allowed`; a usage error naming them otherwise. */
export const oneOf = <T extends string>(option: string, allowed: readonly T[], v: string): T => {
  if ((allowed as readonly string[]).includes(v)) return v as T;
  throw new UsageError(`${option} takes ${allowed.join(' | ')}, got "${v}"`);
};

export function parseLimit(v: string): number {
  const n = /^\d{1,6}$/.test(v.trim()) ? Number(v) : NaN;
  if (!(n >= 1 && n <= MAX_LIMIT))
    throw new UsageError(`--limit takes a whole number from 1 to ${MAX_LIMIT}, got "${v}"`);
  return n;
}

const AGO: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * --since: a time ago ("30m", "24h", "7d", "2w") or an ISO date or time ("2025-01-31",
 * "2025-01-31T09:30", "2025-01-31T09:30:00+01:00"; UTC when it names no zone).
 */
export function parseSince(v: string, now: Date): Date {
  const s = v.trim();
  const ago = /^(\d{1,5})([mhdw])$/.exec(s);
  if (ago) return new Date(now.getTime() - Number(ago[1]) * AGO[ago[2]!]!);
  const m = ISO_DATE.exec(s);
  if (m) {
    const [, y, mo, d, h = '00', mi = '00', sec = '00', frac = '', zone] = m;
    const t = new Date(
      `${y}-${mo}-${d}T${h}:${mi}:${sec}${frac}${zone ? zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2').toUpperCase() : 'Z'}`,
    );
    // Date() rolls 2025-02-30 over to March: the fields must survive the round trip.
    const back = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)));
    const fieldsOk =
      back.getUTCFullYear() === Number(y) &&
      back.getUTCMonth() === Number(mo) - 1 &&
      back.getUTCDate() === Number(d) &&
      Number(h) < 24 &&
      Number(mi) < 60 &&
      Number(sec) < 60;
    if (fieldsOk && !Number.isNaN(t.getTime())) return t;
  }
  throw new UsageError(
    `--since takes a date (2025-01-31, 2025-01-31T09:30Z) or a time ago (30m, 24h, 7d, 2w), got "${v}"`,
  );
}

// --- the database ---

/** The server's database, opened for reading: never created, never migrated. */
async function openForReading(): Promise<Db> {
  let target: string;
  try {
    target = databaseTarget(process.env, dbFileFromEnv(process.env));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const rel = relative(process.cwd(), target);
  const where = isPostgresUrl(target) ? redactUrl(target) : rel && !rel.startsWith('..') ? rel : target;
  if (!isPostgresUrl(target) && !existsSync(target))
    throw new UsageError(`no database at ${where}: set DATABASE_URL, JOINERY_DB or JOINERY_DATA_DIR to the server's`);
  const db = openDatabase(target, { poolSize: 1 });
  try {
    const applied = new Set(await appliedMigrations(db));
    const pending = Object.keys(migrations).filter((m) => !applied.has(m));
    if (pending.length)
      throw new UsageError(
        `the database ${where} is not up to date (${pending.length} migration${pending.length === 1 ? '' : 's'} pending): run joinery migrate`,
      );
    return db;
  } catch (e) {
    await db.destroy();
    throw e instanceof UsageError ? e : new UsageError(`cannot read the database ${where}: ${(e as Error).message}`);
  }
}

/** Runs `work` on the database, read-only, closing it after; a failing query is a tool failure (exit 2), reported in one line. */
export async function withDatabase(work: (db: Db) => Promise<number>, what = 'the orders'): Promise<number> {
  const db = await openForReading();
  try {
    return await work(db);
  } catch (e) {
    throw e instanceof UsageError ? e : new UsageError(`cannot read ${what}: ${(e as Error).message}`);
  } finally {
    await db.destroy();
  }
}

/** The amounts are written in the shop's locale: its rules set as the server sets them. */
export function applyShopRules(): void {
  const shop = readSiteJson(getSiteDir()).shop;
  if (shop) setCurrentShop(shop);
}

/** On hold for the card holder's authentication (the payment's stored state), else for a review. */
export const holdOf = (status: PaymentStatus, state: PaymentState): Hold | null =>
  status !== 'on_hold' ? null : state === 'awaiting_customer' ? 'authentication' : 'review';

const statusLabel = (status: string, hold: Hold | null) => (hold ? `${status} (${hold})` : status);

// --- orders list ---

interface LatestPayment {
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

async function validStatuses(db: Db): Promise<string[]> {
  const stored = await db.selectFrom('orders').select('status').distinct().execute();
  return [...new Set<string>([...ORDER_STATUSES, ...stored.map((r) => r.status)]), ON_HOLD];
}

/** The orders, newest first, each with its latest payment; `more` when the limit cut the list. */
export async function listOrders(
  db: Db,
  o: { status?: string; since?: Date; limit: number },
): Promise<{ orders: OrderSummary[]; more: boolean }> {
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
  const onHold = o.status === ON_HOLD;
  // Held for review, not waiting for the card holder's authentication.
  if (onHold) q = q.where('p.status', '=', 'on_hold').where('p.state', '!=', 'awaiting_customer');
  else if (o.status) q = q.where('o.status', '=', o.status);
  const rows = await q.limit(o.limit + 1).execute();
  const all = rows.map((r): OrderSummary => {
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
  return { orders: all.slice(0, o.limit), more: all.length > o.limit };
}

/** An order of the list as JSON: the API's names, amounts as decimal numbers. */
export const summaryJson = (s: OrderSummary) => ({
  id: s.id,
  orderIncrementId: s.orderIncrementId,
  createdAt: s.createdAt,
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
  status: s.status,
  total: fromCents(s.totalCents),
  orderCurrencyCode: s.currency,
  paymentMethod: s.paymentMethod,
  paymentMethodLabel: s.paymentMethodLabel,
  latestPayment: s.latestPayment && {
    id: s.latestPayment.id,
    status: s.latestPayment.status,
    hold: s.latestPayment.hold,
    gateway: s.latestPayment.gateway,
    transactionId: s.latestPayment.transactionId,
    amount: fromCents(s.latestPayment.amountCents),
    createdAt: s.latestPayment.createdAt,
  },
});

export const CSV_HEAD = [
  'number',
  'id',
  'created_at',
  'first_name',
  'last_name',
  'email',
  'status',
  'total',
  'currency',
  'payment_method',
  'payment_status',
  'payment_hold',
  'payment_transaction_id',
] as const;

const csvRow = (s: OrderSummary) => [
  s.orderIncrementId,
  s.id,
  s.createdAt,
  s.firstName,
  s.lastName,
  s.email,
  s.status,
  centsText(s.totalCents),
  s.currency,
  s.paymentMethod,
  s.latestPayment?.status ?? null,
  s.latestPayment?.hold ?? null,
  s.latestPayment?.transactionId ?? null,
];

const TABLE_HEAD = [
  'Number',
  'Date (UTC)',
  'Customer',
  'E-mail',
  'Status',
  'Total',
  'Payment method',
  'Latest payment',
];

const tableRow = (s: OrderSummary) =>
  [
    s.orderIncrementId,
    when(s.createdAt),
    `${s.firstName} ${s.lastName}`,
    s.email,
    s.status,
    money(s.totalCents, s.currency),
    s.paymentMethodLabel || s.paymentMethod,
    s.latestPayment ? statusLabel(s.latestPayment.status, s.latestPayment.hold) : 'none',
  ].map(terminalText);

export async function ordersListCommand(opts: ListOptions = {}): Promise<number> {
  const format = oneOf('--format', LIST_FORMATS, opts.format ?? 'table');
  const limit = parseLimit(opts.limit ?? String(DEFAULT_LIMIT));
  const since = opts.since === undefined ? undefined : parseSince(opts.since, new Date());
  return withDatabase(async (db) => {
    if (opts.status !== undefined) {
      const valid = await validStatuses(db);
      if (!valid.includes(opts.status))
        throw new UsageError(
          `--status takes ${valid.join(' | ')} (${ON_HOLD}: the latest payment is held for review by the gateway), got "${opts.status}"`,
        );
    }
    applyShopRules();
    const { orders, more } = await listOrders(db, {
      ...(opts.status !== undefined ? { status: opts.status } : {}),
      ...(since ? { since } : {}),
      limit,
    });
    if (format === 'json') process.stdout.write(`${JSON.stringify(orders.map(summaryJson), null, 2)}\n`);
    else if (format === 'csv') process.stdout.write(csv(CSV_HEAD, orders.map(csvRow)));
    else if (!orders.length) process.stdout.write(`${noOrders(opts.status, since)}\n`);
    else {
      const lines = table(TABLE_HEAD, orders.map(tableRow), new Set([5]));
      lines.push(
        '',
        `${orders.length} order${orders.length === 1 ? '' : 's'}${more ? `, the newest ${limit}: --limit N shows more` : ''}`,
      );
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return EXIT_OK;
  });
}

function noOrders(status: string | undefined, since: Date | undefined): string {
  const filters = [
    status === ON_HOLD ? 'held for review' : status && `with status ${status}`,
    since && `since ${since.toISOString()}`,
  ].filter(Boolean);
  return `No orders${filters.length ? ` ${filters.join(' ')}` : ''}.`;
}

// --- orders show ---

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

const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const cents = (amount: number) => Math.round(amount * 100);

/** Whether the order is paid, in one line. */
function paidLine(o: OrderDetail): string {
  const m = (amount: number) => money(cents(amount), o.orderCurrencyCode);
  if (o.payments.some((p) => p.status === 'completed')) return `Paid: ${m(o.amountPaid)} of ${m(o.total)}`;
  const last = o.payments.at(-1);
  if (!last) return 'Paid: no (no payment yet)';
  const why =
    last.hold === 'review'
      ? 'held for review by the gateway'
      : last.hold === 'authentication'
        ? "waiting for the card holder's authentication"
        : last.status;
  return `Paid: no (latest payment ${why})`;
}

export function orderDetailLines(o: OrderDetail): string[] {
  const m = (amount: number) => money(cents(amount), o.orderCurrencyCode);
  const t = terminalText;
  const lines = [
    `Order #${o.orderIncrementId} (id ${o.id}): ${o.status}`,
    paidLine(o),
    `Placed ${when(o.createdAt)} UTC by ${t(`${o.firstName} ${o.lastName} <${o.email}>`)}${o.customerIsGuest ? ' (guest)' : ''}`,
    `Payment method: ${t(o.paymentMethodLabel)} (${t(o.paymentMethod)})`,
    `Shipping: ${t(o.shippingLabel)} (${t(o.shippingMethod)})`,
  ];
  if (o.additionalNotes) lines.push(`Notes: ${t(o.additionalNotes)}`);

  // The lines with the totals under their amounts, as on an invoice. A quote's order carries its discount only in the total.
  const discountCents = cents(o.subtotal) + cents(o.shippingAmount) + cents(o.taxAmount) - cents(o.total);
  const totals: [string, string][] = [
    ['Subtotal', m(o.subtotal)],
    ['Shipping', m(o.shippingAmount)],
    [o.taxPercent ? `Tax (${o.taxPercent}%)` : 'Tax', m(o.taxAmount)],
    ...(discountCents ? [['Discount', money(-discountCents, o.orderCurrencyCode)] as [string, string]] : []),
    ['Total', m(o.total)],
    ['Paid', m(o.amountPaid)],
  ];
  lines.push('', 'Items');
  lines.push(
    ...columns(
      [
        ...o.items.map((it) => {
          const finish = it.customOptions?.finish?.label;
          return [
            t(it.sku),
            t(finish && !it.name.toLowerCase().includes(finish.toLowerCase()) ? `${it.name} (${finish})` : it.name),
            `${it.qty} x ${m(it.price)}`,
            m(it.rowTotal),
          ];
        }),
        ...totals.map(([label, amount]) => ['', '', label, amount]),
      ],
      new Set([2, 3]),
    ),
  );

  const billing = o.addresses.find((a) => a.type === 'billing');
  const shipping = o.addresses.find((a) => a.type === 'shipping');
  for (const [title, a] of [
    ['Billing address', billing],
    ['Shipping address', shipping],
  ] as const) {
    lines.push('', title);
    if (!a) lines.push('  (none)');
    else if (title === 'Shipping address' && o.sameAsBilling) lines.push('  same as billing');
    else
      lines.push(
        ...[
          `${a.firstName} ${a.lastName}`,
          [a.street1, a.street2].filter(Boolean).join(', '),
          `${a.city}, ${a.state} ${a.zipCode}, ${a.countryId}`,
          [a.email, a.phoneNumber].filter(Boolean).join('  '),
        ].map((l) => `  ${t(l)}`),
      );
  }

  lines.push('', 'Payments');
  if (!o.payments.length) lines.push('  none');
  const paymentLines = columns(
    o.payments.map((p) => {
      const { brand, last4 } = p.additionalData;
      const card = brand || last4 ? `${text(brand) || 'card'} ending ${text(last4) || '?'}` : '';
      return [
        `#${p.id}`,
        when(p.createdAt),
        statusLabel(p.status, p.hold),
        m(p.amount),
        t(p.gateway),
        t(p.transactionId ?? 'no transaction id'),
        t(card),
      ];
    }),
    new Set([3]),
  );
  o.payments.forEach((p, i) => {
    lines.push(paymentLines[i]!);
    const message = text(p.additionalData.message);
    if (message) lines.push(`      ${t(message)}`);
  });

  lines.push('', 'Status history');
  lines.push(
    ...columns(
      o.statusHistory.map((h) => [
        when(h.createdAt),
        t(h.status),
        `${t(h.comment)}${h.isCustomerNotified ? ' (customer notified)' : ''}`,
      ]),
    ),
  );
  return lines;
}

export async function ordersShowCommand(idOrNumber: string, opts: { format?: string } = {}): Promise<number> {
  const format = oneOf('--format', SHOW_FORMATS, opts.format ?? 'text');
  if (!/^#?\d{1,20}$/.test(idOrNumber.trim()))
    throw new UsageError(`orders show takes an order number (100000001) or id, got "${idOrNumber}"`);
  return withDatabase(async (db) => {
    const order = await findOrderDetail(db, idOrNumber);
    if (!order) {
      console.error(`joinery orders show: no order ${idOrNumber}`);
      return EXIT_CONTENT;
    }
    applyShopRules();
    process.stdout.write(
      format === 'json' ? `${JSON.stringify(order, null, 2)}\n` : `${orderDetailLines(order).join('\n')}\n`,
    );
    return EXIT_OK;
  });
}
