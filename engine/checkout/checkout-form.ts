/**
 * The checkout form's values and their checks, with the shared rules the
 * server applies too, so the page shows the same messages before a request is made. The whole
 * form's zod schema is in form-schema.ts.
 */
import type { AddressField } from '../commerce/checkout-schema.ts';
import * as rules from '../commerce/rules.ts';
import type { Rule } from '../commerce/rules.ts';
import { currentShop, ownPostalCode, shipsTo } from '../commerce/shop.ts';
import { US } from '../commerce/us-states.ts';

export type AddressValues = Record<AddressField, string>;
export interface CardValues {
  number: string;
  expMonth: string;
  expYear: string;
  cvv: string;
}

export interface CheckoutValues {
  billing: AddressValues;
  shipping: AddressValues;
  sameAsBilling: boolean;
  shippingMethod: string;
  paymentMethod: string;
  card: CardValues;
}

/** The shop's first shipping country (site.json commerce.countries), preselected. */
const firstShippingCountry = () => currentShop().countries.find((c) => c.shipping)!.code;

const emptyAddress = (): AddressValues => ({
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  zipCode: '',
  countryId: firstShippingCountry(),
});

export const emptyValues = (): CheckoutValues => ({
  billing: emptyAddress(),
  shipping: emptyAddress(),
  sameAsBilling: true,
  shippingMethod: '',
  paymentMethod: '',
  card: { number: '', expMonth: '', expYear: '', cvv: '' },
});

/** The order the fields appear in: the first one with an error gets the focus. */
const FIELD_ORDER: readonly AddressField[] = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'street1',
  'street2',
  'countryId',
  'state',
  'city',
  'zipCode',
];
export const CARD_ORDER: readonly (keyof CardValues)[] = ['number', 'expMonth', 'expYear', 'cvv'];

function addressRules(a: AddressValues, shipping: boolean): Record<AddressField, Rule> {
  return {
    firstName: rules.personName,
    lastName: rules.personName,
    email: rules.email,
    phoneNumber: rules.phone,
    street1: rules.street1,
    street2: rules.street2,
    city: rules.city,
    state: rules.stateFor(a.countryId),
    zipCode: rules.zipCodeFor(a.countryId),
    countryId: shipping ? rules.shippingCountry : rules.billingCountry,
  };
}

/** One field's message (keys as the API's: "billing.zipCode", "card.cvv", "paymentMethod"). */
export function fieldError(v: CheckoutValues, key: string, now = new Date()): string | undefined {
  const [group, field] = key.split('.') as [string, string | undefined];
  if (group === 'billing' || group === 'shipping') {
    const a = v[group];
    // With same-as-billing the billing address is where the order ships: a shipping country.
    const asShipping = group === 'shipping' || v.sameAsBilling;
    return addressRules(a, asShipping)[field as AddressField](a[field as AddressField].trim());
  }
  if (group === 'card') {
    const c = v.card;
    const r: Record<keyof CardValues, Rule> = {
      number: rules.cardNumber,
      expMonth: rules.expMonth,
      expYear: rules.expYear(now),
      cvv: rules.cvv,
    };
    return r[field as keyof CardValues](c[field as keyof CardValues].trim());
  }
  if (group === 'paymentMethod') return rules.paymentMethod(v.paymentMethod);
  return undefined;
}

/** Every field's key in page order (shipping only when it is shown, card only when asked). */
export function fieldKeys(v: CheckoutValues, withCard: boolean): string[] {
  const keys = FIELD_ORDER.map((f) => `billing.${f}`);
  if (!v.sameAsBilling) keys.push(...FIELD_ORDER.map((f) => `shipping.${f}`));
  keys.push('paymentMethod');
  if (withCard) keys.push(...CARD_ORDER.map((f) => `card.${f}`));
  return keys;
}

/** The address the cart ships to: billing with same-as-billing, else shipping. */
const shipTo = (v: CheckoutValues): AddressValues => (v.sameAsBilling ? v.billing : v.shipping);

/** Country, state and ZIP when they are complete and valid, for the estimate. */
export function shippingLocation(v: CheckoutValues): { countryId: string; state: string; zipCode: string } | undefined {
  const a = shipTo(v);
  const loc = { countryId: a.countryId, state: a.state.trim(), zipCode: a.zipCode.trim() };
  if (
    rules.shippingCountry(loc.countryId) ||
    rules.stateFor(loc.countryId)(loc.state) ||
    rules.zipCodeFor(loc.countryId)(loc.zipCode)
  )
    return undefined;
  return loc;
}

/** Outside the US: the state is free text, not the US state list. */
export const isNonUs = (country: string) => country !== '' && country.toUpperCase() !== US;
/** A country whose postal codes are digits (the US ZIP rule): its field asks for the numeric keyboard. */
export const numericZip = (country: string) => country.toUpperCase() === US && !ownPostalCode(currentShop(), country);
/** A country the shop does not ship to (site.json commerce.countries). */
export const notShipped = (country: string) => country !== '' && !shipsTo(currentShop(), country);
/** "Sorry, we don't ship to Canada." */
export const notShippedText = (country: string) => rules.notShippedMessage(currentShop(), country);
/**
 * The countries a country list offers, as select options: where the shop ships, for an address
 * the order ships to; every country site.json lists (billing-only ones too) for a billing address.
 */
export const countryOptions = (shippingOnly: boolean) =>
  currentShop()
    .countries.filter((c) => c.shipping || !shippingOnly)
    .map((c) => ({ value: c.code, label: c.name }));
