import { describe, expect, it } from 'vitest';
import { exactCents, QuoteInputError, quoteFigures, quoteLink } from './quote-store.ts';
import { quoteInput } from './testing.ts';

describe('quote figures', () => {
  it('computes row totals, subtotal and total in cents from the file, whatever float sums would give', () => {
    const f = quoteFigures(
      quoteInput({
        items: [
          { name: 'A', sku: 'A', qty: 3, price: 0.1 },
          { name: 'B', sku: 'B', qty: 1, price: 0.2 },
        ],
        shippingAmount: 0.7,
        taxAmount: 0,
        discountAmount: 0.05,
      }),
    );
    expect(f.items.map((i) => i.rowTotalCents)).toEqual([30, 20]);
    expect(f).toMatchObject({ subtotal: 50, shipping: 70, tax: 0, discount: 5, total: 115 });
  });

  it('refuses amounts with more than two decimals and a total under 50 cents or over 999,999.99', () => {
    expect(() => exactCents(10.005, 'items[0].price')).toThrow(QuoteInputError);
    expect(() => exactCents(10.005, 'items[0].price')).toThrow(
      /items\[0\]\.price: must be a non-negative amount with at most two decimals/,
    );
    expect(() =>
      quoteFigures(
        quoteInput({
          items: [{ name: 'A', sku: 'A', qty: 1, price: 10 }],
          shippingAmount: 0,
          taxAmount: 0,
          discountAmount: 10,
        }),
      ),
    ).toThrow(/at least 0\.50/);
    // At most what one card payment takes: 999,999.99 is the largest total.
    const total = (price: number) =>
      quoteFigures(
        quoteInput({
          items: [{ name: 'A', sku: 'A', qty: 1, price }],
          shippingAmount: 0,
          taxAmount: 0,
          discountAmount: 0,
        }),
      ).total;
    expect(total(999_999.99)).toBe(99_999_999);
    expect(() => total(1_000_000)).toThrow(
      /must be at most 999999\.99, the most one card payment takes, got 1000000\.00/,
    );
  });

  it('builds the link with the token URL-encoded', () => {
    expect(quoteLink('https://shop.example/', 7, 'a+b')).toBe(
      'https://shop.example/quote/payment?quoteId=7&token=a%2Bb',
    );
  });
});
