/**
 * One address (billing or shipping) as a fieldset, its fields in the checkout's fixed order, each a
 * react-hook-form Controller of the checkout's form. A US address picks its state from the list;
 * any other country types it. The country list of the address the order ships to holds only the
 * countries the shop ships to.
 */
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import {
  US_STATES,
  type AddressField,
  countryOptions,
  isNonUs,
  numericZip,
  type CheckoutValues,
  checkoutStyles as styles,
  SelectField,
  TextField,
} from '../../engine/index.ts';

export type AddressGroup = 'billing' | 'shipping';

const STATE_OPTIONS = Object.entries(US_STATES).map(([value, label]) => ({ value, label }));

const ADDRESS_LABELS: Record<AddressField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phoneNumber: 'Phone Number',
  street1: 'Address 1',
  street2: 'Address 2',
  countryId: 'Country',
  state: 'State',
  city: 'City',
  zipCode: 'Zip Code',
};
const AUTOCOMPLETE: Record<AddressField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phoneNumber: 'tel',
  street1: 'address-line1',
  street2: 'address-line2',
  countryId: 'country',
  state: 'address-level1',
  city: 'address-level2',
  zipCode: 'postal-code',
};

/** A new country: its state list or state field starts empty; the postal code is checked by its rule. */
function useCountryChange(group: AddressGroup) {
  const { setValue, clearErrors, getFieldState, trigger } = useFormContext<CheckoutValues>();
  return (value: string) => {
    setValue(`${group}.countryId`, value);
    setValue(`${group}.state`, '');
    clearErrors([`${group}.countryId`, `${group}.state`]);
    if (getFieldState(`${group}.zipCode`).isTouched) void trigger(`${group}.zipCode`);
  };
}

export function AddressFieldset({
  group,
  legend,
  idFor,
}: {
  group: AddressGroup;
  legend: string;
  idFor: (key: string) => string;
}) {
  const { control, clearErrors } = useFormContext<CheckoutValues>();
  const countryId = useWatch({ control, name: `${group}.countryId` });
  // The address the order ships to lists only where the shop ships; a separate billing address may list more.
  const shipsHere = useWatch({ control, name: 'sameAsBilling' }) || group === 'shipping';
  const changeCountry = useCountryChange(group);
  // A change takes the field's error away; leaving the field checks it again (mode onBlur).
  const text = (f: AddressField, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <Controller
      key={f}
      name={`${group}.${f}`}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          id={idFor(`${group}.${f}`)}
          label={ADDRESS_LABELS[f]}
          value={field.value}
          error={fieldState.error?.message}
          inputRef={field.ref}
          required={f !== 'street2'}
          autoComplete={`${group} ${AUTOCOMPLETE[f]}`}
          onChange={(x) => {
            field.onChange(x);
            clearErrors(field.name);
          }}
          onBlur={field.onBlur}
          {...extra}
        />
      )}
    />
  );
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <div className={styles.grid}>
        {text('firstName')}
        {text('lastName')}
        {text('email', { type: 'email', inputMode: 'email' })}
        {text('phoneNumber', { type: 'tel', inputMode: 'tel' })}
        {text('street1')}
        {text('street2')}
        <Controller
          name={`${group}.countryId`}
          control={control}
          render={({ field, fieldState }) => (
            <SelectField
              id={idFor(field.name)}
              label={ADDRESS_LABELS.countryId}
              value={field.value}
              options={countryOptions(shipsHere)}
              required
              autoComplete={`${group} country`}
              error={fieldState.error?.message}
              inputRef={field.ref}
              onChange={changeCountry}
            />
          )}
        />
        {isNonUs(countryId) ? (
          text('state')
        ) : (
          <Controller
            name={`${group}.state`}
            control={control}
            render={({ field, fieldState }) => (
              <SelectField
                id={idFor(field.name)}
                label={ADDRESS_LABELS.state}
                value={field.value}
                options={STATE_OPTIONS}
                placeholder="Select a state"
                required
                autoComplete={`${group} address-level1`}
                error={fieldState.error?.message}
                inputRef={field.ref}
                onChange={(x) => {
                  field.onChange(x);
                  clearErrors(field.name);
                }}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
        {text('city')}
        {/* A US ZIP gets the numeric keyboard; other postal codes may hold letters. */}
        {text('zipCode', { inputMode: numericZip(countryId) ? 'numeric' : 'text' })}
      </div>
    </fieldset>
  );
}
