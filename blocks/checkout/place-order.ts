/**
 * Placing the order: the order is created under the cart's checkout key (or the one a failed
 * payment left is updated, so a retry pays the same single order), then paid through the chosen
 * gateway (payThrough). The card goes only to the gateway's script or fields; the shop's API sees
 * tokens. Every amount and state comes from the server.
 *
 * A payment held for review places the order as a paid one does: the cart is cleared and the
 * success page shows the order and that its payment is being reviewed. The server answers any
 * later checkout of the cart, or pay request of the order, with that order: nothing charges twice.
 */
import {
  PAYMENT_MESSAGES,
  SHIPPING_MESSAGES,
  pushEvent,
  callApi,
  checkoutKey,
  forgetCheckoutKey,
  readPendingOrder,
  storeOrderNumber,
  storeReceipt,
  storePendingOrder,
  type PendingOrder,
  type AddressValues,
  type CheckoutValues,
  type HostedHandle,
  type PaymentGateway,
  type PayAnswer,
  payThrough,
  currentShop,
} from '../../engine/index.ts';
import type { CartLineRef, EstimateState } from './use-shipping-estimate.ts';

type PaidOrder = NonNullable<PayAnswer['order']>;

export interface PlaceOrderContext {
  /** The values as submitted (already checked by the form's schema). */
  values: CheckoutValues;
  items: readonly CartLineRef[];
  /** The cart's lines for the purchase event. */
  lines: readonly { sku: string; name: string; price: number; qty: number }[];
  gateway: PaymentGateway;
  /** The provider's hosted fields, when it has its own. */
  hosted: HostedHandle | null;
  /** The estimate on screen, and the shipping method to order with (a fresh estimate's when needed). */
  estimate: EstimateState;
  shippingForSubmit: () => Promise<string | undefined | { zip: string }>;
  /** The ZIP field the shipping address came from ("billing.zipCode" with same-as-billing). */
  zipKey: string;
  /** The order a failed payment left, in memory (sessionStorage may be unavailable). */
  pending: { current: PendingOrder | null };
  fail: (message: string, fieldErrors?: Record<string, string>) => void;
  notify: (message: string) => void;
  /** The order is paid: go to the success page. */
  done: () => void;
}

/** Creates or updates the order and pays it; failures go to ctx.fail. */
export async function placeOrder(ctx: PlaceOrderContext): Promise<void> {
  const { values, items, gateway, pending } = ctx;
  const showFailure = ctx.fail;
  const shippingMethod = await ctx.shippingForSubmit();
  if (typeof shippingMethod === 'object') return showFailure(shippingMethod.zip, { [ctx.zipKey]: shippingMethod.zip });
  if (!shippingMethod)
    return showFailure(ctx.estimate.status === 'error' ? SHIPPING_MESSAGES.failed : SHIPPING_MESSAGES.none);
  const shipping = values.sameAsBilling ? { ...values.billing } : values.shipping;
  const trim = (a: AddressValues) => Object.fromEntries(Object.entries(a).map(([k, x]) => [k, x.trim()]));
  const content = {
    items,
    billing: trim(values.billing),
    shipping: trim(shipping),
    sameAsBilling: values.sameAsBilling,
    shippingMethod,
    paymentMethod: values.paymentMethod,
  };
  let order = pending.current ?? readPendingOrder();
  let total: number | undefined;
  if (order) {
    // A payment retry: update the order the failed payment left.
    const r = await callApi<{ order?: { id: number; total: number } }>('/api/order', 'PATCH', {
      id: order.id,
      token: order.token,
      ...content,
    });
    if (r.status === 403 || r.status === 404) order = null;
    // 409: paid, being paid or held for review; it is not changed, and its pay answer says which.
    else if (r.status !== 200 && r.status !== 409)
      return showFailure(r.body.message || PAYMENT_MESSAGES.processingError, r.body.errors);
    total = r.body.order?.total;
  }
  if (!order) {
    let r = await createOrder(content);
    // The key's order is paid, or another checkout of it is not this one: this cart gets a key of its own.
    if (r.status === 409 || r.body.order?.status === 'ordered') {
      forgetCheckoutKey();
      r = await createOrder(content);
    }
    if ((r.status !== 200 && r.status !== 201) || !r.body.order || !r.body.orderToken)
      return showFailure(r.body.message || PAYMENT_MESSAGES.processingError, r.body.errors);
    order = { id: r.body.order.id, token: r.body.orderToken };
    total = r.body.order.total;
  }
  pending.current = order;
  storePendingOrder(order);
  if (!gateway.method) return showFailure(PAYMENT_MESSAGES.notAvailable);
  const b = values.billing;
  // The card goes to the gateway's script (or its own fields) only; the shop gets its token.
  const outcome = await payThrough(
    {
      subject: { kind: 'order', ...order },
      method: gateway.method,
      card: values.card,
      payer: { name: `${b.firstName.trim()} ${b.lastName.trim()}`, email: b.email.trim(), phone: b.phoneNumber.trim() },
      billing: b,
      shipping,
      total,
      hosted: ctx.hosted,
    },
    { notify: ctx.notify },
  );
  switch (outcome.kind) {
    case 'paid':
      return outcome.answer.order ? paid(ctx, outcome.answer.order) : showFailure(PAYMENT_MESSAGES.failed);
    case 'redirect':
      window.location.assign(outcome.url);
      return;
    case 'held':
      // Held for review (or pending at the gateway): the order is placed and waits.
      if (outcome.answer.order) return placed(ctx, outcome.answer.order);
      ctx.notify(outcome.message);
      return;
    default:
      showFailure(outcome.message, outcome.errors);
  }
}

/** The cart's order under its checkout key: a new one, or the one the key already made. */
const createOrder = (content: Record<string, unknown>) =>
  callApi<{ order?: { id: number; total: number; status?: string }; orderToken?: string }>('/api/order', 'POST', {
    idempotencyKey: checkoutKey(),
    ...content,
  });

/** The order is placed (paid, or its payment held): its number and receipt for the success page; the next cart starts afresh. */
function placed(ctx: PlaceOrderContext, o: PaidOrder) {
  storeOrderNumber(o.orderIncrementId);
  if (ctx.pending.current) storeReceipt({ order: ctx.pending.current });
  storePendingOrder(null);
  ctx.pending.current = null;
  forgetCheckoutKey();
  ctx.done();
}

/** The order is paid: placed, with the purchase event. */
function paid(ctx: PlaceOrderContext, o: PaidOrder) {
  pushEvent('purchase', {
    ecommerce: {
      transaction_id: o.orderIncrementId,
      currency: currentShop().currency.code,
      value: o.total,
      tax: o.taxAmount,
      shipping: o.shippingAmount,
      items: ctx.lines.map((l) => ({ item_id: l.sku, item_name: l.name, price: l.price, quantity: l.qty })),
    },
  });
  placed(ctx, o);
}
