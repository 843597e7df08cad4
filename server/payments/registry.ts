/**
 * The providers a server offers, chosen by configuration: the offline sandbox gateway always,
 * Stripe when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are all set.
 * A method whose provider is missing is not offered (GET /api/payment-methods).
 */
import type { PaymentProviders } from './provider.ts';
import { sandboxProvider, SANDBOX_GATEWAY } from './sandbox.ts';
import { stripeConfigFromEnv, stripeProvider, STRIPE_GATEWAY } from './stripe.ts';
import type { SandboxGateway } from '../sandbox-gateway/gateway.ts';

export function defaultPaymentProviders(o: { sandbox: SandboxGateway; env?: Record<string, string | undefined> }): PaymentProviders {
  const stripe = o.env ? stripeConfigFromEnv(o.env) : undefined;
  return { [SANDBOX_GATEWAY]: sandboxProvider(o.sandbox), ...(stripe ? { [STRIPE_GATEWAY]: stripeProvider(stripe) } : {}) };
}

/** The gateways defaultPaymentProviders offers with this environment, without opening anything (for checks before start). */
export function configuredGateways(env: Record<string, string | undefined>): Set<string> {
  return new Set([SANDBOX_GATEWAY, ...(stripeConfigFromEnv(env) ? [STRIPE_GATEWAY] : [])]);
}

/** "sandbox, stripe (http://127.0.0.1:12111)": what `joinery start` prints. */
export function describeProviders(providers: PaymentProviders, env: Record<string, string | undefined> = {}): string {
  return Object.keys(providers)
    .filter((k) => providers[k])
    .map((k) => (k === STRIPE_GATEWAY && env.STRIPE_API_URL ? `${k} (${env.STRIPE_API_URL})` : k))
    .join(', ');
}
