/**
 * The checkout's field rules, one function per field kind: each takes the
 * trimmed text and returns the single message a shopper sees, or undefined. The order of the
 * checks decides which message wins: required, then characters, then length. The page can call
 * them on blur; checkout-schema.ts builds the zod schemas from them for the page and the server.
 */
import { regexes } from 'zod/mini';
import { fillText } from '../text/fill.ts';
import { CARD_MESSAGES as C, CHECKOUT_MESSAGES as M, phoneDigitsMessages } from './messages.ts';
import { currentShop, ownPostalCode, postalCodePattern, shipsTo, type ShopRules } from './shop.ts';
import { isUsState, US } from './us-states.ts';

export type Rule = (value: string) => string | undefined;

/** zod's own e-mail pattern, the one the form engine uses too. */
const EMAIL = regexes.email;
const DIGITS = /^\d+$/;
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;
/** Letters, digits, spaces and , ' - . (and the typographic apostrophe phones type for '). */
const STREET = /^[\p{L}\p{M}\d ,'’.-]+$/u;
const CITY = /^[\p{L}\p{M}\d ]+$/u;
const PHONE_CHARS = /^[\d+\-(). ]+$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const POSTAL_CHARS = /^[\p{L}\d][\p{L}\d -]*$/u;

/** Longest accepted street line and city: longer is a mistake or an attack, not an address. */
const MAX_STREET_LENGTH = 100;
const MAX_CITY_LENGTH = 50;
const MAX_EMAIL_LENGTH = 254;

export const email: Rule = (v) => {
  if (v === '') return M.required;
  return v.length > MAX_EMAIL_LENGTH || !EMAIL.test(v) ? M.email : undefined;
};

/** First and last name: letters and spaces, 2 to 50 characters. */
export const personName: Rule = (v) => {
  if (v === '') return M.required;
  if (!LETTERS_AND_SPACES.test(v)) return M.nameLetters;
  if (v.length < 2) return M.nameShort;
  if (v.length > 50) return M.nameLong;
  return undefined;
};

/** A US ZIP: digits only, 5 of them (or 9, ZIP+4 without its hyphen). */
export const usZipCode: Rule = (v) => {
  if (v === '') return M.zipRequired;
  if (!DIGITS.test(v)) return M.zipDigits;
  if (v.length < 5) return M.zipShort;
  if (v.length > 9) return M.zipLong;
  return v.length === 5 || v.length === 9 ? undefined : M.zipUs;
};

/** A postal code elsewhere: 3 to 10 letters, digits, spaces and hyphens, starting with a letter or digit. */
export const postalCode: Rule = (v) => {
  if (v === '') return M.zipRequired;
  if (!POSTAL_CHARS.test(v)) return M.postalChars;
  if (v.length < 3) return M.zipShort;
  if (v.length > 10) return M.zipLong;
  return undefined;
};

/**
 * The postal code rule of an address in `countryCode`: the country's own (site.json
 * commerce.countries[].postalCode: the upper-cased code, 3 to 10 characters, matches its pattern),
 * else the US ZIP rule for the US and the general postal code rule for any other country.
 */
export const zipCodeRule = (shop: ShopRules, countryCode: string): Rule => {
  const own = ownPostalCode(shop, countryCode);
  if (!own) return countryCode.toUpperCase() === US ? usZipCode : postalCode;
  return (v) => {
    if (v === '') return M.zipRequired;
    // The length first: the pattern never runs on a long text.
    if (v.length < 3) return M.zipShort;
    if (v.length > 10) return M.zipLong;
    return postalCodePattern(own.pattern).test(v.toUpperCase()) ? undefined : own.message;
  };
};

/** The postal code rule of the current shop (the page's) for an address in `countryCode`. */
export const zipCodeFor =
  (countryCode: string): Rule =>
  (v) =>
    zipCodeRule(currentShop(), countryCode)(v);

/** Address line 1: required; letters, digits, spaces and , ' - . only. */
export const street1: Rule = (v) => (v === '' ? M.required : street2(v));

/** Address line 2: the same characters, optional. */
export const street2: Rule = (v) => {
  if (v === '') return undefined;
  if (!STREET.test(v)) return M.specialChars;
  return v.length > MAX_STREET_LENGTH ? fillText(M.tooLong, { label: 'Address' }) : undefined;
};

/** City: required; letters, digits and spaces only. */
export const city: Rule = (v) => {
  if (v === '') return M.required;
  if (!CITY.test(v)) return M.specialChars;
  return v.length > MAX_CITY_LENGTH ? fillText(M.tooLong, { label: 'City' }) : undefined;
};

/** Phone: digits and + - ( ) . space; exactly the shop's number of digits (site.json commerce.phone). */
export const phoneRule = (want: number): Rule => {
  const m = phoneDigitsMessages(want);
  return (v) => {
    if (v === '') return M.phoneRequired;
    if (!PHONE_CHARS.test(v)) return M.phoneInvalid;
    const digits = v.replace(/\D/g, '').length;
    if (digits < want) return m.short;
    if (digits > want) return m.long;
    return undefined;
  };
};

/** The phone rule of the current shop (the page's; the server uses phoneRule with its shop's). */
export const phone: Rule = (v) => phoneRule(currentShop().phone.digits)(v);

/** A country code (ISO 3166-1 alpha-2). */
const country: Rule = (v) => {
  if (v === '') return M.required;
  return COUNTRY.test(v) ? undefined : M.invalidSelection;
};

/** The billing country: one the shop lists (site.json commerce.countries, shipped to or not). */
export const billingCountryRule =
  (shop: ShopRules): Rule =>
  (v) =>
    country(v) ?? (shop.countries.some((c) => c.code === v.toUpperCase()) ? undefined : M.invalidSelection);

/** The billing country rule of the current shop (the page's). */
export const billingCountry: Rule = (v) => billingCountryRule(currentShop())(v);

/** "Sorry, we don't ship to Canada.": the country's name in the shop's list, else its code. */
export const notShippedMessage = (shop: ShopRules, code: string): string =>
  fillText(M.notShipped, {
    country: shop.countries.find((c) => c.code === code.toUpperCase())?.name ?? code.toUpperCase(),
  });

/** Is this message the one notShippedMessage makes? */
export const isNotShippedMessage = (message: string): boolean =>
  message.startsWith(M.notShipped.slice(0, M.notShipped.indexOf('{')));

/** The shipping country: one the shop ships to (site.json commerce.countries), else "Sorry, we don't ship to {country}.". */
export const shippingCountryRule =
  (shop: ShopRules): Rule =>
  (v) =>
    country(v) ?? (shipsTo(shop, v) ? undefined : notShippedMessage(shop, v));

/** The shipping country rule of the current shop (the page's). */
export const shippingCountry: Rule = (v) => shippingCountryRule(currentShop())(v);

/** State: a US state code for a US address, else any short name. */
export const stateFor =
  (countryCode: string): Rule =>
  (v) => {
    if (v === '') return M.required;
    if (countryCode.toUpperCase() === US) return isUsState(v.toUpperCase()) ? undefined : M.invalidSelection;
    if (!CITY.test(v)) return M.specialChars;
    return v.length > MAX_CITY_LENGTH ? fillText(M.tooLong, { label: 'State' }) : undefined;
  };

export const paymentMethod: Rule = (v) => (v === '' ? M.paymentMethod : undefined);

/** Card number: 13 to 19 digits (spaces between groups are ignored). */
export const cardNumber: Rule = (v) => {
  const n = v.replace(/\s+/g, '');
  if (n === '') return C.numberRequired;
  return DIGITS.test(n) && n.length >= 13 && n.length <= 19 ? undefined : C.numberInvalid;
};

/** Expiry month 1 to 12 ("01" ... "12" too). */
export const expMonth: Rule = (v) => {
  if (v === '') return C.expiryRequired;
  return /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 12 ? undefined : C.monthInvalid;
};

/** 2-digit years are 20yy. */
export const fullYear = (v: string): number => (v.length === 2 ? 2000 + Number(v) : Number(v));

/** Expiry year: 4 digits (or 2), not earlier than the current year. */
export const expYear =
  (now: Date = new Date()): Rule =>
  (v) => {
    if (v === '') return C.expiryRequired;
    if (!/^(\d{2}|\d{4})$/.test(v)) return C.yearInvalid;
    const year = fullYear(v);
    return year < now.getFullYear() || year > now.getFullYear() + 50 ? C.yearInvalid : undefined;
  };

/** CVV: 3 or 4 digits. */
export const cvv: Rule = (v) => {
  if (v === '') return C.cvvRequired;
  return /^\d{3,4}$/.test(v) ? undefined : C.cvvInvalid;
};

/** The years the expiry list offers: this year and the next 10 (11 entries). */
export function expiryYears(now: Date = new Date()): number[] {
  return Array.from({ length: 11 }, (_, i) => now.getFullYear() + i);
}

/** The months the expiry list offers: "01" to "12". */
export const EXPIRY_MONTHS: readonly string[] = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
