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
import { fromCents } from '../../engine/node.ts';
import {
  findOrderDetail,
  listOrders,
  ON_HOLD,
  orderStatusFilters,
  type Hold,
  type OrderDetail,
  type OrderSummary,
} from '../../server/orders/index.ts';
import { EXIT_CONTENT, EXIT_OK, UsageError } from '../exit-codes.ts';
import {
  DEFAULT_LIMIT,
  LIST_FORMATS,
  oneOf,
  parseLimit,
  parseSince,
  SHOW_FORMATS,
  shopLocale,
  withDatabase,
} from './list-options.ts';
import { centsText, columns, csv, money, table, terminalText, when } from './orders-output.ts';

const WHAT = 'the orders';

// --- orders list ---

const statusLabel = (status: string, hold: Hold | null) => (hold ? `${status} (${hold})` : status);

export interface ListOptions {
  status?: string;
  since?: string;
  limit?: string;
  format?: string;
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

const tableRow = (s: OrderSummary, locale: string) =>
  [
    s.orderIncrementId,
    when(s.createdAt),
    `${s.firstName} ${s.lastName}`,
    s.email,
    s.status,
    money(s.totalCents, s.currency, locale),
    s.paymentMethodLabel || s.paymentMethod,
    s.latestPayment ? statusLabel(s.latestPayment.status, s.latestPayment.hold) : 'none',
  ].map(terminalText);

export async function ordersListCommand(opts: ListOptions = {}): Promise<number> {
  const format = oneOf('--format', LIST_FORMATS, opts.format ?? 'table');
  const limit = parseLimit(opts.limit ?? String(DEFAULT_LIMIT));
  const since = opts.since === undefined ? undefined : parseSince(opts.since, new Date());
  return withDatabase(async (db) => {
    if (opts.status !== undefined) {
      const valid = await orderStatusFilters(db);
      if (!valid.includes(opts.status))
        throw new UsageError(
          `--status takes ${valid.join(' | ')} (${ON_HOLD}: the latest payment is held for review by the gateway), got "${opts.status}"`,
        );
    }
    const locale = shopLocale();
    const { orders, more } = await listOrders(db, {
      ...(opts.status !== undefined ? { status: opts.status } : {}),
      ...(since ? { since } : {}),
      limit,
    });
    if (format === 'json') process.stdout.write(`${JSON.stringify(orders.map(summaryJson), null, 2)}\n`);
    else if (format === 'csv') process.stdout.write(csv(CSV_HEAD, orders.map(csvRow)));
    else if (!orders.length) process.stdout.write(`${noOrders(opts.status, since)}\n`);
    else {
      const lines = table(
        TABLE_HEAD,
        orders.map((s) => tableRow(s, locale)),
        new Set([5]),
      );
      lines.push(
        '',
        `${orders.length} order${orders.length === 1 ? '' : 's'}${more ? `, the newest ${limit}: --limit N shows more` : ''}`,
      );
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return EXIT_OK;
  }, WHAT);
}

function noOrders(status: string | undefined, since: Date | undefined): string {
  const filters = [
    status === ON_HOLD ? 'held for review' : status && `with status ${status}`,
    since && `since ${since.toISOString()}`,
  ].filter(Boolean);
  return `No orders${filters.length ? ` ${filters.join(' ')}` : ''}.`;
}

// --- orders show ---

const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const cents = (amount: number) => Math.round(amount * 100);

/** Whether the order is paid, in one line. */
function paidLine(o: OrderDetail, locale: string): string {
  const m = (amount: number) => money(cents(amount), o.orderCurrencyCode, locale);
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

export function orderDetailLines(o: OrderDetail, locale: string): string[] {
  const m = (amount: number) => money(cents(amount), o.orderCurrencyCode, locale);
  const t = terminalText;
  const lines = [
    `Order #${o.orderIncrementId} (id ${o.id}): ${o.status}`,
    paidLine(o, locale),
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
    ...(discountCents ? [['Discount', money(-discountCents, o.orderCurrencyCode, locale)] as [string, string]] : []),
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
    process.stdout.write(
      format === 'json'
        ? `${JSON.stringify(order, null, 2)}\n`
        : `${orderDetailLines(order, shopLocale()).join('\n')}\n`,
    );
    return EXIT_OK;
  }, WHAT);
}
