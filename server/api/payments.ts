/**
 * The payment routes every provider shares.
 *
 * POST /api/payment/:paymentMethod/verify  (its body and answer: server/payments/return-page.ts)
 *   The return page's call. The server looks the payment up by the transaction id and its client
 *   secret, then asks the provider itself for the outcome and settles it: the query string the
 *   browser came back with is never taken as the result. (The return page goes to
 *   /payment/fail when success is false; a quote's order carries its quote's ids.)
 *   -> 404 unknown payment or wrong secret; 422 missing fields; 502 the provider did not answer
 * POST /api/payment/:gateway/webhook
 *   A provider's event (Stripe: /api/payment/stripe/webhook), its signature checked by the
 *   provider on the raw body (Stripe's: also its signed time, within the tolerance of the
 *   server's clock either way); what it reports about a payment goes through settle. Every event
 *   id is stored, a replay does nothing. -> 200 { received: true, duplicate? }; 400 bad
 *   signature; 404 a provider without webhooks, or not configured.
 */
import { Hono } from 'hono';
import type { Commerce } from '../commerce/index.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { WebhookSignatureError, type WebhookEvent } from '../payments/provider.ts';
import { noCardData } from '../http/no-card-data.ts';
import { parseJson } from '../http/parse.ts';
import { returnBody, returnRefOf, verifyJson } from '../payments/return-page.ts';

export function paymentsRoutes(commerce: Commerce): Hono<AppEnv> {
  const { ctx, payments } = commerce;
  return new Hono<AppEnv>()
    .post('/:paymentMethod/verify', noCardData(), async (c) => {
      const method = c.req.param('paymentMethod');
      const gateway = ctx.data().paymentMethods.find((m) => m.name === method)?.gateway;
      const provider = gateway ? ctx.deps.providers[gateway] : undefined;
      const ref = returnRefOf(await parseJson(c, returnBody(provider)), provider);
      return c.json(verifyJson(await payments.verify(method, ref.transactionId, ref.secret)));
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
