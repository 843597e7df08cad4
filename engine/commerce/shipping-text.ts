/**
 * Shipping texts made from a method's data, so the checkout and every page that states a price
 * or a delivery time say what the server charges: the delivery time from `days`, the prices from
 * the rate entries (order ranges, per-item rates), where an entry applies from its `label` (else
 * its states and ZIP codes). Browser-safe.
 */
import { formatPrice, type MoneyFormat } from '../catalog/price.ts';
import { bestMatch, type Location } from './location-match.ts';
import { roundMoney } from './money.ts';
import type { ShippingMethod } from './types.ts';

type RateEntry = ShippingMethod['rates'][number];

/** "4 to 7 business days", "2 business days", "1 business day". */
export function deliveryDaysText(days: { min: number; max: number }): string {
  if (days.min === days.max) return `${days.max} business day${days.max === 1 ? '' : 's'}`;
  return `${days.min} to ${days.max} business days`;
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The ranges of an order-based entry from the lowest start. */
const rangesOf = (entry: RateEntry) => [...(entry.ranges ?? [])].sort((a, b) => a.start - b.start);

/**
 * One entry's price: "$4.95 per order, free on orders of $25.00 or more", "$12.95 per order",
 * "$1.50 per item".
 */
function entryPriceText(method: ShippingMethod, entry: RateEntry, money?: MoneyFormat): string {
  const price = (rate: number) => (rate === 0 ? 'free' : formatPrice(rate, money));
  if (method.calculateRateBy === 'item')
    return entry.rate === undefined ? '' : entry.rate === 0 ? 'free' : `${price(entry.rate)} per item`;
  return rangesOf(entry)
    .map((r, i) =>
      i === 0 && r.start === 0
        ? `${price(r.rate)}${r.rate === 0 ? '' : ' per order'}`
        : `${price(r.rate)} on orders of ${formatPrice(r.start, money)} or more`,
    )
    .join(', ');
}

const specific = (codes: readonly string[]) => codes.filter((c) => c !== '*');

/** Where an entry applies: its label, else "to AK, HI", "to ZIP codes 43001-43299 in OH". */
export function entryPlaceText(entry: RateEntry): string {
  if (entry.label) return entry.label;
  const zips = specific(entry.zipCodes);
  const states = specific(entry.states);
  const parts = [
    zips.length ? `to ZIP code${zips.length > 1 || zips[0]!.includes('-') ? 's' : ''} ${zips.join(', ')}` : '',
    states.length ? `${zips.length ? 'in' : 'to'} ${states.join(', ')}` : '',
    !zips.length && !states.length && entry.country !== '*' ? `to ${entry.country}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** How many of country, states and ZIP codes an entry narrows (0 for the catch-all). */
const narrowness = (e: RateEntry) =>
  (e.country === '*' ? 0 : 1) + (specific(e.states).length ? 1 : 0) + (specific(e.zipCodes).length ? 2 : 0);

/**
 * A method's price everywhere it ships: its broadest entry's price, then each narrower entry's
 * with where it applies, "$12.95 per order ($8.95 per order around Columbus, OH)". Empty when
 * it ships nowhere.
 */
export function methodPriceText(method: ShippingMethod, money?: MoneyFormat): string {
  const entries = method.rates
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => !e.shippingDisabled)
    .sort((a, b) => narrowness(a.e) - narrowness(b.e) || a.i - b.i)
    .map(({ e }) => e);
  if (!entries.length) return '';
  const [main, ...rest] = entries;
  const others = rest.map((e) => `${entryPriceText(method, e, money)} ${entryPlaceText(e)}`.trim());
  const text = entryPriceText(method, main!, money);
  return upperFirst(others.length ? `${text} (${others.join('; ')})` : text);
}

/**
 * What the checkout shows under a method it quoted for an address and a subtotal: how it ships
 * (`description`), its delivery time, and a lower rate a larger order of this address gets
 * ("Free on orders of $25.00 or more."). The quoted amount itself is shown beside it.
 */
export function quoteNoteText(method: ShippingMethod, subtotal: number, at: Location, money?: MoneyFormat): string {
  const first = [method.description, method.days && deliveryDaysText(method.days)].filter(Boolean).join(', ');
  const sentences = first ? [`${upperFirst(first)}.`] : [];
  const entry = method.calculateRateBy === 'order' ? bestMatch(method.rates, at) : undefined;
  if (entry && !entry.shippingDisabled) {
    const ranges = rangesOf(entry);
    const rounded = roundMoney(subtotal);
    const current = ranges.find((r) => rounded >= r.start && (r.end === undefined || rounded <= r.end));
    const better = ranges.find((r) => r.start > rounded && current && r.rate < current.rate);
    if (better)
      sentences.push(
        `${better.rate === 0 ? 'Free' : formatPrice(better.rate, money)} on orders of ${formatPrice(better.start, money)} or more.`,
      );
  }
  return sentences.join(' ');
}
