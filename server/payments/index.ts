/** Payments: the provider interface on tokens, the providers, card helpers. */
export type { PaymentProvider, PaymentProviders, ChargeRequest, ChargeResult, NextAction } from './provider.ts';
export { sandboxProvider, SANDBOX_GATEWAY } from './sandbox.ts';
export { cardBrand, storableCard, type CardBrand } from './card-brand.ts';
export { defaultPaymentProviders } from './registry.ts';
