/**
 * A stored address, an order's or a quote's alike: the API's camelCase fields to the table's
 * columns and back.
 */
import type { AddressView } from '../../engine/node.ts';
import type { AddressColumns, AddressType } from '../db/schema.ts';

/** An address as a checkout or a quote file gives it (a quote file may leave out street2). */
type AddressInput = Omit<AddressView, 'street2'> & { street2?: string };

/** A stored address in the API's shape, with its type. */
export interface TypedAddressView extends AddressView {
  type: AddressType;
}

/** The columns of an address, but its owner's id. */
export const addressColumns = (type: AddressType, a: AddressInput): AddressColumns => ({
  type,
  email: a.email,
  first_name: a.firstName,
  last_name: a.lastName,
  street1: a.street1,
  street2: a.street2 ?? '',
  city: a.city,
  state: a.state,
  zip_code: a.zipCode,
  country_id: a.countryId,
  phone_number: a.phoneNumber,
});

/** The address fields of a stored row (no type): the checkout schema's shape. */
export const addressFields = (a: AddressColumns): AddressView => ({
  email: a.email,
  firstName: a.first_name,
  lastName: a.last_name,
  street1: a.street1,
  street2: a.street2,
  city: a.city,
  state: a.state,
  zipCode: a.zip_code,
  countryId: a.country_id,
  phoneNumber: a.phone_number,
});

export const addressView = (a: AddressColumns): TypedAddressView => ({ type: a.type, ...addressFields(a) });

/** Billing first, then shipping. */
export const byAddressType = (a: AddressColumns, b: AddressColumns) => a.type.localeCompare(b.type);
