/**
 * Sales tax: the percentage of the entry that best matches the shipping
 * address (country, state and ZIP with the same priority as shipping, then wildcard), 0 when
 * none does. Item tax = price x percentage x qty; shipping is taxed at the same percentage.
 */
import { bestMatch, type Location } from './location-match.ts';
import { roundMoney } from './money.ts';
import type { TaxRate } from './types.ts';

export function taxPercentFor(rates: readonly TaxRate[], at: Location): number {
  return bestMatch(rates, at)?.taxPercentage ?? 0;
}

/** Tax of one line: price x percent/100 x qty, rounded to cents. */
export const itemTax = (price: number, percent: number, qty: number): number =>
  roundMoney((price * percent * qty) / 100);

/** Tax of the shipping charge at the same percentage. */
export const shippingTax = (amount: number, percent: number): number => roundMoney((amount * percent) / 100);
