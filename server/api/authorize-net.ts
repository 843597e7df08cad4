/**
 * The direct-entry gateway's call, under /api/payment/authorize-net.
 *
 * POST /process-transaction
 *   { orderId, token (or X-Order-Token), paymentMethod?, dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
 *     dataValue, amount?, additionalData?: { customer, billTo, shipTo } }
 *   Accept.js's opaque data for the order's total: the server charges the total it computed (a
 *   client `amount` that differs: 422) through the same pay step as every provider; the bill-to
 *   and ship-to sent to Authorize.Net are the order's stored addresses, so additionalData is
 *   accepted for the API's shape and not trusted.
 *   -> 200 completed | 202 pending or held for review | 402 failed (the gateway's text):
 *   { success, status, message, transactionId, transactionResponse: { responseCode }, order, payment }
 *   A card number or CVV in the body: 422 (noCardData).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { PAYMENT_MESSAGES, toCents } from '../../engine/node.ts';
import type { Commerce } from '../commerce/index.ts';
import type { CheckoutRateLimits } from '../commerce/pay-limits.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { noCardData } from '../http/no-card-data.ts';
import { idField, parseJson } from '../http/parse.ts';
import { ACCEPT_DATA_DESCRIPTOR } from '../payments/authorize-net.ts';
import { COMMERCE_TEXTS } from '../commerce/index.ts';

const AUTHORIZE_NET_ROUTE_TEXTS = {
  amountMismatch: COMMERCE_TEXTS.amountMismatch,
  descriptor: 'Unsupported payment data.',
} as const;

const REQUIRED = 'This field is required';
const id = idField(REQUIRED);
const body = z.object({
  orderId: id,
  token: z.string().trim().max(200).optional(),
  paymentMethod: z.string().trim().max(100).optional(),
  dataDescriptor: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100),
  // Accept.js's one-time value: base64-like, a few hundred characters.
  dataValue: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(8192)
    .regex(/^[A-Za-z0-9+/=._-]+$/, 'Invalid input'),
  amount: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,9}(\.\d{1,2})?$/)
          .transform(Number),
      ],
      { error: 'Must be a number' },
    )
    .optional(),
  additionalData: z
    .object({ customer: z.unknown().optional(), billTo: z.unknown().optional(), shipTo: z.unknown().optional() })
    .loose()
    .optional(),
});

/** Authorize.Net's route (its descriptor mounts it under /api/payment/{gateway}). */
export function authorizeNetRoutes(commerce: Commerce, limits: CheckoutRateLimits, gateway: string): Hono<AppEnv> {
  const { ctx, payments } = commerce;
  return new Hono<AppEnv>()
    .use('/process-transaction', noCardData())
    .post('/process-transaction', limits.payments, async (c) => {
      const provider = ctx.deps.providers[gateway];
      if (!provider)
        throw new ApiError(422, PAYMENT_MESSAGES.notAvailable, { paymentMethod: PAYMENT_MESSAGES.notAvailable });
      const b = await parseJson(c, body);
      if (b.dataDescriptor !== ACCEPT_DATA_DESCRIPTOR)
        throw new ApiError(422, AUTHORIZE_NET_ROUTE_TEXTS.descriptor, {
          dataDescriptor: AUTHORIZE_NET_ROUTE_TEXTS.descriptor,
        });
      const token = b.token ?? c.req.header('x-order-token');
      const row = await ctx.authorize(b.orderId, token);
      if (b.amount !== undefined && toCents(b.amount) !== row.total_cents)
        throw new ApiError(422, AUTHORIZE_NET_ROUTE_TEXTS.amountMismatch, {
          amount: AUTHORIZE_NET_ROUTE_TEXTS.amountMismatch,
        });
      const data = ctx.data();
      // The order's Authorize.Net method: the one named, else the first offered one with this gateway.
      const name =
        b.paymentMethod ??
        data.paymentMethods.find((m) => m.gateway === gateway && ctx.paymentMethod(data, m.name))?.name ??
        '';
      const method = ctx.requirePaymentMethod(data, name);
      if (method.provider.gateway !== gateway)
        throw new ApiError(422, PAYMENT_MESSAGES.notAvailable, { paymentMethod: PAYMENT_MESSAGES.notAvailable });
      const o = await payments.pay({ id: row.id, token, paymentMethod: name, paymentToken: b.dataValue });
      return c.json(
        { ...o.body, transactionId: o.result.transactionId, ...provider.answerFields?.(o.result) },
        o.httpStatus,
      );
    });
}
