/**
 * Paying a quote through its link. A quote pays through the checkout's own pipeline: the first
 * pay writes the quote's order (its items, addresses and amounts, status pending) with the
 * same store code as a checkout, once per quote (its idempotency key is derived from the
 * quote); then the order is paid by the same pay and settle steps as any order (same lease,
 * idempotency keys, history, e-mails, recovery of lost attempts). The completed payment marks
 * the quote paid in the settle transaction.
 *
 * 1. pay (POST /api/quote/pay): the link's token opens the quote (open, not expired, not
 *    canceled); the page hands the gateway's token, the provider's metadata carries the
 *    order's ids and quoteId, quoteIncrementId.
 * 2. convert (POST /api/quote/convertToOrder): the page's confirmation after a payment. The
 *    server never takes the caller's word: it asks the provider for the transaction of the
 *    quote order's payment and settles what the provider says; the answer is the order once
 *    it is paid.
 * 3. A card payment that needed authentication comes back through /payment/{method}/verify,
 *    which settles it like any order's payment.
 *
 * convert does not check the link's expiry: a payment taken before the link expired must still
 * become its order. A canceled quote cannot be paid.
 */
import { PAYMENT_MESSAGES, QUOTE_ERROR_TYPES, QUOTE_MESSAGES } from '../../engine/node.ts';
import type { PaymentRow, QuoteRow } from '../db/schema.ts';
import { CommerceError } from '../commerce/errors.ts';
import type { NextAction } from '../payments/provider.ts';
import type { Commerce } from '../commerce/index.ts';
import { additionalData, COMMERCE_TEXTS, type CommerceContext } from '../commerce/context.ts';
import { findOrder, loadOrderView, type OrderView } from '../commerce/order-store.ts';
import { quoteOrderOf } from './quote-order.ts';
import { loadQuoteView, quoteForToken, quoteIncrementIdFor, type QuoteView } from './quote-store.ts';

const QUOTE_TEXTS = {
  canceled: 'This quote was canceled. Please contact admin to receive a new payment link.',
  notCompleted: 'The payment is not completed.',
  otherQuote: 'This payment is not for this quote.',
  notFound: 'Payment not found',
  paid: 'Payment successful',
} as const;

/** A link that opens no quote; errorType tells the page which view to show. */
export class QuoteLinkError extends CommerceError {
  constructor(readonly errorType: (typeof QUOTE_ERROR_TYPES)[keyof typeof QUOTE_ERROR_TYPES]) {
    super(
      'bad-link',
      errorType === QUOTE_ERROR_TYPES.expired ? QUOTE_MESSAGES.expired : QUOTE_MESSAGES.notFound,
      undefined,
      { errorType },
    );
  }
}

/** What the service reads of a convert call's payment (the route accepts the spec's other fields and ignores them: the provider is asked). */
export interface ConvertPayment {
  transactionId: string;
  method: string;
}

export interface ConvertAnswer {
  success: true;
  message: string;
  order: {
    id: number;
    orderIncrementId: string;
    email: string;
    status: string;
    total: number;
    additionalNotes: string | null;
    payments: { id: number; status: string; amount: number; method: string; transactionId: string | null }[];
  };
  adminEmail: string[];
}

function convertAnswer(o: OrderView, adminEmails: readonly string[]): ConvertAnswer {
  return {
    success: true,
    message: QUOTE_MESSAGES.converted,
    order: {
      id: o.id,
      orderIncrementId: o.orderIncrementId,
      email: o.email,
      status: o.status,
      total: o.total,
      additionalNotes: o.additionalNotes,
      payments: o.payments.map((p) => ({
        id: p.id,
        status: p.status,
        amount: p.amount,
        method: p.method,
        transactionId: p.transactionId,
      })),
    },
    adminEmail: [...adminEmails],
  };
}

/** Why a quote's payment left its order unpaid: the provider's message when it gave one. */
function notPaidError(p: PaymentRow): CommerceError {
  const message = additionalData(p).message;
  return new CommerceError(
    'invalid',
    p.status === 'failed'
      ? (typeof message === 'string' && message) || PAYMENT_MESSAGES.failed
      : p.status === 'on_hold' && typeof message === 'string' && message
        ? message
        : QUOTE_TEXTS.notCompleted,
  );
}

/** The quote of a link: quoteNotExist for an unknown id or a wrong token alike; tokenExpired past its expiry or canceled. */
async function openQuote(
  ctx: CommerceContext,
  quoteId: number,
  token: string | undefined,
  o: { allowExpired?: boolean } = {},
): Promise<QuoteRow> {
  const q = await quoteForToken(ctx.db, quoteId, token);
  if (!q) throw new QuoteLinkError(QUOTE_ERROR_TYPES.notFound);
  if (q.status === 'paid') return q;
  if (q.status === 'canceled') throw new QuoteLinkError(QUOTE_ERROR_TYPES.expired);
  if (!o.allowExpired && q.expires_at <= ctx.clock.now().toISOString())
    throw new QuoteLinkError(QUOTE_ERROR_TYPES.expired);
  return q;
}

/** A method of the convert-to-order scope this server can take (422 otherwise). */
function methodOf(ctx: CommerceContext, name: string) {
  const found = ctx.paymentMethod(ctx.data(), name, 'convert-to-order');
  if (!found)
    throw new CommerceError('invalid', PAYMENT_MESSAGES.notAvailable, {
      paymentMethod: PAYMENT_MESSAGES.notAvailable,
    });
  return found;
}

const answerFor = async (ctx: CommerceContext, orderId: number) =>
  convertAnswer((await loadOrderView(ctx.db, orderId))!, ctx.data().adminEmails);

/** POST /api/quote/pay: charges the quote's total with the gateway's token, through its order. */
async function payQuote(
  { ctx, payments }: Commerce,
  req: { quoteId: number; token: string; paymentMethod: string; paymentToken: string },
) {
  const q = await openQuote(ctx, req.quoteId, req.token);
  if (q.status === 'paid') throw new CommerceError('conflict', QUOTE_MESSAGES.alreadyPaid);
  const { method, provider } = methodOf(ctx, req.paymentMethod);
  const order = await quoteOrderOf(ctx, q, method);
  const quoteNo = q.quote_increment_id ?? quoteIncrementIdFor(q.id);
  const out = await payments
    .payOrder({
      orderId: order.id,
      method,
      provider,
      paymentToken: req.paymentToken,
      description: `${ctx.deps.shop.siteName} quote #${quoteNo}`,
      metadata: { quoteId: String(q.id), quoteIncrementId: quoteNo },
    })
    .catch((e: unknown) => {
      // Paid by another request since the link was opened: the quote's own words.
      if (e instanceof CommerceError && e.kind === 'conflict' && e.message === COMMERCE_TEXTS.alreadyPaid)
        throw new CommerceError('conflict', QUOTE_MESSAGES.alreadyPaid);
      throw e;
    });
  const r = out.result;
  const p = out.body.payment;
  const body = {
    success: out.body.success,
    status: out.body.status,
    message: out.body.message,
    transactionId: p.transactionId,
    amount: p.amount,
    method: method.name,
    methodLabel: method.title,
    ...(out.body.nextAction ? { nextAction: out.body.nextAction as NextAction } : {}),
    // The provider's own fields (Stripe's intent for Stripe.js).
    ...provider.answerFields?.(r),
  };
  return { httpStatus: out.httpStatus, body };
}

/** POST /api/quote/convertToOrder: the payment as the provider reports it, settled; the order once paid. */
async function convertQuote(
  { ctx, payments }: Commerce,
  req: { quoteId: number; token: string; payment: ConvertPayment },
): Promise<ConvertAnswer> {
  const { db } = ctx;
  const q = await openQuote(ctx, req.quoteId, req.token, { allowExpired: true });
  if (q.status === 'paid' && q.order_id) return answerFor(ctx, q.order_id);
  const { provider } = methodOf(ctx, req.payment.method);
  const p = await db
    .selectFrom('payments')
    .selectAll()
    .where('gateway', '=', provider.gateway)
    .where('transaction_id', '=', req.payment.transactionId)
    .executeTakeFirst();
  const order = q.order_id ? await findOrder(db, q.order_id) : undefined;
  if (!p || !order || p.order_id !== order.id) {
    // Not a payment of this quote: one the provider does not know either is "not found".
    await payments.ask(`retrieving ${req.payment.transactionId} from ${provider.gateway}`, () =>
      provider.retrieve(req.payment.transactionId).catch((e: unknown) => {
        const status = (e as { statusCode?: unknown }).statusCode ?? (e as { status?: unknown }).status;
        if (typeof status === 'number' && status >= 400 && status < 500)
          throw new CommerceError('invalid', QUOTE_TEXTS.notFound);
        throw e;
      }),
    );
    throw new CommerceError('invalid', QUOTE_TEXTS.otherQuote);
  }
  const settled = await payments.refresh(p);
  if (settled.order.status === 'ordered') return answerFor(ctx, order.id);
  if (q.status === 'canceled') throw new CommerceError('conflict', QUOTE_TEXTS.canceled);
  throw notPaidError(settled.payment);
}

export function quoteService(commerce: Commerce) {
  const { ctx } = commerce;
  return {
    /** GET /api/quote: the public fields. */
    async view(quoteId: number, token: string): Promise<QuoteView> {
      const q = await openQuote(ctx, quoteId, token);
      return (await loadQuoteView(ctx.db, q.id, q))!;
    },
    pay: (req: { quoteId: number; token: string; paymentMethod: string; paymentToken: string }) =>
      payQuote(commerce, req),
    convert: (req: { quoteId: number; token: string; payment: ConvertPayment }) => convertQuote(commerce, req),
  };
}
