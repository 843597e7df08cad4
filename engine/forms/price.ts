import type { CompiledForm, FormValues } from './types.ts';
import { cleanValues } from './values.ts';

/**
 * Estimate ranges for the estimator: each chosen option of a `useInCalculation` field adds its
 * product price and labor range. These are display figures; an order's amounts are recomputed
 * by the server from the catalogue.
 */
export interface PriceRange {
  min: number;
  max: number;
}

export interface OptionPrice {
  price: PriceRange;
  labor: PriceRange;
}

/** Pricing data: field name -> option value -> price and labor ranges (spec 000 section 3). */
export type Pricing = Record<string, Record<string, OptionPrice>>;

export interface PriceBreakdown {
  product: PriceRange;
  labor: PriceRange;
  total: PriceRange;
}

/** Half-up to cents; toPrecision(15) first, so 1.005 (stored as 1.00499...) rounds to 1.01. */
export function round2(n: number): number {
  return Math.round(Number((n * 100).toPrecision(15))) / 100;
}

export function computePrice(compiled: CompiledForm, values: FormValues, pricing: Pricing): PriceBreakdown {
  const clean = cleanValues(compiled, values); // a hidden field adds nothing
  const product = { min: 0, max: 0 };
  const labor = { min: 0, max: 0 };
  for (const field of compiled.fields) {
    if (!field.def.useInCalculation) continue;
    const table = pricing[field.name];
    const value = clean[field.name];
    if (!table || value === undefined) continue;
    for (const key of Array.isArray(value) ? value : [value]) {
      const entry = table[String(key)];
      if (!entry) continue;
      product.min += entry.price.min;
      product.max += entry.price.max;
      labor.min += entry.labor.min;
      labor.max += entry.labor.max;
    }
  }
  const p = { min: round2(product.min), max: round2(product.max) };
  const l = { min: round2(labor.min), max: round2(labor.max) };
  return { product: p, labor: l, total: { min: round2(p.min + l.min), max: round2(p.max + l.max) } };
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,200.00": dollar sign, exactly two decimals (spec 001 section 9). */
export function formatMoney(n: number): string {
  return `$${money.format(round2(n))}`;
}

/** "$min - $max" (spec 000 section 9). */
export function formatRange(range: PriceRange): string {
  return `${formatMoney(range.min)} - ${formatMoney(range.max)}`;
}
