/**
 * The providers a server offers, chosen by configuration: the offline sandbox gateway always,
 * Stripe when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are all set,
 * Authorize.Net when the five AUTHORIZE_NET_* values are set (server/payments/authorize-net.ts).
 * A method whose provider is missing is not offered (GET /api/payment-methods).
 */
import type { PaymentProviders } from './provider.ts';
import { sandboxProvider, SANDBOX_GATEWAY } from './sandbox.ts';
import { AUTHORIZE_NET_GATEWAY, authorizeNetConfigFromEnv, authorizeNetProvider } from './authorize-net.ts';
import { stripeConfigFromEnv, stripeProvider, STRIPE_GATEWAY } from './stripe.ts';
import type { SandboxGateway } from '../sandbox-gateway/gateway.ts';

export function defaultPaymentProviders(o: { sandbox: SandboxGateway; env?: Record<string, string | undefined> }): PaymentProviders {
  const stripe = o.env ? stripeConfigFromEnv(o.env) : undefined;
  const anet = o.env ? authorizeNetConfigFromEnv(o.env) : undefined;
  return {
    [SANDBOX_GATEWAY]: sandboxProvider(o.sandbox),
    ...(stripe ? { [STRIPE_GATEWAY]: stripeProvider(stripe) } : {}),
    ...(anet ? { [AUTHORIZE_NET_GATEWAY]: authorizeNetProvider(anet) } : {}),
  };
}

/** The gateways defaultPaymentProviders offers with this environment, without opening anything (for checks before start). */
export function configuredGateways(env: Record<string, string | undefined>): Set<string> {
  return new Set([SANDBOX_GATEWAY, ...(stripeConfigFromEnv(env) ? [STRIPE_GATEWAY] : []), ...(authorizeNetConfigFromEnv(env) ? [AUTHORIZE_NET_GATEWAY] : [])]);
}

/** "sandbox, stripe (http://127.0.0.1:12111)": what `joinery start` prints. */
export function describeProviders(providers: PaymentProviders, env: Record<string, string | undefined> = {}): string {
  return Object.keys(providers)
    .filter((k) => providers[k])
    .map((k) => (k === STRIPE_GATEWAY && env.STRIPE_API_URL ? `${k} (${env.STRIPE_API_URL})` : k === AUTHORIZE_NET_GATEWAY && env.AUTHORIZE_NET_API_URL ? `${k} (${env.AUTHORIZE_NET_API_URL})` : k))
    .join(', ');
}
