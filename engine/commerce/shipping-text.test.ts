import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippingQuotes } from './shipping.ts';
import { deliveryDaysText, entryPlaceText, methodPriceText, quoteNoteText } from './shipping-text.ts';
import type { ShippingMethod, ShippingMethodsFile } from './types.ts';

const usd = { code: 'USD', locale: 'en-US' };
const at = (state: string, zipCode: string) => ({ countryId: 'US', state, zipCode });
const { methods } = JSON.parse(
  readFileSync(new URL('../../site-config/data/shipping-methods.json', import.meta.url), 'utf8'),
) as ShippingMethodsFile;
const method = (type: string) => methods.find((m) => m.type === type)!;

describe('shipping texts from the methods data', () => {
  it('delivery days: a range, or one figure when min is max', () => {
    expect(deliveryDaysText({ min: 4, max: 7 })).toBe('4 to 7 business days');
    expect(deliveryDaysText({ min: 2, max: 2 })).toBe('2 business days');
    expect(deliveryDaysText({ min: 1, max: 1 })).toBe('1 business day');
  });

  it("the shop's methods: every rate, each narrower entry with where it applies", () => {
    expect(methodPriceText(method('standard'), usd)).toBe(
      '$4.95 per order, free on orders of $25.00 or more ($9.95 per order, $4.95 on orders of $25.00 or more to Alaska, Hawaii and Puerto Rico)',
    );
    expect(methodPriceText(method('expedited'), usd)).toBe('$12.95 per order ($8.95 per order around Columbus, OH)');
  });

  it('item rates, free first ranges, and places from states and ZIP codes when unlabelled', () => {
    const m: ShippingMethod = {
      type: 'x',
      displayName: 'X',
      isEnabled: true,
      calculateRateBy: 'item',
      rates: [
        { country: 'US', states: ['*'], zipCodes: ['*'], rate: 1.5 },
        { country: 'US', states: ['OH'], zipCodes: ['43001-43299'], rate: 0 },
        { country: 'US', states: ['GU'], zipCodes: ['*'], shippingDisabled: true },
      ],
    };
    expect(methodPriceText(m, usd)).toBe('$1.50 per item (free to ZIP codes 43001-43299 in OH)');
    expect(entryPlaceText({ country: 'US', states: ['AK', 'HI'], zipCodes: ['*'] })).toBe('to AK, HI');
    expect(
      methodPriceText(
        {
          ...m,
          calculateRateBy: 'order',
          rates: [{ country: 'US', states: ['*'], zipCodes: ['*'], ranges: [{ start: 0, rate: 0 }] }],
        },
        usd,
      ),
    ).toBe('Free');
  });

  it('the checkout note: how it ships, its days, and the lower rate a larger order of this address gets', () => {
    expect(quoteNoteText(method('standard'), 0, at('CA', '90012'), usd)).toBe(
      'USPS First-Class or UPS Ground, 4 to 7 business days. Free on orders of $25.00 or more.',
    );
    expect(quoteNoteText(method('standard'), 0, at('HI', '96813'), usd)).toBe(
      'USPS First-Class or UPS Ground, 4 to 7 business days. $4.95 on orders of $25.00 or more.',
    );
    expect(quoteNoteText(method('standard'), 25, at('CA', '90012'), usd)).toBe(
      'USPS First-Class or UPS Ground, 4 to 7 business days.',
    );
    expect(quoteNoteText(method('expedited'), 0, at('OH', '43228'), usd)).toBe('UPS 2nd Day Air, 2 business days.');
  });

  it('a quote carries that note, beside the amount it states', () => {
    const quotes = shippingQuotes(methods, { subtotal: 0, itemCount: 1 }, at('OH', '43228'));
    expect(quotes.map((q) => [q.type, q.amount])).toEqual([
      ['standard', 4.95],
      ['expedited', 8.95],
    ]);
    expect(quotes.map((q) => q.description).join(' ')).not.toMatch(/\$12\.95|\$8\.95/);
  });
});
