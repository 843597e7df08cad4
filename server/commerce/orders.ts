/**
 * Creating, changing and reading guest orders, and estimating a cart. Every amount comes from
 * pricing.ts (catalogue and the site's tables); one transaction writes an order.
 */
import {
  type EstimateRequest,
  type OrderPatch,
  type OrderRequest,
  checkoutRules,
  SHIPPING_MESSAGES,
  sumMoney,
  shippingTax,
  shipsTo,
} from '../../engine/node.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import type { Db, PaymentRow } from '../db/schema.ts';
import { CommerceError } from './errors.ts';
import { COMMERCE_TEXTS, isHeldForReview, type CommerceContext } from './context.ts';
import {
  addHistory,
  addressInput,
  contentColumns,
  insertNewOrder,
  loadOrderView,
  newOrderRow,
  toOrderView,
  writeLinesAndAddresses,
  type OrderContent,
  type OrderView,
} from './order-store.ts';
import { hashIdempotencyKey, newOrderToken, openTokenBox, requestHash, TOKEN_TTL_MS } from './order-token.ts';
import { quoteCart, quoteOrder, type CartQuote } from './pricing.ts';
import { assertZipMatchesState } from './zip-state.ts';
import type { CommerceData } from './site-data.ts';

export interface CreatedOrder {
  order: OrderView;
  orderToken: string;
  /** false when the idempotency key had already made this order (a replay). */
  created: boolean;
}

const paymentsOfOrder = prepared((db, $: { orderId: number }) =>
  db.selectFrom('payments').selectAll().where('order_id', '=', $.orderId),
);
const orderByKey = prepared((db, $: { keyHash: string }) =>
  db.selectFrom('orders').selectAll().where('idempotency_key', '=', $.keyHash),
);

/**
 * Writes a new checkout order (its row, lines, addresses and first history entry) in one
 * transaction and answers with it, built from the rows just written. Undefined when the
 * idempotency key already made an order.
 */
function insertOrder(
  ctx: CommerceContext,
  content: OrderContent,
  o: Omit<Parameters<typeof newOrderRow>[1], 'tokenTtlMs'>,
): Promise<OrderView | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await insertNewOrder(trx, newOrderRow(content, { ...o, tokenTtlMs: TOKEN_TTL_MS }));
    if (!row) return undefined;
    const { items, addresses } = await writeLinesAndAddresses(trx, row.id, content, false);
    const history = await addHistory(
      trx,
      row.id,
      'pending',
      `Order #${row.order_increment_id} placed by guest checkout.`,
      ctx.clock,
    );
    // Built from the rows just written: no second read.
    return toOrderView(row, items, addresses, [], [history]);
  });
}

/** The estimate's answer: shipping and tax figures only once the address (and a method for it) is known. */
function estimateAnswer(quote: CartQuote, known: boolean) {
  const shipped = quote.shippingMethod !== undefined;
  const t = quote.totals;
  return {
    success: true as const,
    ...(known ? (shipped ? {} : { message: SHIPPING_MESSAGES.none }) : { message: SHIPPING_MESSAGES.pending }),
    items: quote.items.map((i) => ({
      sku: i.sku,
      name: i.name,
      finish: i.finish,
      price: i.price,
      qty: i.qty,
      weight: i.weight,
      rowTotal: i.rowTotal,
      taxPercent: i.taxPercent,
      taxAmount: i.taxAmount,
      rowTotalInclTax: i.rowTotalInclTax,
    })),
    taxPercent: quote.taxPercent,
    shippingMethods: quote.shippingMethods.map((m) => {
      const taxAmount = shippingTax(m.amount, quote.taxPercent);
      return { ...m, taxAmount, amountInclTax: sumMoney([m.amount, taxAmount]) };
    }),
    shippingMethod: quote.shippingMethod?.type ?? null,
    totals: {
      subtotal: t.subtotal,
      subtotalInclTax: known ? t.subtotalInclTax : null,
      shippingAmount: shipped ? t.shippingAmount : null,
      shippingTaxAmount: shipped ? t.shippingTaxAmount : null,
      shippingInclTax: shipped ? t.shippingInclTax : null,
      taxAmount: shipped ? t.taxAmount : null,
      total: shipped ? t.total : null,
      totalItemCount: t.totalItemCount,
      weight: t.weight,
    },
  };
}

/** The order's content from a validated request: the server's figures, 422 when something does not apply. */
function contentOf(
  ctx: CommerceContext,
  data: CommerceData,
  r: Omit<OrderContent, 'items' | 'totals' | 'taxPercent' | 'shippingMethod' | 'paymentMethod'> & {
    items: OrderRequest['items'];
    shippingMethod: string;
    paymentMethod: string;
  },
): OrderContent {
  // A stored order's address is checked again on update: the shop may have stopped shipping there.
  if (!shipsTo(data.shop, r.shipping.countryId)) {
    const message = checkoutRules.notShippedMessage(data.shop, r.shipping.countryId);
    throw new CommerceError('invalid', message, { 'shipping.countryId': message });
  }
  // Tax follows the shipping address: its ZIP must be of its state (the billing fields when they are the same).
  assertZipMatchesState(r.shipping, r.sameAsBilling ? 'billing.zipCode' : 'shipping.zipCode');
  const quote = quoteOrder(r.items, data, r.shipping, r.shippingMethod);
  const { method } = ctx.requirePaymentMethod(data, r.paymentMethod);
  return {
    items: quote.items,
    billing: r.billing,
    shipping: r.shipping,
    sameAsBilling: r.sameAsBilling,
    totals: quote.totals,
    taxPercent: quote.taxPercent,
    shippingMethod: quote.shippingMethod,
    paymentMethod: { name: method.name, title: method.title },
    additionalNotes: r.additionalNotes,
  };
}

/** The order an idempotency key already made, as the answer to a replay of its request. */
async function replay(
  ctx: CommerceContext,
  keyHash: string,
  key: string,
  hash: string,
): Promise<CreatedOrder | undefined> {
  const { db } = ctx;
  const row = await orderByKey.first(db, { keyHash });
  if (!row) return undefined;
  const token = openTokenBox(row.token_box, key);
  // The key is the cart's: while its order's payment is held for review, that order is the
  // answer to any checkout with it (another tab, changed details), never a second order.
  const held = async () => (await paymentsOfOrder.all(db, { orderId: row.id })).some(isHeldForReview);
  if (!token || (row.request_hash !== hash && !(await held())))
    throw new CommerceError('conflict', COMMERCE_TEXTS.keyReused);
  return { order: (await loadOrderView(db, row.id, row))!, orderToken: token, created: false };
}

/**
 * Fails the payments that wait for an authentication (the order changed, or another attempt
 * starts), so approving one of them later charges nothing. Returns them: the caller cancels
 * them at their provider once its transaction committed (cancelAtProviders).
 */
async function cancelPendingAuthentications(db: Db, orderId: number, now: string): Promise<PaymentRow[]> {
  return db
    .updateTable('payments')
    .set({ status: 'failed', state: 'canceled', updated_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'awaiting_customer')
    .returningAll()
    .execute();
}

/** Best effort: a provider that cannot cancel now will decline or report the payment later, and settle records what it says. */
async function cancelAtProviders(ctx: CommerceContext, rows: readonly PaymentRow[]): Promise<void> {
  for (const p of rows) {
    const provider = ctx.deps.providers[p.gateway];
    if (!p.transaction_id || !provider?.cancel) continue;
    await provider
      .cancel(p.transaction_id)
      .catch((e: unknown) => ctx.deps.log.error(`checkout: canceling ${p.transaction_id} at ${p.gateway} failed:`, e));
  }
}

/** POST /api/order: one order per idempotency key. */
async function createOrder(ctx: CommerceContext, req: OrderRequest): Promise<CreatedOrder> {
  const { idempotencyKey, ...request } = req;
  const keyHash = hashIdempotencyKey(idempotencyKey);
  const hash = requestHash(request);
  // The insert itself finds a replay (the key's order exists: nothing written), so a new
  // order costs no read first. A replay still answers before any refusal of the request.
  let data: CommerceData;
  let content: OrderContent;
  try {
    data = ctx.data();
    content = contentOf(ctx, data, {
      ...req,
      sameAsBilling: req.sameAsBilling ?? false,
      additionalNotes: req.additionalNotes || null,
    });
  } catch (e) {
    const again = await replay(ctx, keyHash, idempotencyKey, hash);
    if (again) return again;
    throw e;
  }
  const token = newOrderToken(idempotencyKey);
  const now = ctx.clock.now();
  let order: OrderView | undefined;
  try {
    order = await insertOrder(ctx, content, {
      keyHash,
      requestHash: hash,
      token,
      currency: data.shop.currency.code,
      now,
    });
  } catch (e) {
    // A concurrent request with the same key won the insert: answer with its order.
    if (isUniqueViolation(e, 'idempotency_key')) {
      const winner = await replay(ctx, keyHash, idempotencyKey, hash);
      if (winner) return winner;
    }
    throw e;
  }
  if (!order) {
    // The key already made an order (a retry, a double submit): answer with it.
    const again = await replay(ctx, keyHash, idempotencyKey, hash);
    if (again) return again;
    throw new Error(`order of idempotency key ${keyHash} not found after a conflicting insert`);
  }
  return { order, orderToken: token.token, created: true };
}

/** The content of a changed order: the patch over what is stored, every amount computed again. */
function patchedContent(ctx: CommerceContext, patch: OrderPatch, current: OrderView): OrderContent {
  const stored = (type: 'billing' | 'shipping') => addressInput(current.addresses.find((a) => a.type === type)!);
  const sameAsBilling = patch.sameAsBilling ?? current.sameAsBilling;
  const billing = patch.billing ?? stored('billing');
  return contentOf(ctx, ctx.data(), {
    items:
      patch.items ??
      current.items.map((i) => ({
        sku: i.sku,
        finish: { type: i.customOptions.finish.type, value: i.customOptions.finish.value },
        qty: i.qty,
      })),
    billing,
    shipping: sameAsBilling ? billing : (patch.shipping ?? stored('shipping')),
    sameAsBilling,
    shippingMethod: patch.shippingMethod ?? current.shippingMethod,
    paymentMethod: patch.paymentMethod ?? current.paymentMethod,
    additionalNotes: patch.additionalNotes === undefined ? current.additionalNotes : patch.additionalNotes || null,
  });
}

/** PATCH /api/order: changes an order that is not paid; every amount is computed again. */
async function updateOrder(ctx: CommerceContext, patch: OrderPatch): Promise<OrderView> {
  const { db } = ctx;
  const row = await ctx.authorize(patch.id, patch.token);
  await ctx.assertOpen(row);
  const current = (await loadOrderView(db, row.id, row))!;
  const content = patchedContent(ctx, patch, current);
  const now = ctx.clock.now().toISOString();
  const canceled = await db.transaction().execute(async (trx) => {
    // Conditional on the state checked above: a payment that started meanwhile wins.
    const r = await trx
      .updateTable('orders')
      .set({ ...contentColumns(content), updated_at: now })
      .where('id', '=', row.id)
      .where('status', '!=', 'ordered')
      .where((eb) => eb.or([eb('payment_lock_until', 'is', null), eb('payment_lock_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new CommerceError('conflict', COMMERCE_TEXTS.inProgress);
    await writeLinesAndAddresses(trx, row.id, content);
    return cancelPendingAuthentications(trx, row.id, now);
  });
  await cancelAtProviders(ctx, canceled);
  return (await loadOrderView(db, row.id))!;
}

export function orderService(ctx: CommerceContext) {
  return {
    cancelPendingAuthentications,
    cancelAtProviders: (rows: readonly PaymentRow[]) => cancelAtProviders(ctx, rows),
    create: (req: OrderRequest) => createOrder(ctx, req),
    update: (patch: OrderPatch) => updateOrder(ctx, patch),

    /** GET /api/order/:id with its token. */
    async get(id: number, token: string | undefined): Promise<OrderView> {
      const row = await ctx.authorize(id, token);
      return (await loadOrderView(ctx.db, row.id, row))!;
    },

    /** POST /api/checkout/estimate: the server's figures for a cart, with shipping and tax once the address is known. */
    estimate(req: EstimateRequest) {
      const data = ctx.data();
      if (req.shippingAddress) assertZipMatchesState(req.shippingAddress, 'shippingAddress.zipCode');
      const quote = quoteCart(req.items, data, req.shippingAddress, req.shippingMethod);
      return estimateAnswer(quote, req.shippingAddress !== undefined);
    },
  };
}

export type OrderService = ReturnType<typeof orderService>;
