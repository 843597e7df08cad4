import type { EstimatorPricingFile } from '../../schemas/types/estimator-pricing.ts';
import { formatPrice } from '../catalog/price.ts';
import { fromCents, toCents } from '../commerce/money.ts';
import type { CompiledField, CompiledForm, FormValues } from './types.ts';
import { cleanValues, isChecked } from './values.ts';

/**
 * The estimator's price ranges, shared by the browser (the summary,
 * the PDF) and the server (which recomputes what it stores, so a client's figures are display
 * only). The pricing file is in dollars; everything here is integer cents, so sums never drift.
 */
export type PricingFile = EstimatorPricingFile;

/** Field name -> option value -> price and labor ranges, in dollars as the author wrote them. */
export type Pricing = EstimatorPricingFile['fields'];

/** A range in integer cents. */
export interface CentsRange {
  min: number;
  max: number;
}

/** One chosen, priced option: what the summary, the PDF and the shop's e-mail list. */
export interface EstimateRow {
  field: string;
  /** The field's label. */
  label: string;
  /** The chosen option's value and label. */
  option: string;
  value: string;
  product: CentsRange;
  labor: CentsRange;
}

export interface Estimate {
  rows: EstimateRow[];
  product: CentsRange;
  labor: CentsRange;
  total: CentsRange;
}

const add = (a: CentsRange, b: CentsRange): CentsRange => ({ min: a.min + b.min, max: a.max + b.max });
/** A pricing file's range (dollars, as written) in cents, by the order's rounding rule. */
const cents = (r: { min: number; max: number }): CentsRange => ({ min: toCents(r.min), max: toCents(r.max) });

/** The option values a field's value stands for: a checkbox is "true" when checked. */
function chosenOptions(field: CompiledField, value: unknown): string[] {
  if (field.type === 'checkbox' || field.type === 'newsletter') return isChecked(value) ? ['true'] : [];
  if (Array.isArray(value)) return value.map(String);
  return value === undefined || value === '' ? [] : [String(value)];
}

function optionLabel(field: CompiledField, option: string): string {
  if (field.type === 'checkbox' || field.type === 'newsletter') return 'Yes';
  return field.def.options?.find((o) => String(o.value) === option)?.label ?? option;
}

/**
 * Adds the price and labor of every chosen option of each `useInCalculation` field. Hidden
 * fields (hideWhen) and unknown fields count nothing (the values are cleaned first); an option
 * the pricing file does not list counts nothing either (the linter reports it).
 */
export function computeEstimate(compiled: CompiledForm, values: FormValues, pricing: Pricing): Estimate {
  const clean = cleanValues(compiled, values);
  const rows: EstimateRow[] = [];
  for (const field of compiled.fields) {
    const table = pricing[field.name];
    if (!field.def.useInCalculation || !table) continue;
    for (const option of chosenOptions(field, clean[field.name])) {
      const entry = Object.hasOwn(table, option) ? table[option] : undefined;
      if (!entry) continue;
      rows.push({
        field: field.name,
        label: field.label,
        option,
        value: optionLabel(field, option),
        product: cents(entry.price),
        labor: cents(entry.labor),
      });
    }
  }
  const zero: CentsRange = { min: 0, max: 0 };
  const product = rows.reduce((sum, r) => add(sum, r.product), zero);
  const labor = rows.reduce((sum, r) => add(sum, r.labor), zero);
  return { rows, product, labor, total: add(product, labor) };
}

/** 120000 -> "$1,200.00": the shop's currency and locale (site.json), exactly two decimals. */
export const formatMoney = (amountCents: number): string => formatPrice(fromCents(amountCents));

const DEFAULT_PRICE_TEMPLATE = '{min} - {max}';

/** "$min - $max", or the form's priceTemplate with {min} and {max}. */
export function formatRange(range: CentsRange, template: string = DEFAULT_PRICE_TEMPLATE): string {
  return template.replaceAll('{min}', formatMoney(range.min)).replaceAll('{max}', formatMoney(range.max));
}

/** A range in dollars with two decimals: the shape of the totalPrice and summaryRows parts. */
export function toDollars(range: CentsRange): { min: number; max: number } {
  return { min: fromCents(range.min), max: fromCents(range.max) };
}
