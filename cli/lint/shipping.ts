/**
 * What the shipping rules need to know about the sample cart: the sample prices of the catalogue
 * (catalogs/product-styles.json), how many of each a cart takes (site.json commerce.cart
 * maxQuantity) and how many lines an order takes (MAX_ORDER_ITEMS), read leniently (the schema
 * rule reports shapes). Amounts in integer cents.
 */
import { MAX_ORDER_ITEMS, shippingRate, type ShippingMethod } from '../../engine/lint.ts';
import type { LintContext } from './context.ts';
import { isObj, list } from './values.ts';

export const SHIPPING_FILE = 'data/shipping-methods.json';

export interface SampleCart {
  /** Every sample's price in cents, highest first. */
  prices: number[];
  /** The most of one sample a cart holds. */
  maxQuantity: number;
  /** The most units a cart holds. */
  maxUnits: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The catalogue's sample cart, or undefined when the site sells no samples. */
export function sampleCart(ctx: LintContext): SampleCart | undefined {
  const catalogue = ctx.value('catalogs/product-styles.json');
  const prices = list(isObj(catalogue) ? catalogue.styles : undefined)
    .flatMap((s) => list(isObj(s) ? s.samples : undefined))
    .flatMap((x) => (isObj(x) && typeof x.price === 'number' && x.price >= 0 ? [cents(x.price)] : []))
    .sort((a, b) => b - a);
  if (!prices.length) return undefined;
  const site = ctx.value('site.json');
  const cart = isObj(site) && isObj(site.commerce) && isObj(site.commerce.cart) ? site.commerce.cart : {};
  const maxQuantity = typeof cart.maxQuantity === 'number' && cart.maxQuantity >= 1 ? Math.floor(cart.maxQuantity) : 1;
  return { prices, maxQuantity, maxUnits: Math.min(prices.length, MAX_ORDER_ITEMS) * maxQuantity };
}

/** The least and the most a cart of `units` units can come to, in cents. */
export function subtotalBounds(cart: SampleCart, units: number): { min: number; max: number } {
  const sum = (prices: readonly number[]) => {
    let left = units;
    let total = 0;
    for (const p of prices) {
      const n = Math.min(left, cart.maxQuantity);
      total += p * n;
      left -= n;
      if (!left) break;
    }
    return total;
  };
  return { min: sum([...cart.prices].reverse()), max: sum(cart.prices) };
}

/** The largest subtotal any cart reaches, in cents. */
export const largestCart = (cart: SampleCart): number => subtotalBounds(cart, cart.maxUnits).max;

/** "$1,234.50" from cents. */
export const dollars = (c: number): string =>
  `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The shipping methods as written, with their index in the file (a method without a type or rates is skipped). */
export function shippingMethods(ctx: LintContext): { method: ShippingMethod; index: number }[] {
  const file = ctx.value(SHIPPING_FILE);
  return list(isObj(file) ? file.methods : undefined).flatMap((m, index) =>
    isObj(m) && typeof m.type === 'string' && Array.isArray(m.rates)
      ? [{ method: m as unknown as ShippingMethod, index }]
      : [],
  );
}

/** A method's rate in cents for a cart and an address, or undefined when it does not ship it. */
export function rateCents(
  method: ShippingMethod,
  cart: { subtotal: number; units: number },
  at: { countryId: string; state: string; zipCode: string },
): number | undefined {
  try {
    const r = shippingRate(method, { subtotal: cart.subtotal / 100, itemCount: cart.units }, at);
    return r === undefined ? undefined : cents(r);
  } catch {
    return undefined; // a malformed entry: the schema rule says so
  }
}
