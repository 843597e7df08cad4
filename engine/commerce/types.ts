/** The checkout's data files, typed from their JSON Schemas (`joinery types`). */
export type {
  ShippingMethodsFile,
  ShippingMethod,
} from '../../schemas/types/shipping-methods.ts';
export type { TaxRatesFile, TaxRate } from '../../schemas/types/tax-rates.ts';
export type { PaymentMethod } from '../../schemas/types/payment-methods.ts';
