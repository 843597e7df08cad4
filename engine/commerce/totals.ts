/**
 * An order's figures from priced lines, a shipping charge and a tax percentage: the item and
 * order fields of the order API. taxAmount is the whole tax (items and shipping); shippingTaxAmount its
 * shipping part; total = subtotal + shipping + taxAmount. Every amount is rounded to cents.
 */
import { roundMoney, sumMoney } from './money.ts';
import { itemTax, shippingTax } from './tax.ts';

export interface PricedLine {
  price: number;
  qty: number;
  /** Pounds per item. */
  weight: number;
}

export interface LineFigures {
  price: number;
  originalPrice: number;
  priceInclTax: number;
  qty: number;
  weight: number;
  rowWeight: number;
  rowTotal: number;
  taxPercent: number;
  taxAmount: number;
  rowTotalInclTax: number;
}

export interface OrderTotals {
  subtotal: number;
  subtotalInclTax: number;
  shippingAmount: number;
  shippingTaxAmount: number;
  shippingInclTax: number;
  taxAmount: number;
  total: number;
  totalItemCount: number;
  weight: number;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function lineFigures(line: PricedLine, taxPercent: number): LineFigures {
  const price = roundMoney(line.price);
  const rowTotal = roundMoney(price * line.qty);
  const taxAmount = itemTax(price, taxPercent, line.qty);
  return {
    price,
    originalPrice: price,
    priceInclTax: roundMoney(price + itemTax(price, taxPercent, 1)),
    qty: line.qty,
    weight: line.weight,
    rowWeight: round3(line.weight * line.qty),
    rowTotal,
    taxPercent,
    taxAmount,
    rowTotalInclTax: sumMoney([rowTotal, taxAmount]),
  };
}

export function orderTotals(lines: readonly LineFigures[], shippingAmount: number, taxPercent: number): OrderTotals {
  const subtotal = sumMoney(lines.map((l) => l.rowTotal));
  const itemsTax = sumMoney(lines.map((l) => l.taxAmount));
  const shipping = roundMoney(shippingAmount);
  const shippingTaxAmount = shippingTax(shipping, taxPercent);
  const taxAmount = sumMoney([itemsTax, shippingTaxAmount]);
  return {
    subtotal,
    subtotalInclTax: sumMoney([subtotal, itemsTax]),
    shippingAmount: shipping,
    shippingTaxAmount,
    shippingInclTax: sumMoney([shipping, shippingTaxAmount]),
    taxAmount,
    total: sumMoney([subtotal, shipping, taxAmount]),
    totalItemCount: lines.reduce((n, l) => n + l.qty, 0),
    weight: round3(lines.reduce((w, l) => w + l.rowWeight, 0)),
  };
}
