/**
 * The card provider's calls, under /api/payment/stripe. Every call names
 * the order (orderId, or metadata.orderId) and carries its token (`token`, or the X-Order-Token
 * header). The amount is always the server's order total: a client `amount` that differs is
 * refused (422); metadata is the server's (orderId, orderIncrementId, paymentId).
 *
 * POST  /payment-intent   { orderId, token, paymentMethodId, amount?, currency?: the order's ('usd'), receiptEmail?, shipping?, metadata? }
 *   Creates and confirms a PaymentIntent for the order's total (idempotency key from the order and
 *   the attempt). -> 200 completed | 202 requires_action (nextAction) or pending | 402 declined:
 *   { success, message, status, paymentIntent: { id, status, client_secret }, nextAction?, order, payment }
 * PATCH /payment-intent   { orderId, token, paymentIntentId, amount?, currency? }
 *   The order's current total and ids on its open intent. -> 200 { success, paymentIntent }
 * POST  /capture-payment  { orderId, token, paymentIntentId } -> as POST /payment-intent
 * POST  /payment-intent/retrieve { orderId, token, paymentIntentId }
 *   The intent retrieved again by the server and settled (one settle step) -> as POST /payment-intent
 * Stripe's webhook (POST /webhook) is the providers' one webhook route (server/api/payments.ts).
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { PAYMENT_MESSAGES, toCents } from '../../engine/node.ts';
import type { Commerce, PayOutcome } from '../commerce/index.ts';
import { COMMERCE_TEXTS } from '../commerce/index.ts';
import type { CheckoutRateLimits } from '../commerce/pay-limits.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { noCardData } from '../http/no-card-data.ts';
import { idField, parseJson } from '../http/parse.ts';

const STRIPE_TEXTS = {
  amountMismatch: COMMERCE_TEXTS.amountMismatch,
  /** The order's currency: "Only usd is accepted." */
  currency: (code: string) => `Only ${code} is accepted.`,
  signature: 'Invalid webhook signature',
} as const;

const REQUIRED = 'This field is required';
const id = idField(REQUIRED);
const intentId = z
  .string({ error: REQUIRED })
  .trim()
  .regex(/^[A-Za-z0-9_]{1,255}$/, 'Invalid input');
const base = {
  orderId: id.optional(),
  token: z.string().trim().max(200).optional(),
  amount: z.number({ error: 'Must be a number' }).finite().nonnegative().optional(),
  currency: z.string().trim().toLowerCase().optional(),
  receiptEmail: z.string().trim().max(254).optional(),
  metadata: z.object({ orderId: id.optional() }).loose().optional(),
};
const createBody = z.object({
  ...base,
  paymentMethodId: intentId,
  paymentMethod: z.string().trim().max(100).optional(),
});
const intentBody = z.object({ ...base, paymentIntentId: intentId });

/** Stripe's routes (its descriptor mounts them under /api/payment/{gateway}). */
export function stripeRoutes(commerce: Commerce, limits: CheckoutRateLimits, gateway: string): Hono<AppEnv> {
  const { ctx, payments } = commerce;

  const provider = () => {
    const p = ctx.deps.providers[gateway];
    if (!p) throw new ApiError(422, PAYMENT_MESSAGES.notAvailable, { paymentMethod: PAYMENT_MESSAGES.notAvailable });
    return p;
  };

  /** The order (403 without its token) and the checks every call makes on the client's figures. */
  async function order(c: Context<AppEnv>, b: z.infer<typeof intentBody> | z.infer<typeof createBody>) {
    const orderId = b.orderId ?? b.metadata?.orderId;
    if (!orderId) throw new ApiError(422, 'Invalid input', { orderId: REQUIRED });
    const token = b.token ?? c.req.header('x-order-token');
    const row = await ctx.authorize(orderId, token);
    const currency = row.order_currency_code.toLowerCase();
    if (b.currency !== undefined && b.currency !== currency)
      throw new ApiError(422, STRIPE_TEXTS.currency(currency), { currency: STRIPE_TEXTS.currency(currency) });
    if (b.amount !== undefined && toCents(b.amount) !== row.total_cents)
      throw new ApiError(422, STRIPE_TEXTS.amountMismatch, { amount: STRIPE_TEXTS.amountMismatch });
    return { row, token };
  }

  const answer = (c: Context<AppEnv>, o: PayOutcome) =>
    c.json({ ...o.body, ...provider().answerFields?.(o.result) }, o.httpStatus);

  return new Hono<AppEnv>()
    .use('/payment-intent', noCardData())
    .use('/payment-intent/*', noCardData())
    .use('/capture-payment', noCardData())
    .post('/payment-intent', limits.payments, async (c) => {
      provider();
      const b = await parseJson(c, createBody);
      const { row, token } = await order(c, b);
      const data = ctx.data();
      // The order's Stripe method: the one named, else the first enabled one with this gateway.
      const name =
        b.paymentMethod ??
        data.paymentMethods.find((m) => m.gateway === gateway && ctx.paymentMethod(data, m.name))?.name ??
        '';
      const method = ctx.requirePaymentMethod(data, name);
      if (method.provider.gateway !== gateway)
        throw new ApiError(422, PAYMENT_MESSAGES.notAvailable, { paymentMethod: PAYMENT_MESSAGES.notAvailable });
      return answer(c, await payments.pay({ id: row.id, token, paymentMethod: name, paymentToken: b.paymentMethodId }));
    })
    .patch('/payment-intent', async (c) => {
      provider();
      const b = await parseJson(c, intentBody);
      const { row, token } = await order(c, b);
      const r = await payments.updateOpen(row.id, token, b.paymentIntentId, gateway);
      const { paymentIntent } = (provider().answerFields?.(r) ?? {}) as {
        paymentIntent?: { id: string; status: string };
      };
      return c.json({
        success: true,
        message: 'Payment intent updated',
        paymentIntent: { id: paymentIntent?.id, status: paymentIntent?.status, amount: row.total_cents },
      });
    })
    .post('/capture-payment', async (c) => {
      provider();
      const b = await parseJson(c, intentBody);
      const { row, token } = await order(c, b);
      return answer(c, await payments.capture(row.id, token, b.paymentIntentId));
    })
    .post('/payment-intent/retrieve', async (c) => {
      provider();
      const b = await parseJson(c, intentBody);
      const { row, token } = await order(c, b);
      return answer(c, await payments.retrieve(row.id, token, b.paymentIntentId));
    });
}
