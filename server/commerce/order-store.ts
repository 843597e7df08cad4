/**
 * Orders in the database: writing a new order with its lines, addresses and first history
 * entry, and reading one back in the API's shape (spec "Order (as returned)", camelCase).
 * The database holds integer cents; the API shows dollars with two decimals: the conversion
 * happens here and nowhere else.
 */
import type { Insertable, Transaction } from 'kysely';
import { type Address, type OrderTotals, fromCents, toCents } from '../../engine/node.ts';
import type { Clock } from '../clock.ts';
import { fields, prepared } from '../db/prepared.ts';
import type {
  AddressType,
  Database,
  Db,
  OrderAddressesTable,
  OrderItemRow,
  OrderItemsTable,
  OrderAddressRow,
  OrderRow,
  OrdersTable,
  OrderStatusHistoryRow,
  OrderStatusHistoryTable,
  PaymentRow,
  PaymentStatus,
} from '../db/schema.ts';
import { addressColumns, addressView, byAddressType, type TypedAddressView } from './address-columns.ts';
import type { PricedItem } from './pricing.ts';

/** The human order number: 100000000 + id. */
export const incrementIdFor = (id: number) => String(100_000_000 + id);

export interface OrderItemView extends Omit<PricedItem, 'finish' | 'styleName' | 'styleTitle'> {
  customOptions: { finish: PricedItem['finish']; styleName: string; styleTitle: string };
}

export interface PaymentView {
  id: number;
  method: string;
  methodLabel: string;
  status: PaymentStatus;
  amount: number;
  /** What was paid: the amount when completed, else 0. */
  amountPaid: number;
  transactionId: string | null;
  additionalData: Record<string, unknown>;
  createdAt: string;
}

export interface HistoryView {
  status: string;
  comment: string;
  isCustomerNotified: boolean;
  createdAt: string;
}

export interface OrderView extends OrderTotals {
  id: number;
  orderIncrementId: string;
  state: string;
  status: string;
  email: string;
  firstName: string;
  lastName: string;
  customerIsGuest: boolean;
  sameAsBilling: boolean;
  taxPercent: number;
  shippingMethod: string;
  shippingLabel: string;
  paymentMethod: string;
  paymentMethodLabel: string;
  orderCurrencyCode: string;
  emailSent: boolean;
  additionalNotes: string | null;
  items: OrderItemView[];
  addresses: TypedAddressView[];
  payments: PaymentView[];
  statusHistory: HistoryView[];
  createdAt: string;
}

export interface OrderContent {
  items: PricedItem[];
  billing: Address;
  shipping: Address;
  sameAsBilling: boolean;
  totals: OrderTotals;
  taxPercent: number;
  shippingMethod: { type: string; displayName: string };
  paymentMethod: { name: string; title: string };
  additionalNotes: string | null;
}

/** What an order's row says of it: its content but the lines. */
export type OrderHeader = Omit<OrderContent, 'items'>;

/** The orders columns that follow from the order's content. */
export function contentColumns(c: OrderHeader) {
  const t = c.totals;
  return {
    email: c.billing.email,
    first_name: c.billing.firstName,
    last_name: c.billing.lastName,
    same_as_billing: c.sameAsBilling ? 1 : 0,
    weight: t.weight,
    subtotal_cents: toCents(t.subtotal),
    subtotal_incl_tax_cents: toCents(t.subtotalInclTax),
    shipping_amount_cents: toCents(t.shippingAmount),
    shipping_tax_amount_cents: toCents(t.shippingTaxAmount),
    shipping_incl_tax_cents: toCents(t.shippingInclTax),
    shipping_method: c.shippingMethod.type,
    shipping_label: c.shippingMethod.displayName,
    tax_percent: c.taxPercent,
    tax_amount_cents: toCents(t.taxAmount),
    total_cents: toCents(t.total),
    total_item_count: t.totalItemCount,
    payment_method: c.paymentMethod.name,
    payment_method_label: c.paymentMethod.title,
    additional_notes: c.additionalNotes,
  };
}

/**
 * The row of a new order (status pending), checkout's and quote's alike: its content's
 * columns, its idempotency key, its token (sealed for a replay), its currency and time.
 */
export function newOrderRow(
  c: OrderHeader,
  o: {
    keyHash: string;
    requestHash: string;
    token: { tokenHash: string; tokenBox: string };
    tokenTtlMs: number;
    currency: string;
    now: Date;
    quoteId?: number;
  },
): Insertable<OrdersTable> {
  const now = o.now.toISOString();
  return {
    ...contentColumns(c),
    state: 'new',
    status: 'pending',
    customer_is_guest: 1,
    order_currency_code: o.currency,
    email_sent: 0,
    idempotency_key: o.keyHash,
    request_hash: o.requestHash,
    token_hash: o.token.tokenHash,
    token_box: o.token.tokenBox,
    token_expires_at: new Date(o.now.getTime() + o.tokenTtlMs).toISOString(),
    quote_id: o.quoteId ?? null,
    created_at: now,
    updated_at: now,
  };
}

// The checkout's statements, compiled once (server/db/prepared.ts).
const keysOf = <T extends object>(row: T) => Object.keys(row) as (keyof T)[];
/** Rows with the keys of the first call's rows; one compiled statement per row count. */
const insertRows = <T extends 'order_items' | 'order_addresses', Row extends object>(table: T) =>
  prepared(
    (db, $: { rows: Row[] }, like) =>
      db
        .insertInto(table)
        .values(like.rows.map((r, i) => fields($.rows[i]!, keysOf(r))) as never)
        .returningAll(),
    (p) => p.rows.length,
  );
const insertItems = insertRows<'order_items', Insertable<OrderItemsTable>>('order_items');
const insertAddresses = insertRows<'order_addresses', Insertable<OrderAddressesTable>>('order_addresses');
const insertHistory = prepared((db, $: Insertable<OrderStatusHistoryTable>, like) =>
  db
    .insertInto('order_status_history')
    .values(fields($, keysOf(like)))
    .returningAll(),
);
const orderById = prepared((db, $: { id: number }) => db.selectFrom('orders').selectAll().where('id', '=', $.id));
const itemsOf = prepared((db, $: { id: number }) =>
  db.selectFrom('order_items').selectAll().where('order_id', '=', $.id).orderBy('position'),
);
const addressesOf = prepared((db, $: { id: number }) =>
  db.selectFrom('order_addresses').selectAll().where('order_id', '=', $.id).orderBy('type'),
);
const paymentsOf = prepared((db, $: { id: number }) =>
  db.selectFrom('payments').selectAll().where('order_id', '=', $.id).orderBy('id'),
);
const historyOf = prepared((db, $: { id: number }) =>
  db.selectFrom('order_status_history').selectAll().where('order_id', '=', $.id).orderBy('id'),
);
const partiesOf = prepared((db, $: { id: number }) =>
  db.selectFrom('order_addresses').selectAll().where('order_id', '=', $.id),
);

/** The order row, or undefined. */
export const findOrder = (db: Db, id: number): Promise<OrderRow | undefined> => orderById.first(db, { id });

/** An order line as stored (cents), before it has its order and position. */
export type OrderLineInput = Omit<Insertable<OrderItemsTable>, 'id' | 'order_id' | 'position'>;

/** The stored line of a priced catalogue item. */
const pricedLine = (it: PricedItem): OrderLineInput => ({
  sku: it.sku,
  name: it.name,
  price_cents: toCents(it.price),
  original_price_cents: toCents(it.originalPrice),
  price_incl_tax_cents: toCents(it.priceInclTax),
  qty: it.qty,
  weight: it.weight,
  row_weight: it.rowWeight,
  row_total_cents: toCents(it.rowTotal),
  tax_percent: it.taxPercent,
  tax_amount_cents: toCents(it.taxAmount),
  row_total_incl_tax_cents: toCents(it.rowTotalInclTax),
  custom_options: JSON.stringify({ finish: it.finish, styleName: it.styleName, styleTitle: it.styleTitle }),
});

/** Writes the lines and the two addresses of an order, inside the caller's transaction. */
export async function writeOrderLines(
  trx: Transaction<Database>,
  orderId: number,
  lines: readonly OrderLineInput[],
  billing: Address,
  shipping: Address,
): Promise<{ items: OrderItemRow[]; addresses: OrderAddressRow[] }> {
  const items = (await insertItems.all(trx, {
    rows: lines.map((line, position) => ({ order_id: orderId, position, ...line })),
  })) as OrderItemRow[];
  const addresses = (await insertAddresses.all(trx, {
    rows: [
      { order_id: orderId, ...addressColumns('billing', billing) },
      { order_id: orderId, ...addressColumns('shipping', shipping) },
    ],
  })) as OrderAddressRow[];
  return { items, addresses };
}

/** Writes (or, for an existing order, replaces) the lines and addresses, inside the caller's transaction. */
export async function writeLinesAndAddresses(
  trx: Transaction<Database>,
  orderId: number,
  c: OrderContent,
  replace = true,
): Promise<{ items: OrderItemRow[]; addresses: OrderAddressRow[] }> {
  if (replace) {
    await trx.deleteFrom('order_items').where('order_id', '=', orderId).execute();
    await trx.deleteFrom('order_addresses').where('order_id', '=', orderId).execute();
  }
  return writeOrderLines(trx, orderId, c.items.map(pricedLine), c.billing, c.shipping);
}

/**
 * A new order, or undefined when its idempotency key (or its quote) already made one. Every
 * unique key is the conflict's arbiter: with the key alone, two first pays of one quote racing
 * on the quote's key as well deadlocked on PostgreSQL.
 */
const insertOrderRow = prepared((db, $: Insertable<OrdersTable>, like) =>
  db
    .insertInto('orders')
    .values(fields($, Object.keys(like) as (keyof typeof like)[]))
    .onConflict((oc) => oc.doNothing())
    .returningAll(),
);
const setIncrementId = prepared((db, $: { id: number; increment: string }) =>
  db.updateTable('orders').set({ order_increment_id: $.increment }).where('id', '=', $.id),
);

/**
 * Inserts a new order row and gives it its number, inside the caller's transaction: the one
 * way every order is made (checkout and quote alike). Undefined when the idempotency key
 * (or the quote) already made an order.
 */
export async function insertNewOrder(
  trx: Transaction<Database>,
  row: Insertable<OrdersTable>,
): Promise<OrderRow | undefined> {
  // The statement is compiled with the first row's columns: every row names the same ones.
  row.quote_id ??= null;
  const inserted = (await insertOrderRow.first(trx, row)) as OrderRow | undefined;
  if (!inserted) return undefined;
  const increment = incrementIdFor(inserted.id);
  await setIncrementId.run(trx, { id: inserted.id, increment });
  return { ...inserted, order_increment_id: increment };
}

export async function addHistory(
  db: Db,
  orderId: number,
  status: string,
  comment: string,
  clock: Clock,
  notified = false,
): Promise<OrderStatusHistoryRow> {
  return (await insertHistory.first(db, {
    order_id: orderId,
    status,
    comment,
    is_customer_notified: notified ? 1 : 0,
    created_at: clock.now().toISOString(),
  })) as OrderStatusHistoryRow;
}

const parseJson = (text: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The order's stored billing and shipping addresses, for a provider's bill-to and ship-to. */
export async function orderParties(
  db: Db,
  orderId: number,
): Promise<{ billTo?: TypedAddressView; shipTo?: TypedAddressView }> {
  const rows = await partiesOf.all(db, { id: orderId });
  const of = (t: AddressType) => rows.find((a) => a.type === t);
  const billing = of('billing');
  const shipping = of('shipping') ?? billing;
  return {
    ...(billing ? { billTo: addressView(billing) } : {}),
    ...(shipping ? { shipTo: addressView(shipping) } : {}),
  };
}

/** The address back in the checkout schema's shape (for recomputing an order). */
export const addressInput = (a: TypedAddressView): Address => {
  const { type: _type, ...rest } = a;
  return rest;
};

export const paymentView = (p: PaymentRow): PaymentView => ({
  id: p.id,
  method: p.method,
  methodLabel: p.method_label,
  status: p.status,
  amount: fromCents(p.amount_cents),
  amountPaid: p.status === 'completed' ? fromCents(p.amount_cents) : 0,
  transactionId: p.transaction_id,
  additionalData: parseJson(p.additional_data),
  createdAt: p.created_at,
});

/** One order in the API's shape, or undefined. */
export async function loadOrderView(db: Db, id: number, row?: OrderRow): Promise<OrderView | undefined> {
  const o = row ?? (await findOrder(db, id));
  if (!o) return undefined;
  const p = { id };
  const [items, addresses, payments, history] = await Promise.all([
    itemsOf.all(db, p),
    addressesOf.all(db, p),
    paymentsOf.all(db, p),
    historyOf.all(db, p),
  ]);
  return toOrderView(o, items, addresses, payments, history);
}

/** Rows -> the API's shape. Addresses billing first; the rest as given (in their order). */
export function toOrderView(
  o: OrderRow,
  items: OrderItemRow[],
  addresses: OrderAddressRow[],
  payments: PaymentRow[],
  history: OrderStatusHistoryRow[],
): OrderView {
  return {
    id: o.id,
    orderIncrementId: o.order_increment_id ?? incrementIdFor(o.id),
    state: o.state,
    status: o.status,
    email: o.email,
    firstName: o.first_name,
    lastName: o.last_name,
    customerIsGuest: o.customer_is_guest === 1,
    sameAsBilling: o.same_as_billing === 1,
    weight: o.weight,
    subtotal: fromCents(o.subtotal_cents),
    subtotalInclTax: fromCents(o.subtotal_incl_tax_cents),
    shippingAmount: fromCents(o.shipping_amount_cents),
    shippingTaxAmount: fromCents(o.shipping_tax_amount_cents),
    shippingInclTax: fromCents(o.shipping_incl_tax_cents),
    shippingMethod: o.shipping_method,
    shippingLabel: o.shipping_label,
    taxPercent: o.tax_percent,
    taxAmount: fromCents(o.tax_amount_cents),
    total: fromCents(o.total_cents),
    totalItemCount: o.total_item_count,
    orderCurrencyCode: o.order_currency_code,
    paymentMethod: o.payment_method,
    paymentMethodLabel: o.payment_method_label,
    emailSent: o.email_sent === 1,
    additionalNotes: o.additional_notes,
    items: items.map((it) => ({
      sku: it.sku,
      name: it.name,
      price: fromCents(it.price_cents),
      originalPrice: fromCents(it.original_price_cents),
      priceInclTax: fromCents(it.price_incl_tax_cents),
      qty: it.qty,
      weight: it.weight,
      rowWeight: it.row_weight,
      rowTotal: fromCents(it.row_total_cents),
      taxPercent: it.tax_percent,
      taxAmount: fromCents(it.tax_amount_cents),
      rowTotalInclTax: fromCents(it.row_total_incl_tax_cents),
      customOptions: parseJson(it.custom_options) as OrderItemView['customOptions'],
    })),
    addresses: [...addresses].sort(byAddressType).map(addressView),
    payments: payments.map(paymentView),
    statusHistory: history.map((h) => ({
      status: h.status,
      comment: h.comment,
      isCustomerNotified: h.is_customer_notified === 1,
      createdAt: h.created_at,
    })),
    createdAt: o.created_at,
  };
}
