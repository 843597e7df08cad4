/**
 * POST /api/payment/:paymentMethod/verify  { paymentIntentId, paymentIntentClientSecret }
 *   The return page's call (spec 000 section 7). The server looks the payment up by the intent
 *   id and its client secret, then asks the provider itself for the outcome and settles it: the
 *   query string the browser came back with is never taken as the result.
 *   -> 200 { success, error?, status, transactionId, transactionResponse: { amount, responseCode?, message? },
 *            metadata: { orderId, orderIncrementId, paymentId } }   (the return page goes to
 *            /payment/fail when success is false)
 *   A quote's charge (spec 000 section 4 step 3, server/quotes/quote-service.ts): metadata with
 *   quoteId and no orderId converts the quote to its order, then the intent gets the order's ids;
 *   the answer's metadata then carries orderId, orderIncrementId, paymentId, quoteId.
 *   -> 404 unknown payment or wrong secret; 422 missing fields; 502 the provider did not answer
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Commerce } from '../commerce/index.ts';
import type { AppEnv } from '../http/env.ts';
import { noCardData } from '../http/no-card-data.ts';
import { parseJson } from '../http/parse.ts';

const verifyBody = z.object({
  paymentIntentId: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(200),
  paymentIntentClientSecret: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(300),
});

export function paymentsRoutes(commerce: Commerce): Hono<AppEnv> {
  const { payments } = commerce;
  return new Hono<AppEnv>().post('/:paymentMethod/verify', noCardData(), async (c) => {
    const body = await parseJson(c, verifyBody);
    const method = c.req.param('paymentMethod');
    return c.json(await payments.verify(method, body.paymentIntentId, body.paymentIntentClientSecret));
  });
}
