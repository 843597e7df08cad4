import { describe, expect, it } from 'vitest';
import * as r from './rules.ts';
import type { Commerce } from '../../schemas/types/site.ts';
import { ShopRulesError, shopRulesOf } from './shop.ts';

const check = (rule: r.Rule, cases: [string, string | undefined][]) => {
  for (const [value, message] of cases) expect([value, rule(value)]).toEqual([value, message]);
};

describe('checkout field rules', () => {
  it('email', () => {
    check(r.email, [
      ['', 'This field is required'],
      ['jane@', 'Invalid email address'],
      ['jane@example', 'Invalid email address'],
      [`${'a'.repeat(250)}@example.com`, 'Invalid email address'],
      ['jane.doe+samples@example.com', undefined],
    ]);
  });

  it('US ZIP: required, digits only, 5 digits or 9 (ZIP+4)', () => {
    check(r.usZipCode, [
      ['', 'ZIP/Postal code is required'],
      ['4322A', 'Only numbers are allowed'],
      ['43228-1234', 'Only numbers are allowed'],
      ['4322', 'ZIP/Postal code seems too short'],
      ['1234567890', 'ZIP/Postal code seems too long'],
      ['123456', 'Enter a 5-digit ZIP code'],
      ['43228', undefined],
      ['432281234', undefined],
    ]);
  });

  it('a postal code elsewhere: letters, digits, spaces and hyphens, 3 to 10', () => {
    check(r.postalCode, [
      ['', 'ZIP/Postal code is required'],
      ['K1A 0B1', undefined],
      ['1010', undefined],
      ['SW1A 1AA', undefined],
      ['64000', undefined],
      ['EC1-2', undefined],
      ['K1', 'ZIP/Postal code seems too short'],
      ['K1A 0B1 K1A', 'ZIP/Postal code seems too long'],
      ['K1A_0B1', 'Only letters, numbers, spaces and hyphens are allowed'],
      ['-12345', 'Only letters, numbers, spaces and hyphens are allowed'],
    ]);
  });

  it("a country's own postal code rule (site.json) instead of the ZIP rule: length first, then its pattern on the upper-cased code", () => {
    const shop = shopRulesOf({
      currency: 'CAD',
      commerce: {
        locale: 'en-CA',
        countries: [
          {
            code: 'CA',
            name: 'Canada',
            shipping: true,
            postalCode: { pattern: '^[A-Z]\\d[A-Z] ?\\d[A-Z]\\d$', message: 'Enter a postal code like K1A 0B1' },
          },
          { code: 'US', name: 'United States', shipping: true },
        ],
        cart: { storageKey: 'c', maxQuantity: 1, expiryHours: 1 },
        phone: { digits: 10 },
      },
    });
    check(r.zipCodeRule(shop, 'ca'), [
      ['', 'ZIP/Postal code is required'],
      ['K1', 'ZIP/Postal code seems too short'],
      ['K1A 0B1 K1A', 'ZIP/Postal code seems too long'],
      ['12345', 'Enter a postal code like K1A 0B1'],
      ['K1A 0B1', undefined],
      ['k1a0b1', undefined],
    ]);
    // Countries without a rule of their own, listed or not: the US ZIP rule for the US, the general one elsewhere.
    expect(r.zipCodeRule(shop, 'us')).toBe(r.usZipCode);
    expect(r.zipCodeRule(shop, 'GB')).toBe(r.postalCode);
  });

  it('a postal code pattern that is not a regular expression stops the shop from loading, naming the country', () => {
    const site = (pattern: string) => ({
      currency: 'USD',
      commerce: {
        locale: 'en-US',
        countries: [
          { code: 'CA', name: 'Canada', shipping: true, postalCode: { pattern, message: 'm' } },
        ] as Commerce['countries'],
        cart: { storageKey: 'c', maxQuantity: 1, expiryHours: 1 },
        phone: { digits: 10 },
      },
    });
    expect(() => shopRulesOf(site('^[A-Z$'))).toThrow(
      new ShopRulesError('site.json commerce.countries CA: postalCode.pattern is not a regular expression: ^[A-Z$'),
    );
  });

  it('names: letters and spaces, 2 to 50', () => {
    check(r.personName, [
      ['', 'This field is required'],
      ['J0hn', 'Only alphabets are allowed'],
      ["O'Brien", 'Only alphabets are allowed'],
      ['J', 'Name must be at least 2 characters'],
      ['a'.repeat(51), "Name can't exceed 50 characters"],
      ['a'.repeat(50), undefined],
      ['Mary Ann', undefined],
      ['José', undefined],
    ]);
  });

  it("address lines: letters, digits, spaces and , ' - . only; line 2 optional", () => {
    check(r.street1, [
      ['', 'This field is required'],
      ['2150 Westbelt Dr. #4', 'Special characters are not allowed'],
      ['<script>', 'Special characters are not allowed'],
      ["2150 Westbelt Drive, Suite 4-B, O'Hara Bldg.", undefined],
      ['2150 Westbelt Drive, O’Hara Bldg.', undefined],
      ['1'.repeat(101), 'Address seems too long'],
    ]);
    check(r.street2, [
      ['', undefined],
      ['Apt 4', undefined],
      ['Apt #4', 'Special characters are not allowed'],
    ]);
  });

  it('city: required; letters, digits and spaces', () => {
    check(r.city, [
      ['', 'This field is required'],
      ['Columbus', undefined],
      ['Winston-Salem', 'Special characters are not allowed'],
      ['Twentynine Palms 2', undefined],
    ]);
  });

  it('phone: required, allowed characters, exactly 10 digits', () => {
    check(r.phone, [
      ['', 'Phone number is required'],
      ['614-555-01x3', 'Phone number is invalid'],
      ['614 555 014', 'Phone number must be at least 10 digits'],
      ['+1 (614) 555-0143', "Phone number can't exceed 10 digits"],
      ['(614) 555-0143', undefined],
      ['614.555.0143', undefined],
      ['6145550143', undefined],
    ]);
  });

  it("countries and states: shipping is the shop's shipping countries, billing any it lists; a US state is a code from the list", () => {
    check(r.shippingCountry, [
      ['', 'This field is required'],
      ['CA', "Sorry, we don't ship to Canada."],
      ['GB', "Sorry, we don't ship to GB."],
      ['us', undefined],
      ['USA', 'Invalid selection'],
    ]);
    check(r.billingCountry, [
      ['CA', undefined],
      ['mx', undefined],
      ['GB', 'Invalid selection'],
      ['', 'This field is required'],
    ]);
    expect(r.isNotShippedMessage("Sorry, we don't ship to Canada.")).toBe(true);
    expect(r.isNotShippedMessage('Invalid selection')).toBe(false);
    check(r.stateFor('US'), [
      ['', 'This field is required'],
      ['OH', undefined],
      ['oh', undefined],
      ['Ohio', 'Invalid selection'],
      ['ZZ', 'Invalid selection'],
    ]);
    check(r.stateFor('CA'), [['Ontario', undefined]]);
  });

  it('payment method', () => {
    check(r.paymentMethod, [
      ['', 'Please select a payment method.'],
      ['card', undefined],
    ]);
  });

  it('card number, expiry and CVV (direct entry)', () => {
    check(r.cardNumber, [
      ['', 'Card number is required'],
      ['4242 4242 4242 4242', undefined],
      ['4242-4242-4242-4242', 'Card number is invalid'],
      ['424242424242', 'Card number is invalid'],
      ['4'.repeat(20), 'Card number is invalid'],
      ['4222222222222', undefined],
    ]);
    check(r.expMonth, [
      ['', 'Expiry is required'],
      ['0', 'Expiry month is invalid'],
      ['13', 'Expiry month is invalid'],
      ['01', undefined],
      ['12', undefined],
    ]);
    const now = new Date('2026-06-01T12:00:00Z');
    check(r.expYear(now), [
      ['', 'Expiry is required'],
      ['2025', 'Expiry year is invalid'],
      ['25', 'Expiry year is invalid'],
      ['2026', undefined],
      ['29', undefined],
      ['20x6', 'Expiry year is invalid'],
    ]);
    check(r.cvv, [
      ['', 'CVV is required'],
      ['12', 'CVV is invalid'],
      ['12345', 'CVV is invalid'],
      ['123', undefined],
      ['1234', undefined],
    ]);
  });

  it('expiry lists: the current year plus 10, months 01 to 12', () => {
    const years = r.expiryYears(new Date('2026-06-01T12:00:00Z'));
    expect(years).toHaveLength(11);
    expect([years[0], years[10]]).toEqual([2026, 2036]);
    expect(r.EXPIRY_MONTHS).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
  });
});
