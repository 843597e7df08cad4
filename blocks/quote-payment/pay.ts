/**
 * Paying a quote: the card goes to the gateway's script (or Stripe's fields) and the shop gets a
 * token; the server charges the quote's total (POST /api/quote/pay), then the page converts it
 * (POST /api/quote/convertToOrder, which checks the payment with the provider itself), stores the
 * order number and goes to the success page. A failure is handed to `fail`; the page stays.
 */
import {
  callApi,
  dispatchCard,
  PAYMENT_MESSAGES,
  storeOrderNumber,
  storeReceipt,
  tokenizeCard,
  unexpectedPaymentStatus,
  type CardValues,
  type PaymentGateway,
  type StripeCardHandle,
} from '../../engine/index.ts';
import type { QuoteView } from '../../engine/index.ts';

interface PayAnswer {
  status?: string;
  transactionId?: string | null;
  method?: string;
  methodLabel?: string;
  amount?: number;
  nextAction?: { type?: string; url?: string };
  paymentIntent?: { id?: string | null; status?: string | null; client_secret?: string | null };
}
interface ConvertAnswer {
  order?: { orderIncrementId?: string };
}

interface QuotePayContext {
  quote: QuoteView;
  /** The link's token. */
  token: string;
  methodName: string;
  gateway: PaymentGateway;
  card: CardValues;
  stripeCard: StripeCardHandle | null;
  successUrl: string;
  fail(message: string, fieldErrors?: Record<string, string>): void;
  notify(message: string): void;
  /** The payment is held for review: the page says so and takes no other payment. */
  held(message: string): void;
}

const payRequest = (ctx: QuotePayContext, paymentToken: string) =>
  callApi<PayAnswer>('/api/quote/pay', 'POST', {
    quoteId: ctx.quote.id,
    token: ctx.token,
    paymentMethod: ctx.methodName,
    paymentToken,
  });

/** The payment is taken: the server checks it with the provider and makes the order. */
async function convert(ctx: QuotePayContext, pay: PayAnswer) {
  const { quote } = ctx;
  const r = await callApi<ConvertAnswer>('/api/quote/convertToOrder', 'POST', {
    quoteId: quote.id,
    token: ctx.token,
    payment: {
      transactionId: pay.transactionId ?? pay.paymentIntent?.id,
      amount: pay.amount ?? quote.total,
      method: ctx.methodName,
      methodLabel: pay.methodLabel ?? ctx.gateway.method?.title,
      status: pay.status,
    },
  });
  const number = r.body.order?.orderIncrementId;
  if (r.status !== 200 || !number) return ctx.fail(r.body.message || PAYMENT_MESSAGES.failed);
  storeOrderNumber(number);
  window.location.assign(ctx.successUrl);
}

async function payWithStripe(ctx: QuotePayContext) {
  const { quote, fail } = ctx;
  const handle = ctx.stripeCard;
  if (!handle) return fail(PAYMENT_MESSAGES.stripeNotReady);
  const billing = quote.addresses.find((a) => a.type === 'billing');
  const pm = await handle.createPaymentMethod({
    name: `${quote.firstName} ${quote.lastName}`,
    email: quote.email,
    phone: billing?.phoneNumber ?? '',
  });
  if ('error' in pm) return fail(pm.error);
  const r = await payRequest(ctx, pm.id);
  const pi = r.body.paymentIntent;
  if (r.status === 0) return fail(PAYMENT_MESSAGES.processingError);
  if (r.status >= 400 || !pi?.id || !pi.status) return fail(r.body.message || PAYMENT_MESSAGES.failed);
  switch (pi.status) {
    case 'succeeded':
      return convert(ctx, r.body);
    case 'requires_payment_method':
    case 'requires_confirmation': {
      const c = await handle.confirmCardPayment(pi.client_secret ?? '');
      if (c.error) return fail(c.error.message || PAYMENT_MESSAGES.failed);
      return convert(ctx, r.body);
    }
    case 'requires_action': {
      ctx.notify(PAYMENT_MESSAGES.additionalAuthentication);
      const a = await handle.handleNextAction(pi.client_secret ?? '');
      if (a.error) return fail(a.error.message || PAYMENT_MESSAGES.failed);
      return convert(ctx, r.body);
    }
    default:
      return fail(unexpectedPaymentStatus(pi.status));
  }
}

/** The card as a token: Accept.js's opaque value, else the sandbox tokenizer's token. */
async function cardToken(ctx: QuotePayContext): Promise<string | undefined> {
  const { acceptJs, tokenizerUrl } = ctx.gateway;
  if (acceptJs) {
    const opaque = await dispatchCard(acceptJs, ctx.card);
    if ('error' in opaque) return void ctx.fail(opaque.error);
    return opaque.dataValue;
  }
  if (!tokenizerUrl) return void ctx.fail(PAYMENT_MESSAGES.notAvailable);
  const tokenized = await tokenizeCard(tokenizerUrl, ctx.card);
  if ('error' in tokenized) return void ctx.fail(tokenized.error, tokenized.fieldErrors);
  return tokenized.token;
}

export async function payQuote(ctx: QuotePayContext) {
  // Before paying: an authentication page returns through /payment/{method}/verify.
  storeReceipt({ quote: { id: ctx.quote.id, token: ctx.token } });
  if (ctx.gateway.stripeKey) return payWithStripe(ctx);
  const paymentToken = await cardToken(ctx);
  if (paymentToken === undefined) return;
  const r = await payRequest(ctx, paymentToken);
  if (r.status === 200 && r.body.transactionId) return convert(ctx, r.body);
  if (r.status === 202 && r.body.nextAction?.url) {
    // The gateway's authentication page returns to /payment/{method}/verify, which converts the quote.
    window.location.assign(r.body.nextAction.url);
    return;
  }
  if (r.status === 202) return ctx.held(r.body.message || PAYMENT_MESSAGES.additionalAuthentication);
  ctx.fail(
    r.status === 0 ? PAYMENT_MESSAGES.processingError : r.body.message || PAYMENT_MESSAGES.failed,
    r.status === 422 ? r.body.errors : undefined,
  );
}
