/**
 * Paying a quote: through the chosen method's gateway (payThrough), the card goes to the
 * provider's script or fields and the shop gets a token; the server charges the quote's total
 * (POST /api/quote/pay), then the page converts it (POST /api/quote/convertToOrder, which checks
 * the payment with the provider itself), stores the order number and goes to the success page. A
 * failure is handed to `fail`; the page stays.
 */
import {
  callApi,
  PAYMENT_MESSAGES,
  payThrough,
  storeOrderNumber,
  storeReceipt,
  type CardValues,
  type HostedHandle,
  type PayAnswer,
  type PaymentGateway,
} from '../../engine/index.ts';
import type { QuoteView } from '../../engine/index.ts';

interface ConvertAnswer {
  order?: { orderIncrementId?: string };
}

interface QuotePayContext {
  quote: QuoteView;
  /** The link's token. */
  token: string;
  gateway: PaymentGateway;
  card: CardValues;
  hosted: HostedHandle | null;
  successUrl: string;
  fail(message: string, fieldErrors?: Record<string, string>): void;
  notify(message: string): void;
  /** The payment is held for review: the page says so and takes no other payment. */
  held(message: string): void;
}

/** The payment is taken: the server checks it with the provider and makes the order. */
async function convert(ctx: QuotePayContext, pay: PayAnswer) {
  const { quote } = ctx;
  const r = await callApi<ConvertAnswer>('/api/quote/convertToOrder', 'POST', {
    quoteId: quote.id,
    token: ctx.token,
    payment: {
      transactionId: pay.transactionId,
      amount: pay.amount ?? quote.total,
      method: ctx.gateway.method?.name,
      methodLabel: pay.methodLabel ?? ctx.gateway.method?.title,
      status: pay.status,
    },
  });
  const number = r.body.order?.orderIncrementId;
  if (r.status !== 200 || !number) return ctx.fail(r.body.message || PAYMENT_MESSAGES.failed);
  storeOrderNumber(number);
  window.location.assign(ctx.successUrl);
}

export async function payQuote(ctx: QuotePayContext) {
  const { quote, gateway } = ctx;
  if (!gateway.method) return ctx.fail(PAYMENT_MESSAGES.notAvailable);
  // Before paying: an authentication page returns through /payment/{method}/verify, which converts the quote.
  storeReceipt({ quote: { id: quote.id, token: ctx.token } });
  const billing = quote.addresses.find((a) => a.type === 'billing');
  const outcome = await payThrough(
    {
      subject: { kind: 'quote', id: quote.id, token: ctx.token },
      method: gateway.method,
      card: ctx.card,
      payer: { name: `${quote.firstName} ${quote.lastName}`, email: quote.email, phone: billing?.phoneNumber ?? '' },
      hosted: ctx.hosted,
    },
    { notify: ctx.notify },
  );
  switch (outcome.kind) {
    case 'paid':
      return convert(ctx, outcome.answer);
    case 'redirect':
      window.location.assign(outcome.url);
      return;
    case 'held':
      return ctx.held(outcome.message);
    default:
      ctx.fail(outcome.message, outcome.errors);
  }
}
