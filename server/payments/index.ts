/** Payments: the provider interface on tokens, the providers, card helpers. */
export {
  providerHosts,
  type PaymentProvider,
  type PaymentProviders,
  type ChargeRequest,
  type ChargeParty,
  type ChargeResult,
  type NextAction,
} from './provider.ts';
export { sandboxProvider, SANDBOX_GATEWAY } from './sandbox.ts';
export {
  stripeProvider,
  stripeConfigFromEnv,
  apiUrlOptions,
  resultOfIntent,
  STRIPE_GATEWAY,
  type StripeConfig,
  type StripeProvider,
} from './stripe.ts';
export {
  authorizeNetProvider,
  authorizeNetConfigFromEnv,
  AUTHORIZE_NET_GATEWAY,
  type AuthorizeNetConfig,
  type AuthorizeNetProvider,
} from './authorize-net.ts';
export { cardBrand, storableCard, type CardBrand } from './card-brand.ts';
export { defaultPaymentProviders, describeProviders } from './registry.ts';
