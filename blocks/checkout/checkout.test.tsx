import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { currentShop, withShop, blockProps, screenOf, PageContext } from '../../engine/testing/index.ts';
import {
  type PageData,
  defaultPaymentMethod,
  enabledMethods,
  emptyCheckoutValues as emptyValues,
  shippingLocation,
  type CheckoutValues,
} from '../../engine/index.ts';
import example from './example.json' with { type: 'json' };
import { validate } from './form-schema.ts';
import CheckoutView from './checkout-view.tsx';
import block, { LOADING_TEXT } from './index.tsx';
import { AddressFieldset } from './address-fieldset.tsx';

const page: PageData = {
  path: '/checkout',
  route: '/checkout',
  status: 200,
  head: {
    title: 'Checkout',
    description: '',
    canonical: 'https://shop.test/checkout',
    meta: [],
    jsonLd: [],
    tagManager: false,
  },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['checkout'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

const filled = () => {
  const v = emptyValues();
  v.billing = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phoneNumber: '(614) 555-0100',
    street1: '1 High St',
    street2: '',
    city: 'Columbus',
    state: 'OH',
    zipCode: '43215',
    countryId: 'US',
  };
  v.paymentMethod = 'card';
  v.card = { number: '4242 4242 4242 4242', expMonth: '12', expYear: String(new Date().getFullYear() + 1), cvv: '123' };
  return v;
};

describe('checkout', () => {
  it('prerenders the loading state: the cart lives in the browser', () => {
    const Checkout = block.component;
    const html = renderToString(
      <StaticRouter location="/checkout">
        <PageContext.Provider value={page}>
          <Checkout {...blockProps(block, example.props)} />
        </PageContext.Provider>
      </StaticRouter>,
    );
    expect(html).toContain(LOADING_TEXT);
    expect(html).not.toContain('Place Order');
  });

  it('validates with the spec messages', () => {
    const empty = validate({ ...emptyValues(), paymentMethod: '' }, true);
    expect(empty['billing.firstName']).toBe('This field is required');
    expect(empty['billing.email']).toBe('This field is required');
    expect(empty['billing.zipCode']).toBe('ZIP/Postal code is required');
    expect(empty['billing.phoneNumber']).toBe('Phone number is required');
    expect(empty.paymentMethod).toBe('Please select a payment method.');
    expect(empty['card.number']).toBe('Card number is required');
    expect(empty['card.expMonth']).toBe('Expiry is required');
    expect(empty['card.cvv']).toBe('CVV is required');
    expect(empty['shipping.firstName']).toBeUndefined(); // same as billing: no shipping fields

    const v = filled();
    expect(validate(v, true)).toEqual({});
    v.billing = { ...v.billing, email: 'ada@', zipCode: '43a15', phoneNumber: '614555', firstName: 'A1' };
    expect(validate(v, true)).toEqual({
      'billing.email': 'Invalid email address',
      'billing.zipCode': 'Only numbers are allowed',
      'billing.phoneNumber': 'Phone number must be at least 10 digits',
      'billing.firstName': 'Only alphabets are allowed',
    });
  });

  it('ships to the US only, and checks shipping fields when they are shown', () => {
    const v = filled();
    v.sameAsBilling = false;
    v.shipping = { ...v.billing, countryId: 'CA', state: 'Ontario' };
    expect(validate(v, false)['shipping.countryId']).toBe("Sorry, we don't ship to Canada.");
    expect(shippingLocation(v)).toBeUndefined();
    v.sameAsBilling = true;
    expect(shippingLocation(v)).toEqual({ countryId: 'US', state: 'OH', zipCode: '43215' });
  });

  it('asks the shipping address only when it differs from billing; billing may then be abroad', () => {
    const v = filled();
    v.sameAsBilling = false;
    v.billing = { ...v.billing, countryId: 'CA', state: 'Ontario' };
    const errors = validate(v, false);
    expect(errors['billing.countryId']).toBeUndefined();
    expect(errors['shipping.firstName']).toBe('This field is required');
    expect(errors['shipping.zipCode']).toBe('ZIP/Postal code is required');
    expect(Object.keys(errors).some((k) => k.startsWith('card.'))).toBe(false); // no card fields shown
    v.sameAsBilling = true;
    expect(validate(v, false)['billing.countryId']).toBe("Sorry, we don't ship to Canada.");
  });

  it('renders the form: labelled fields in the spec order, same as billing ticked, the place-order button', () => {
    const lines = [
      {
        sku: 'AW-S',
        name: 'Aspen White sample door',
        price: 0,
        qty: 1,
        finish: { type: 'color', value: 'aw', label: 'Aspen White' },
      },
    ];
    const html = renderToString(
      <StaticRouter location="/checkout">
        <PageContext.Provider value={page}>
          <CheckoutView
            title="Billing details"
            placeOrderText="Place Order"
            successUrl="/order/success"
            lines={lines}
          />
        </PageContext.Provider>
      </StaticRouter>,
    ).replaceAll('<!-- -->', '');
    const screen = screenOf(html);
    // Each billing field's label: the field it names and its text (before any required mark).
    const labels = [...screen.container.querySelectorAll('label[for*="-billing-"]')].map((l) => [
      /-billing-(\w+)$/.exec(l.getAttribute('for')!)?.[1],
      l.firstChild?.textContent,
    ]);
    expect(labels).toEqual([
      ['firstName', 'First Name'],
      ['lastName', 'Last Name'],
      ['email', 'Email'],
      ['phoneNumber', 'Phone Number'],
      ['street1', 'Address 1'],
      ['street2', 'Address 2'],
      ['countryId', 'Country'],
      ['state', 'State'],
      ['city', 'City'],
      ['zipCode', 'Zip Code'],
    ]);
    expect(screen.getByRole('group', { name: 'Billing details' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Shipping address/ })).toBeNull();
    const same = screen.getAllByRole('checkbox').find((c) => c.getAttribute('name') === 'same_as_billing')!;
    expect(same.hasAttribute('checked')).toBe(true);
    expect(screen.getByText(/Shipping will be calculated after entering address\./)).toBeTruthy();
    expect(screen.getByText(/Order summary \(1 item\)/)).toBeTruthy();
    expect(screen.getByText(/Finish: Aspen White/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place Order' }).getAttribute('type')).toBe('submit');
  });

  it('picks the enabled default payment method, else the first', () => {
    const list = enabledMethods([
      { name: 'b', title: 'B', enabled: true, gateway: 'sandbox', sortOrder: 2 },
      { name: 'a', title: 'A', enabled: true, gateway: 'sandbox', sortOrder: 1 },
      { name: 'off', title: 'Off', enabled: false, isDefault: true, gateway: 'sandbox', sortOrder: 0 },
    ]);
    expect(list.map((m) => m.name)).toEqual(['a', 'b']);
    expect(defaultPaymentMethod(list)?.name).toBe('a');
    expect(
      defaultPaymentMethod([...list, { name: 'd', title: 'D', enabled: true, isDefault: true, gateway: 'sandbox' }])
        ?.name,
    ).toBe('d');
    expect(enabledMethods('nope')).toEqual([]);
  });
});

function BillingFieldset({ countryId }: { countryId: string }) {
  const empty = emptyValues();
  const form = useForm<CheckoutValues>({ defaultValues: { ...empty, billing: { ...empty.billing, countryId } } });
  return (
    <FormProvider {...form}>
      <AddressFieldset group="billing" legend="Billing address" idFor={(k) => k} />
    </FormProvider>
  );
}

describe('the ZIP field', () => {
  const zipInput = (countryId: string) =>
    renderToString(<BillingFieldset countryId={countryId} />).match(/<input[^>]*id="billing\.zipCode"[^>]*>/)?.[0];

  it('asks for the numeric keyboard, unless the country has letters in its codes (its own rule in site.json)', () => {
    expect(zipInput('US')).toMatch(/inputMode="numeric"/);
    const hearthline = currentShop();
    const ca = {
      code: 'CA',
      name: 'Canada',
      shipping: true,
      postalCode: { pattern: '^[A-Z]\\d[A-Z] ?\\d[A-Z]\\d$', message: 'Enter a postal code like K1A 0B1' },
    };
    withShop({ ...hearthline, countries: [ca, ...hearthline.countries.filter((c) => c.code !== 'CA')] }, () => {
      expect(zipInput('CA')).toMatch(/inputMode="text"/);
      expect(zipInput('US')).toMatch(/inputMode="numeric"/);
    });
  });
});
