import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bestMatch, zipScore } from './location-match.ts';
import { orderStatusAfterPayment } from './payment-status.ts';
import { shippingQuotes, shippingRate } from './shipping.ts';
import { itemTax, taxPercentFor } from './tax.ts';
import { lineFigures, orderTotals } from './totals.ts';
import type { ShippingMethod, ShippingMethodsFile, TaxRatesFile } from './types.ts';

const at = (state: string, zipCode: string, countryId = 'US') => ({ countryId, state, zipCode });
const site = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/sites/shop/data/${file}`, import.meta.url), 'utf8')) as T;

describe('location matching: ZIP exact, then range, then wildcard; then state; then country', () => {
  const entries = [
    { id: 'any', country: '*', states: ['*'], zipCodes: ['*'] },
    { id: 'us', country: 'US', states: ['*'], zipCodes: ['*'] },
    { id: 'oh', country: 'US', states: ['OH'], zipCodes: ['*'] },
    { id: 'oh-range', country: 'US', states: ['OH'], zipCodes: ['43001-43999'] },
    { id: 'exact-any-state', country: 'US', states: ['*'], zipCodes: ['43228'] },
  ];
  const id = (a: ReturnType<typeof at>) => bestMatch(entries, a)?.id;

  it('picks the most specific entry', () => {
    expect(id(at('OH', '43228'))).toBe('exact-any-state');
    expect(id(at('OH', '43215'))).toBe('oh-range');
    expect(id(at('OH', '45202'))).toBe('oh');
    expect(id(at('CA', '90001'))).toBe('us');
    expect(id(at('ON', '12345', 'CA'))).toBe('any');
    expect(bestMatch(entries.slice(1), at('ON', '12345', 'CA'))).toBeUndefined();
  });

  it('compares ranges as numbers of the same length; ZIP+4 matches by its first five digits', () => {
    expect(zipScore(['01001-02791'], '02134')).toBe(2);
    expect(zipScore(['01001-02791'], '2134')).toBe(0);
    expect(zipScore(['43228'], '432281234')).toBe(3);
    expect(zipScore(['43001-43999'], '432281234')).toBe(2);
    expect(zipScore(['*'], '1')).toBe(1);
  });
});

describe('shipping rates', () => {
  const orderBased: ShippingMethod = {
    type: 'standard',
    displayName: 'Standard',
    isEnabled: true,
    calculateRateBy: 'order',
    rates: [
      {
        country: 'US',
        states: ['*'],
        zipCodes: ['*'],
        ranges: [
          { start: 0, end: 49.99, rate: 4.95 },
          { start: 50, rate: 0 },
        ],
      },
      { country: 'US', states: ['*'], zipCodes: ['99501-99950'], shippingDisabled: true },
      { country: 'US', states: ['AK'], zipCodes: ['99801'], ranges: [{ start: 0, rate: 12 }] },
    ],
  };
  const itemBased: ShippingMethod = {
    type: 'expedited',
    displayName: 'Expedited',
    isEnabled: true,
    calculateRateBy: 'item',
    rates: [{ country: 'US', states: ['*'], zipCodes: ['*'], rate: 4.5 }],
  };

  it('order-based: the range holding the rounded subtotal', () => {
    expect(shippingRate(orderBased, { subtotal: 0, itemCount: 2 }, at('OH', '43228'))).toBe(4.95);
    expect(shippingRate(orderBased, { subtotal: 49.99, itemCount: 2 }, at('OH', '43228'))).toBe(4.95);
    expect(shippingRate(orderBased, { subtotal: 49.994, itemCount: 2 }, at('OH', '43228'))).toBe(4.95);
    expect(shippingRate(orderBased, { subtotal: 49.996, itemCount: 2 }, at('OH', '43228'))).toBe(0);
    expect(shippingRate(orderBased, { subtotal: 120, itemCount: 2 }, at('OH', '43228'))).toBe(0);
  });

  it('a disabled entry blocks the method where it matches best; a more specific entry can allow it again', () => {
    expect(shippingRate(orderBased, { subtotal: 0, itemCount: 1 }, at('AK', '99501'))).toBeUndefined();
    expect(shippingRate(orderBased, { subtotal: 0, itemCount: 1 }, at('AK', '99801'))).toBe(12);
  });

  it('item-based: rate x items; disabled methods and missing ranges offer nothing', () => {
    expect(shippingRate(itemBased, { subtotal: 0, itemCount: 3 }, at('OH', '43228'))).toBe(13.5);
    expect(
      shippingRate({ ...itemBased, isEnabled: false }, { subtotal: 0, itemCount: 3 }, at('OH', '43228')),
    ).toBeUndefined();
    expect(
      shippingRate(
        { ...orderBased, rates: [{ country: 'US', states: ['*'], zipCodes: ['*'], ranges: [{ start: 10, rate: 1 }] }] },
        { subtotal: 5, itemCount: 1 },
        at('OH', '43228'),
      ),
    ).toBeUndefined();
  });

  it("the shop's table: standard and expedited in the US, nothing to Guam", () => {
    const { methods } = site<ShippingMethodsFile>('shipping-methods.json');
    expect(shippingQuotes(methods, { subtotal: 0, itemCount: 2 }, at('CA', '90012'))).toEqual([
      expect.objectContaining({ type: 'standard', amount: 4.95, displayName: 'Standard Sample Shipping' }),
      expect.objectContaining({ type: 'expedited', amount: 9, calculateRateBy: 'item' }),
    ]);
    expect(
      shippingQuotes(methods, { subtotal: 59.7, itemCount: 6 }, at('OH', '43228')).map((q) => [q.type, q.amount]),
    ).toEqual([
      ['standard', 0],
      ['expedited', 15],
    ]);
    expect(
      shippingQuotes(methods, { subtotal: 0, itemCount: 1 }, at('HI', '96813')).map((q) => [q.type, q.amount]),
    ).toEqual([['standard', 9.95]]);
    expect(shippingQuotes(methods, { subtotal: 0, itemCount: 1 }, at('GU', '96910'))).toEqual([]);
  });
});

describe('tax', () => {
  const { rates } = site<TaxRatesFile>('tax-rates.json');

  it('percentage by state and ZIP, then the wildcard', () => {
    expect(taxPercentFor(rates, at('OH', '43228'))).toBe(7.5);
    expect(taxPercentFor(rates, at('OH', '45202'))).toBe(7.8);
    expect(taxPercentFor(rates, at('OH', '44101'))).toBe(7.25);
    expect(taxPercentFor(rates, at('CA', '94103'))).toBe(8.625);
    expect(taxPercentFor(rates, at('OR', '97201'))).toBe(0);
    expect(taxPercentFor([], at('OH', '43228'))).toBe(0);
  });

  it('item tax = price x percentage x qty, rounded to cents', () => {
    expect(itemTax(9.95, 7.5, 1)).toBe(0.75);
    expect(itemTax(4.95, 8.625, 3)).toBe(1.28);
    expect(itemTax(0, 7.5, 1)).toBe(0);
  });
});

describe('order totals', () => {
  it('sums lines, taxes shipping at the same percentage, rounds to cents', () => {
    const lines = [
      { price: 9.95, qty: 1, weight: 1.4 },
      { price: 4.95, qty: 1, weight: 0.2 },
      { price: 0, qty: 1, weight: 3.6 },
    ].map((l) => lineFigures(l, 7.5));
    expect(lines[0]).toEqual({
      price: 9.95,
      originalPrice: 9.95,
      priceInclTax: 10.7,
      qty: 1,
      weight: 1.4,
      rowWeight: 1.4,
      rowTotal: 9.95,
      taxPercent: 7.5,
      taxAmount: 0.75,
      rowTotalInclTax: 10.7,
    });
    expect(orderTotals(lines, 4.95, 7.5)).toEqual({
      subtotal: 14.9,
      subtotalInclTax: 16.02,
      shippingAmount: 4.95,
      shippingTaxAmount: 0.37,
      shippingInclTax: 5.32,
      taxAmount: 1.49,
      total: 21.34,
      totalItemCount: 3,
      weight: 5.2,
    });
  });
});

describe('payment status mapping', () => {
  it('the order is ordered after a completed payment, else pending_payment', () => {
    expect(['completed', 'pending', 'failed', 'on_hold'].map((s) => orderStatusAfterPayment(s as 'completed'))).toEqual(
      ['ordered', 'pending_payment', 'pending_payment', 'pending_payment'],
    );
  });
});
