/**
 * The providers a server offers, chosen by configuration: each provider file exports one
 * descriptor (its configuration from the environment, how to create it, how to name it) and
 * this list is the only place that names them. The offline sandbox gateway is always offered,
 * Stripe when its three keys are set, Authorize.Net when its five values are set. A method
 * whose provider is missing is not offered (GET /api/payment-methods).
 */
import type { PaymentProviders, ProviderDeps, ProviderDescriptor } from './provider.ts';
import { sandboxDescriptor } from './sandbox.ts';
import { authorizeNetDescriptor } from './authorize-net.ts';
import { stripeDescriptor } from './stripe.ts';

// biome-ignore lint/suspicious/noExplicitAny: each descriptor reads a configuration of its own type
const PROVIDER_DESCRIPTORS: readonly ProviderDescriptor<any>[] = [
  sandboxDescriptor,
  stripeDescriptor,
  authorizeNetDescriptor,
];

export function defaultPaymentProviders(
  o: ProviderDeps & { env?: Record<string, string | undefined> },
): PaymentProviders {
  const out: Record<string, ReturnType<ProviderDescriptor['create']>> = {};
  for (const d of PROVIDER_DESCRIPTORS) {
    // Without an environment only what needs none (the sandbox).
    const config = d.fromEnv(o.env ?? {});
    if (config !== undefined) out[d.gateway] = d.create(config, o);
  }
  return out;
}

/** The gateways defaultPaymentProviders offers with this environment, without opening anything (for checks before start). */
export function configuredGateways(env: Record<string, string | undefined>): Set<string> {
  return new Set(PROVIDER_DESCRIPTORS.filter((d) => d.fromEnv(env) !== undefined).map((d) => d.gateway));
}

/** "sandbox, stripe (http://127.0.0.1:12111)": what `joinery start` prints. */
export function describeProviders(providers: PaymentProviders, env: Record<string, string | undefined> = {}): string {
  return Object.keys(providers)
    .filter((k) => providers[k])
    .map((k) => PROVIDER_DESCRIPTORS.find((d) => d.gateway === k)?.describe?.(env) ?? k)
    .join(', ');
}
