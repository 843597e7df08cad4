/**
 * Guest orders. The server prices everything;
 * the client's figures are never read.
 *
 * POST /api/order                                   create (idempotent)
 *   { idempotencyKey, items: [{ sku, finish?: { type, value } }], billing: Address,
 *     shipping?: Address, sameAsBilling?: boolean, shippingMethod, paymentMethod, additionalNotes? }
 *   Address = { firstName, lastName, email, phoneNumber, street1, street2?, city, state, zipCode, countryId }
 *   -> 201 { success: true, message: 'Order created', order, orderToken }
 *   -> 200 the same body when the key already made this order (header Idempotent-Replayed: true)
 *   -> 200 also when the key's order has a payment held for review, whatever the request: that
 *      order is placed (a second tab, changed details), the pay step answers with its hold
 *   -> 409 the key was used with a different request; 422 field errors (`billing.zipCode` ...),
 *      a sku not in the catalogue or a finish not of that sku (`items.N.sku` / `items.N.finish`),
 *      a shipping address where the shop does not ship (`Sorry, we don't ship to Canada.`), no shipping method.
 *   With sameAsBilling true the billing address is the shipping address.
 *
 * PATCH /api/order   { id, token, ...any of items, billing, shipping, sameAsBilling,
 *                      shippingMethod, paymentMethod, additionalNotes }
 *   -> 200 { success, message, order } with every amount computed again
 *   -> 403 wrong, missing or expired token; 409 paid, being paid or held for review; 422 as above
 *
 * GET /api/order/:id  header X-Order-Token: the token -> 200 { success, order }; 403
 *
 * POST /api/order/pay { id, token, paymentMethod?, paymentToken }
 *   paymentToken is what the gateway's own script gave the page (the sandbox gateway's
 *   tokenizer: tok_sandbox_...). A body with card fields is refused: card data goes only to
 *   the gateway.
 *   -> 200 { success: true, message: 'Payment successful', status: 'completed', order, payment }
 *   -> 402 { success: false, message: the gateway's (e.g. 'Your card was declined.'), status: 'failed', order, payment }
 *   -> 202 { success: false, status: 'on_hold', message: 'Additional authentication required',
 *            nextAction: { type: 'redirect_to_url', url } } (open the url), or held for review
 *   -> 202 the same held answer again, nothing charged, when a payment of the order is held for review
 *   -> 403 token; 409 paid / in progress / pending at the provider; 422 `paymentToken` missing,
 *      card fields sent, or `Payment method not available`
 *
 * 429 { success: false, message } beyond the per-address limits of order creation and payment
 * attempts, and once an order has 5 failed payments (commerce/pay-limits.ts).
 */
import { Hono } from 'hono';
import { payRequestSchema, rowIdOf } from '../../engine/node.ts';
import type { Commerce } from '../commerce/index.ts';
import { parseCheckoutBody } from '../commerce/http.ts';
import type { CheckoutRateLimits } from '../commerce/pay-limits.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { noCardData } from '../http/no-card-data.ts';

const ORDER_TEXTS = { created: 'Order created', updated: 'Order updated', found: 'Order found' } as const;

export function orderRoutes(commerce: Commerce, limits: CheckoutRateLimits): Hono<AppEnv> {
  const { orders, payments } = commerce;
  // Built once: a zod schema costs more to build than to run.
  const paySchema = payRequestSchema();
  return new Hono<AppEnv>()
    .post('/', limits.orders, async (c) => {
      const req = await parseCheckoutBody(c, commerce.ctx.data().schemas.orderRequestSchema);
      const { order, orderToken, created } = await orders.create(req);
      if (!created) c.header('Idempotent-Replayed', 'true');
      return c.json({ success: true, message: ORDER_TEXTS.created, order, orderToken }, created ? 201 : 200);
    })
    .patch('/', async (c) => {
      const patch = await parseCheckoutBody(c, commerce.ctx.data().schemas.orderPatchSchema);
      return c.json({ success: true, message: ORDER_TEXTS.updated, order: await orders.update(patch) });
    })
    .post('/pay', limits.payments, noCardData(), async (c) => {
      const req = await parseCheckoutBody(c, paySchema);
      const outcome = await payments.pay(req);
      return c.json(outcome.body, outcome.httpStatus);
    })
    .get('/:id', async (c) => {
      const id = rowIdOf(c.req.param('id'));
      if (id === undefined) throw new ApiError(400, 'Invalid path parameters', { id: 'Invalid input' });
      return c.json({
        success: true,
        message: ORDER_TEXTS.found,
        order: await orders.get(id, c.req.header('x-order-token')),
      });
    });
}
