/**
 * The server's figures for a cart: every line priced from the catalogue at its quantity (at most
 * the shop's cart maximum: the request schema caps it), shipping
 * quotes and tax for the shipping address, and the order totals. Whatever a client says about
 * prices, quantities, shipping or tax never gets here: the schemas drop it.
 */
import {
  type CartItemInput,
  type ShippingLocation,
  SHIPPING_MESSAGES,
  shippingQuotes,
  type ShippingQuote,
  taxPercentFor,
  lineFigures,
  orderTotals,
  type LineFigures,
  type OrderTotals,
  maxQuantityMessage,
  findFinish,
} from '../../engine/node.ts';
import { CommerceError } from './errors.ts';
import type { FieldErrors } from '../http/errors.ts';
import type { CommerceData } from './site-data.ts';

/** A cart line as the catalogue has it. */
export interface CatalogueLine {
  sku: string;
  name: string;
  price: number;
  /** Pounds. */
  weight: number;
  finish: { type: string; value: string; label: string };
  styleName: string;
  styleTitle: string;
  qty: number;
}

export type PricedItem = CatalogueLine & LineFigures;

const itemNotAvailable = (sku: string) => `Item "${sku}" is not available.`;
const finishNotOfItem = (name: string, type: string, value: string) =>
  `Item "${name}" does not come in the finish ${type} "${value}".`;

/** Lines of the catalogue for the cart's skus; 422 naming each unknown, repeated or mismatched item. */
export function priceItems(items: readonly CartItemInput[], data: CommerceData): CatalogueLine[] {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  const out: CatalogueLine[] = [];
  items.forEach((item, i) => {
    const entry = data.samples.get(item.sku);
    if (!entry) {
      errors[`items.${i}.sku`] = itemNotAvailable(item.sku);
      return;
    }
    const { style, sample } = entry;
    if (seen.has(item.sku)) {
      errors[`items.${i}.sku`] = maxQuantityMessage(sample.name, data.shop.cart.maxQuantity);
      return;
    }
    seen.add(item.sku);
    if (item.finish && (item.finish.type !== sample.finish.type || item.finish.value !== sample.finish.value)) {
      errors[`items.${i}.finish`] = finishNotOfItem(sample.name, item.finish.type, item.finish.value);
      return;
    }
    const finish = findFinish(style, sample.finish.type, sample.finish.value);
    out.push({
      sku: sample.sku,
      name: sample.name,
      price: sample.price,
      weight: sample.weight,
      finish: {
        type: sample.finish.type,
        value: sample.finish.value,
        label: finish?.item.label ?? sample.finish.value,
      },
      styleName: style.name,
      styleTitle: style.title,
      qty: item.qty,
    });
  });
  const messages = Object.values(errors);
  if (messages.length) throw new CommerceError('invalid', messages[0], errors);
  return out;
}

export interface CartQuote {
  items: PricedItem[];
  taxPercent: number;
  /** Methods that ship this cart to the address, with their charges (empty without an address). */
  shippingMethods: ShippingQuote[];
  /** The chosen method when it is offered, else the first offered one. */
  shippingMethod: ShippingQuote | undefined;
  totals: OrderTotals;
}

/** Everything the server says a cart costs, shipped to `at` (tax 0 and no shipping without it). */
export function quoteCart(
  items: readonly CartItemInput[],
  data: CommerceData,
  at: ShippingLocation | undefined,
  chosen?: string,
): CartQuote {
  const base = priceItems(items, data);
  const taxPercent = at ? taxPercentFor(data.taxRates, at) : 0;
  const priced: PricedItem[] = base.map((b) => ({ ...b, ...lineFigures(b, taxPercent) }));
  const subtotal = orderTotals(priced, 0, 0).subtotal;
  const shippingMethods = at
    ? shippingQuotes(data.shippingMethods, { subtotal, itemCount: priced.reduce((n, i) => n + i.qty, 0) }, at)
    : [];
  const shippingMethod = shippingMethods.find((m) => m.type === chosen) ?? shippingMethods[0];
  return {
    items: priced,
    taxPercent,
    shippingMethods,
    shippingMethod,
    totals: orderTotals(priced, shippingMethod?.amount ?? 0, taxPercent),
  };
}

/** The quote of an order: the chosen shipping method must ship there (422 otherwise). */
export function quoteOrder(
  items: readonly CartItemInput[],
  data: CommerceData,
  at: ShippingLocation,
  chosen: string,
): CartQuote & { shippingMethod: ShippingQuote } {
  const quote = quoteCart(items, data, at, chosen);
  if (quote.shippingMethods.length === 0)
    throw new CommerceError('invalid', SHIPPING_MESSAGES.none, { shippingMethod: SHIPPING_MESSAGES.none });
  if (quote.shippingMethod?.type !== chosen)
    throw new CommerceError('invalid', SHIPPING_MESSAGES.unavailable, {
      shippingMethod: SHIPPING_MESSAGES.unavailable,
    });
  return quote as CartQuote & { shippingMethod: ShippingQuote };
}
