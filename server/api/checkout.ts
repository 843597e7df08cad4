/**
 * POST /api/checkout/estimate: the server's figures for a cart, so the checkout page shows them.
 *
 *   { items: [{ sku, finish?: { type, value } }], shippingAddress?: { countryId, state, zipCode }, shippingMethod? }
 *   -> 200 { success: true, items: [{ sku, name, finish, price, qty, rowTotal, taxPercent, taxAmount, ... }],
 *            shippingMethods: [{ type, displayName, description, calculateRateBy, amount, taxAmount, amountInclTax }],
 *            shippingMethod: the chosen one when offered, else the first, else null,
 *            taxPercent, totals: { subtotal, subtotalInclTax, shippingAmount, shippingTaxAmount,
 *            shippingInclTax, taxAmount, total, totalItemCount, weight }, message? }
 *   Without an address: no methods, tax and total null, message `Shipping will be calculated after
 *   entering address.`; with one that no method ships to: the no-methods message.
 *   -> 422 field errors (`shippingAddress.countryId`: `Sorry, we don't ship to Canada.` for a country not in
 *      site.json's commerce.countries,
 *      `items.N.sku` for a sku not in the catalogue ...)
 */
import { Hono } from 'hono';
import type { Commerce } from '../commerce/index.ts';
import { parseCheckoutBody } from '../commerce/http.ts';
import type { AppEnv } from '../http/env.ts';

export function checkoutRoutes(commerce: Commerce): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/estimate', async (c) =>
    c.json(commerce.orders.estimate(await parseCheckoutBody(c, commerce.ctx.data().schemas.estimateRequestSchema))),
  );
}
