/**
 * Money: US dollars rounded to cents (spec: amounts rounded to 2 decimals). Sums go through
 * integer cents so 0.1 + 0.2 is 0.30, not 0.30000000000000004.
 */
import { roundMoney } from '../catalog/price.ts';

export { roundMoney } from '../catalog/price.ts';

/**
 * Dollars -> whole cents: the one rounding rule for amounts written or computed in dollars (an
 * order's totals, a pricing file's ranges). Half away from zero on the decimal a person wrote
 * (1.005 -> 101, -1.005 -> -101, 0.1 + 0.2 -> 30), the same rule as roundMoney.
 */
export const toCents = (dollars: number): number => Math.round(roundMoney(dollars) * 100);

/** Whole cents -> dollars. */
export const fromCents = (cents: number): number => cents / 100;

/** Sum of amounts, each rounded to cents first. */
export function sumMoney(amounts: readonly number[]): number {
  let cents = 0;
  for (const a of amounts) cents += toCents(a);
  return fromCents(cents);
}
