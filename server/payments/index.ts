/** Payments: the provider interface, the offline sandbox provider, card helpers. */
export type { PaymentProvider, PaymentProviders, ChargeRequest, ChargeResult, CardDetails } from './provider.ts';
export { sandboxProvider, SANDBOX_GATEWAY, SANDBOX_CARDS, SANDBOX_MESSAGES } from './sandbox.ts';
export { cardBrand, storableCard, type CardBrand } from './card-brand.ts';
export { defaultPaymentProviders } from './registry.ts';
