/**
 * The providers a server offers, chosen by configuration: each provider file exports one
 * descriptor (its configuration from the environment, how to create it, how to name it) and
 * this list is the only place that names them. The offline sandbox gateway is always configured,
 * Stripe when its three keys are set, Authorize.Net when its five values are set (some of them
 * only is an error: fromEnv throws, naming the missing ones). A method whose provider is missing
 * is not offered (GET /api/payment-methods), nor a sandbox method while a live provider is
 * configured, unless site.json's commerce.sandboxWithLiveCard says so (offeredGateways); the
 * sandbox provider stays, for the payments it already holds.
 */
import type { PaymentProviders, ProviderDeps, ProviderDescriptor, ProviderRoutes } from './provider.ts';
import { sandboxDescriptor } from './sandbox.ts';
import { authorizeNetDescriptor } from './authorize-net.ts';
import { stripeDescriptor } from './stripe.ts';
import { tillpayDescriptor } from './tillpay.ts';

// biome-ignore lint/suspicious/noExplicitAny: each descriptor reads a configuration of its own type
const PROVIDER_DESCRIPTORS: readonly ProviderDescriptor<any>[] = [
  sandboxDescriptor,
  stripeDescriptor,
  authorizeNetDescriptor,
  tillpayDescriptor,
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

/** Every provider's own API routes by gateway (mounted whether it is configured or not: unconfigured, they answer "not available"). */
export const providerRoutes = (): [string, ProviderRoutes][] =>
  PROVIDER_DESCRIPTORS.flatMap((d) => (d.routes ? [[d.gateway, d.routes] as [string, ProviderRoutes]] : []));

/** The gateways defaultPaymentProviders offers with this environment, without opening anything (for checks before start). */
export function configuredGateways(env: Record<string, string | undefined>): Set<string> {
  return new Set(PROVIDER_DESCRIPTORS.filter((d) => d.fromEnv(env) !== undefined).map((d) => d.gateway));
}

/**
 * The configured gateways a new payment may use: a test-only one (the sandbox) only while no live
 * provider is configured, or when the content keeps it beside them.
 */
export function offeredGateways(configured: Iterable<string>, keepTestOnly = false): Set<string> {
  const all = [...configured];
  const testOnly = (g: string) => PROVIDER_DESCRIPTORS.find((d) => d.gateway === g)?.testOnly === true;
  const live = all.some((g) => !testOnly(g));
  return new Set(keepTestOnly || !live ? all : all.filter((g) => !testOnly(g)));
}

/** "sandbox, stripe (http://127.0.0.1:12111)": what `joinery start` prints; a provider kept but not offered says so. */
export function describeProviders(
  providers: PaymentProviders,
  env: Record<string, string | undefined> = {},
  offered?: ReadonlySet<string>,
): string {
  return Object.keys(providers)
    .filter((k) => providers[k])
    .map((k) => {
      const name = PROVIDER_DESCRIPTORS.find((d) => d.gateway === k)?.describe?.(env) ?? k;
      return offered && !offered.has(k) ? `${name} (not offered beside a live provider)` : name;
    })
    .join(', ');
}
