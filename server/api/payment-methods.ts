/**
 * GET /api/payment-methods?scope=sample-order|convert-to-order
 *   -> 200 { success: true, paymentMethods: [{ name, title, enabled, isDefault, gateway, sortOrder,
 *            metadata: { methodIcon, iconWidth, iconHeight }, availableMethods, config, testMode }],
 *            testMode }
 * testMode is true on a method whose gateway takes no real payment (the sandbox), and at the top
 * when any listed method is one: the checkout then shows "Test mode: no real payment is taken".
 * The enabled methods of the scope (all scopes without one) that this server can take, by
 * sortOrder. config holds only public values: those the schema allows in payment-methods.json
 * (publishableKey, acceptJsUrl, clientKey, loginId), copied key by key, and the configured
 * provider's publicConfig (the sandbox gateway's tokenizerUrl, Stripe's publishableKey,
 * Authorize.Net's acceptJsUrl, clientKey and apiLoginID/loginId, Tillpay's publishableKey and
 * scriptUrl), the provider's winning.
 * -> 400 for another scope.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { PaymentMethod } from '../../engine/node.ts';
import type { Commerce } from '../commerce/index.ts';
import type { AppEnv } from '../http/env.ts';
import { parseQuery } from '../http/parse.ts';
import { isTestGateway } from '../commerce/test-mode.ts';

const query = z.object({ scope: z.enum(['sample-order', 'convert-to-order']).optional() });
/** What payment-methods.json may give (the schema's config). */
const PUBLIC_CONFIG = ['publishableKey', 'acceptJsUrl', 'clientKey', 'loginId'] as const;

function publicPaymentMethod(m: PaymentMethod, providerConfig: Readonly<Record<string, string>> = {}) {
  const config: Record<string, string> = {};
  const given = m.config as Record<string, unknown> | undefined;
  for (const k of PUBLIC_CONFIG) {
    const v = given?.[k];
    if (typeof v === 'string') config[k] = v;
  }
  // A provider's public values are public by its contract (PaymentProvider.publicConfig): all of them.
  Object.assign(config, providerConfig);
  return {
    name: m.name,
    title: m.title,
    enabled: m.enabled,
    isDefault: m.isDefault ?? false,
    gateway: m.gateway,
    sortOrder: m.sortOrder ?? 0,
    metadata: {
      methodIcon: m.metadata?.methodIcon,
      iconWidth: m.metadata?.iconWidth,
      iconHeight: m.metadata?.iconHeight,
    },
    availableMethods: m.availableMethods ?? [],
    config,
    testMode: isTestGateway(m.gateway),
  };
}

export function paymentMethodsRoutes(commerce: Commerce): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { scope } = await parseQuery(c, query);
    const { ctx } = commerce;
    const data = ctx.data();
    const methods = data.paymentMethods
      .filter((m) =>
        scope
          ? ctx.paymentMethod(data, m.name, scope)
          : ctx.paymentMethod(data, m.name, 'sample-order') || ctx.paymentMethod(data, m.name, 'convert-to-order'),
      )
      .map((m, i) => ({ m, i }))
      .sort((a, b) => (a.m.sortOrder ?? 0) - (b.m.sortOrder ?? 0) || a.i - b.i)
      .map(({ m }) => publicPaymentMethod(m, ctx.deps.providers[m.gateway]?.publicConfig));
    return c.json({ success: true, paymentMethods: methods, testMode: methods.some((m) => m.testMode) });
  });
}
