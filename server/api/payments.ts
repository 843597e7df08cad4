/**
 * The payment routes every provider shares.
 *
 * POST /api/payment/:paymentMethod/verify  { paymentIntentId, paymentIntentClientSecret }
 *   The return page's call. The server looks the payment up by the intent id and its client
 *   secret, then asks the provider itself for the outcome and settles it: the query string the
 *   browser came back with is never taken as the result.
 *   -> 200 { success, error?, status, transactionId, transactionResponse: { amount, responseCode?, message? },
 *            metadata: { orderId, orderIncrementId, paymentId, quoteId?, quoteIncrementId? } }
 *            (the return page goes to /payment/fail when success is false; a quote's order
 *            carries its quote's ids)
 *   -> 404 unknown payment or wrong secret; 422 missing fields; 502 the provider did not answer
 * POST /api/payment/:gateway/webhook
 *   A provider's event (Stripe: /api/payment/stripe/webhook), its signature checked by the
 *   provider on the raw body (Stripe's: also its signed time, within the tolerance of the
 *   server's clock either way); what it reports about a payment goes through settle. Every event
 *   id is stored, a replay does nothing. -> 200 { received: true, duplicate? }; 400 bad
 *   signature; 404 a provider without webhooks, or not configured.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Commerce } from '../commerce/index.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { WebhookSignatureError, type WebhookEvent } from '../payments/provider.ts';
import { noCardData } from '../http/no-card-data.ts';
import { parseJson } from '../http/parse.ts';

const verifyBody = z.object({
  paymentIntentId: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(200),
  paymentIntentClientSecret: z
    .string({ error: 'This field is required' })
    .trim()
    .min(1, 'This field is required')
    .max(300),
});

export function paymentsRoutes(commerce: Commerce): Hono<AppEnv> {
  const { ctx, payments } = commerce;
  return new Hono<AppEnv>()
    .post('/:paymentMethod/verify', noCardData(), async (c) => {
      const body = await parseJson(c, verifyBody);
      const method = c.req.param('paymentMethod');
      return c.json(await payments.verify(method, body.paymentIntentId, body.paymentIntentClientSecret));
    })
    .post('/:gateway/webhook', async (c) => {
      const provider = ctx.deps.providers[c.req.param('gateway')];
      if (!provider?.parseWebhook) throw new ApiError(404, 'Not found');
      // The raw body, exactly as signed: never a re-serialized JSON.
      const raw = await c.req.text();
      let event: WebhookEvent;
      try {
        event = provider.parseWebhook(raw, (name) => c.req.header(name));
      } catch (e) {
        if (e instanceof WebhookSignatureError) throw new ApiError(400, e.message);
        throw e;
      }
      return c.json(await payments.webhook(provider.gateway, event));
    });
}
