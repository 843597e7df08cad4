/**
 * Shipping rates. Per enabled method, the entry that best matches the
 * address decides: with shippingDisabled the method does not ship there; an order-based method
 * charges the rate of the range holding the rounded subtotal; an item-based one charges its
 * per-item rate times the item count. A method with no matching entry or range is not offered.
 */
import { bestMatch, type Location } from './location-match.ts';
import { roundMoney } from './money.ts';
import { quoteNoteText } from './shipping-text.ts';
import type { ShippingMethod } from './types.ts';

export interface ShippingQuote {
  /** The method's key (what the checkout sends as shippingMethod). */
  type: string;
  displayName: string;
  /** How it ships, its delivery time and a lower rate a larger order gets (quoteNoteText). */
  description: string;
  calculateRateBy: 'order' | 'item';
  /** The shipping charge before tax. */
  amount: number;
}

export interface ShippingCart {
  /** The items' subtotal before tax. */
  subtotal: number;
  /** How many items (the sum of quantities). */
  itemCount: number;
}

/** The rate of one method for a cart and an address, or undefined when it does not ship there. */
export function shippingRate(method: ShippingMethod, cart: ShippingCart, at: Location): number | undefined {
  if (!method.isEnabled) return undefined;
  const entry = bestMatch(method.rates, at);
  if (!entry || entry.shippingDisabled) return undefined;
  if (method.calculateRateBy === 'item')
    return entry.rate === undefined ? undefined : roundMoney(entry.rate * cart.itemCount);
  const subtotal = roundMoney(cart.subtotal);
  const range = entry.ranges?.find((r) => subtotal >= r.start && (r.end === undefined || subtotal <= r.end));
  return range ? roundMoney(range.rate) : undefined;
}

/** Every method that ships this cart to this address, with its charge, in display order. */
export function shippingQuotes(methods: readonly ShippingMethod[], cart: ShippingCart, at: Location): ShippingQuote[] {
  const ordered = methods
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (a.m.sortOrder ?? 0) - (b.m.sortOrder ?? 0) || a.i - b.i);
  const out: ShippingQuote[] = [];
  for (const { m } of ordered) {
    const amount = shippingRate(m, cart, at);
    if (amount !== undefined)
      out.push({
        type: m.type,
        displayName: m.displayName,
        description: quoteNoteText(m, cart.subtotal, at),
        calculateRateBy: m.calculateRateBy,
        amount,
      });
  }
  return out;
}
