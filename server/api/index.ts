/**
 * The /api sub-app: limits and headers for every route, one route factory per resource
 * (add `api.route('/forms', formsRoutes(deps))` here), and a JSON 404 for the rest.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { apiBodyLimit } from '../http/body-limit.ts';
import type { AppEnv } from '../http/env.ts';
import { jsonError } from '../http/errors.ts';
import { setResponseHeader } from '../http/response-header.ts';
import { healthRoutes } from './health.ts';
import { commerceFor } from '../commerce/app-commerce.ts';
import { checkoutRateLimits } from '../commerce/pay-limits.ts';
import { checkoutRoutes } from './checkout.ts';
import { orderRoutes } from './order.ts';
import { paymentMethodsRoutes } from './payment-methods.ts';
import { paymentsRoutes } from './payments.ts';
import { providerRoutes } from '../payments/registry.ts';
import { quoteRoutes } from './quote.ts';
import { createNodeGeoSource } from '../../engine/node.ts';
import { formsRoutes } from '../forms/index.ts';
import { newsletterRoutes } from '../newsletter/index.ts';
import { reviewsRoutes } from './reviews.ts';
import { geoRoutes } from './geo.ts';

export function createApi(deps: AppDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    await next();
    setResponseHeader(c, 'Cache-Control', 'no-store');
  });
  api.use('*', apiBodyLimit(deps.config));

  api.route('/health', healthRoutes(deps));
  const geo = createNodeGeoSource(); // one cache for the geo endpoint and the forms' checks
  api.route('/geo', geoRoutes(geo));
  api.route('/forms', formsRoutes(deps, geo));
  api.route('/newsletter', newsletterRoutes(deps));
  api.route('/reviews', reviewsRoutes(deps));
  const commerce = commerceFor(deps); // orders, payments and their e-mail hook, shared by these routes
  // One set of per-address limits for every way to create an order or start a payment.
  const limits = checkoutRateLimits(deps);
  api.route('/order', orderRoutes(commerce, limits));
  api.route('/checkout', checkoutRoutes(commerce));
  api.route('/payment-methods', paymentMethodsRoutes(commerce));
  // Each provider's own calls (Stripe's payment intents, Authorize.Net's process-transaction), from its descriptor.
  for (const [gateway, routes] of providerRoutes())
    api.route(`/payment/${encodeURIComponent(gateway)}`, routes(commerce, limits, gateway));
  api.route('/payment', paymentsRoutes(commerce));
  api.route('/quote', quoteRoutes(deps, commerce));

  api.all('*', (c) => jsonError(c, 404, 'Not found'));
  return api;
}
