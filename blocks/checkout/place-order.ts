/**
 * Placing the order: the order is created under the cart's checkout key (or the one a failed
 * payment left is updated, so a retry pays the same single order), then paid through the chosen
 * gateway. The card goes only to the gateway's script (the sandbox tokenizer, Accept.js, Stripe.js);
 * the shop's API sees tokens. Every amount and state comes from the server.
 *
 * A payment held for review places the order as a paid one does: the cart is cleared and the
 * success page shows the order and that its payment is being reviewed. The server answers any
 * later checkout of the cart, or pay request of the order, with that order: nothing charges twice.
 */
import {
  PAYMENT_MESSAGES,
  SHIPPING_MESSAGES,
  pushEvent,
  unexpectedPaymentStatus,
  callApi,
  checkoutKey,
  forgetCheckoutKey,
  readPendingOrder,
  storeOrderNumber,
  storeReceipt,
  storePendingOrder,
  type ApiResult,
  type PendingOrder,
  type AddressValues,
  type CheckoutValues,
  dispatchCard,
  processTransactionBody,
  PROCESS_TRANSACTION_URL,
  type StripeCardHandle,
  tokenizeCard,
  type PaymentGateway,
  currentShop,
} from '../../engine/index.ts';
import type { CartLineRef, EstimateState } from './use-shipping-estimate.ts';

interface PaidOrder {
  orderIncrementId: string;
  status?: string;
  total: number;
  subtotal: number;
  taxAmount: number;
  shippingAmount: number;
}
interface PayAnswer {
  status?: string;
  nextAction?: { type?: string; url?: string };
  order?: PaidOrder;
  paymentIntent?: { id?: string; status?: string; client_secret?: string };
}

export interface PlaceOrderContext {
  /** The values as submitted (already checked by the form's schema). */
  values: CheckoutValues;
  items: readonly CartLineRef[];
  /** The cart's lines for the purchase event. */
  lines: readonly { sku: string; name: string; price: number; qty: number }[];
  gateway: PaymentGateway;
  stripeCard: StripeCardHandle | null;
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
  const { tokenizerUrl, acceptJs, stripeKey } = gateway;
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
  if (stripeKey) return payWithStripe(ctx, order, total);

  // The card goes to the gateway's script only; the shop gets its token.
  let pay: ApiResult<PayAnswer>;
  if (acceptJs) {
    const opaque = await dispatchCard(acceptJs, values.card);
    if ('error' in opaque) return showFailure(opaque.error);
    pay = await callApi<PayAnswer>(
      PROCESS_TRANSACTION_URL,
      'POST',
      processTransactionBody(order, values.paymentMethod, opaque, total, values.billing, shipping),
    );
  } else {
    if (!tokenizerUrl) return showFailure(PAYMENT_MESSAGES.notAvailable);
    const tokenized = await tokenizeCard(tokenizerUrl, values.card);
    if ('error' in tokenized) return showFailure(tokenized.error, tokenized.fieldErrors);
    pay = await callApi<PayAnswer>('/api/order/pay', 'POST', {
      id: order.id,
      token: order.token,
      paymentMethod: values.paymentMethod,
      paymentToken: tokenized.token,
    });
  }
  if (pay.status === 200 && pay.body.success && pay.body.order) return paid(ctx, pay.body.order);
  if (pay.status === 202 && pay.body.nextAction?.url) {
    window.location.assign(pay.body.nextAction.url);
    return;
  }
  // Held for review (or pending at the gateway): the order is placed and waits.
  if (pay.status === 202 && pay.body.order) return placed(ctx, pay.body.order);
  if (pay.status === 202) {
    ctx.notify(pay.body.message || PAYMENT_MESSAGES.additionalAuthentication);
    return;
  }
  if (pay.status === 422 && pay.body.errors)
    return showFailure(pay.body.message || PAYMENT_MESSAGES.failed, pay.body.errors);
  showFailure(pay.status === 0 ? PAYMENT_MESSAGES.processingError : pay.body.message || PAYMENT_MESSAGES.failed);
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

/**
 * Stripe: the card becomes a PaymentMethod at Stripe; the shop
 * creates and confirms the intent for the order's total; the answer's intent status decides
 * what comes next.
 */
async function payWithStripe(ctx: PlaceOrderContext, order: PendingOrder, total: number | undefined): Promise<void> {
  const { values, fail: showFailure } = ctx;
  const card = ctx.stripeCard;
  if (!card) return showFailure(PAYMENT_MESSAGES.stripeNotReady);
  const b = values.billing;
  try {
    const pm = await card.createPaymentMethod({
      name: `${b.firstName.trim()} ${b.lastName.trim()}`,
      email: b.email.trim(),
      phone: b.phoneNumber.trim(),
    });
    if ('error' in pm) return showFailure(pm.error);
    const r = await callApi<PayAnswer>('/api/payment/stripe/payment-intent', 'POST', {
      orderId: order.id,
      token: order.token,
      paymentMethod: values.paymentMethod,
      paymentMethodId: pm.id,
      receiptEmail: b.email.trim(),
      ...(total === undefined ? {} : { amount: total }),
    });
    await handleIntent(ctx, order, card, r, 0);
  } catch {
    showFailure(PAYMENT_MESSAGES.handlingError);
  }
}

/** Spec 000 section 4's card intent handling. */
async function handleIntent(
  ctx: PlaceOrderContext,
  order: PendingOrder,
  card: StripeCardHandle,
  r: ApiResult<PayAnswer>,
  depth: number,
): Promise<void> {
  const showFailure = ctx.fail;
  if (r.status === 0) return showFailure(PAYMENT_MESSAGES.processingError);
  // Held for review: the order is placed and waits.
  if (r.status === 202 && r.body.status === 'on_hold' && !r.body.nextAction && r.body.order)
    return placed(ctx, r.body.order);
  const pi = r.body.paymentIntent;
  if (r.status >= 400 || !pi?.id || !pi.status)
    return showFailure(r.body.message || PAYMENT_MESSAGES.failed, r.status === 422 ? r.body.errors : undefined);
  if (depth > 3) return showFailure(PAYMENT_MESSAGES.handlingError);
  const ids = { orderId: order.id, token: order.token, paymentIntentId: pi.id };
  const retrieve = () => callApi<PayAnswer>('/api/payment/stripe/payment-intent/retrieve', 'POST', ids);
  switch (pi.status) {
    case 'succeeded': {
      // Retrieved again on the server, which settles the order from what Stripe says.
      const again = depth > 0 ? r : await retrieve();
      if (again.body.success && again.body.order) return paid(ctx, again.body.order);
      return showFailure(again.body.message || PAYMENT_MESSAGES.failed);
    }
    case 'requires_payment_method':
    case 'requires_confirmation': {
      const c = await card.confirmCardPayment(pi.client_secret ?? '');
      if (c.error) return showFailure(c.error.message || PAYMENT_MESSAGES.failed);
      return handleIntent(ctx, order, card, await retrieve(), depth + 1);
    }
    case 'requires_capture':
      return handleIntent(
        ctx,
        order,
        card,
        await callApi<PayAnswer>('/api/payment/stripe/capture-payment', 'POST', ids),
        depth + 1,
      );
    case 'requires_action': {
      ctx.notify(PAYMENT_MESSAGES.additionalAuthentication);
      // Stripe's own handling: a modal, or a redirect that comes back to /payment/verify/stripe.
      const a = await card.handleNextAction(pi.client_secret ?? '');
      if (a.error) return showFailure(a.error.message || PAYMENT_MESSAGES.failed);
      return handleIntent(ctx, order, card, await retrieve(), depth + 1);
    }
    default:
      return showFailure(unexpectedPaymentStatus(pi.status));
  }
}
