import { describe, expect, it } from 'vitest';
import { shippedShop } from '../../tests/setup/shipped-shop.ts';
import { issuesToErrors } from '../validate/issues.ts';
import { cardSchema, checkoutSchemas, payRequestSchema } from './checkout-schema.ts';

const { addressSchema, estimateRequestSchema, orderPatchSchema, orderRequestSchema } = checkoutSchemas(shippedShop());

const ADDRESS = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phoneNumber: '(614) 555-0143',
  street1: '2150 Westbelt Drive',
  street2: '',
  city: 'Columbus',
  state: 'OH',
  zipCode: '43228',
  countryId: 'US',
};

const order = {
  idempotencyKey: '3b241101-e2bb-4255-8caf-4136c566a962',
  items: [{ sku: 'CARLTON-SD-PW', finish: { type: 'paint', value: 'pure-white' } }],
  billing: ADDRESS,
  sameAsBilling: true,
  shippingMethod: 'standard',
  paymentMethod: 'card',
};

const errorsOf = (r: {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}) => (r.success ? {} : issuesToErrors(r.error!.issues));

describe('orderRequestSchema', () => {
  it('accepts a checkout and copies billing to shipping with sameAsBilling', () => {
    const r = orderRequestSchema.safeParse({
      ...order,
      billing: { ...ADDRESS, state: 'oh', countryId: 'us', firstName: '  Jane ' },
    });
    expect(r.success).toBe(true);
    expect(r.data!.billing).toMatchObject({ firstName: 'Jane', state: 'OH', countryId: 'US' });
    expect(r.data!.shipping).toEqual(r.data!.billing);
  });

  it('drops every figure a client sends: prices, totals; a quantity is capped at the shop maximum (1 here)', () => {
    const r = orderRequestSchema.safeParse({
      ...order,
      total: 0.01,
      subtotal: 0,
      items: [{ ...order.items[0], price: 0, qty: 5, name: 'x' }],
    });
    expect(r.data).not.toHaveProperty('total');
    expect(r.data!.items[0]).toEqual({ sku: 'CARLTON-SD-PW', finish: { type: 'paint', value: 'pure-white' }, qty: 1 });
  });

  it('reports every field at once with the spec messages', () => {
    const r = orderRequestSchema.safeParse({
      idempotencyKey: 'short',
      items: [],
      billing: { ...ADDRESS, email: 'nope', zipCode: '43a', firstName: 'J', phoneNumber: '555' },
      shipping: { ...ADDRESS, countryId: 'CA', street1: 'Main St #4' },
      paymentMethod: '',
    });
    expect(errorsOf(r)).toEqual({
      idempotencyKey: expect.stringMatching(/^Invalid idempotency key/),
      items: 'Looks like you have not added anything to your cart. Go ahead & add items to your cart.',
      'billing.email': 'Invalid email address',
      'billing.zipCode': 'Only numbers are allowed',
      'billing.firstName': 'Name must be at least 2 characters',
      'billing.phoneNumber': 'Phone number must be at least 10 digits',
      'shipping.countryId': "Sorry, we don't ship to Canada.",
      'shipping.street1': 'Special characters are not allowed',
      shippingMethod: 'This field is required',
      paymentMethod: 'Please select a payment method.',
    });
  });

  it('refuses a non-US billing address shipped to as billing', () => {
    const r = orderRequestSchema.safeParse({ ...order, billing: { ...ADDRESS, countryId: 'CA', state: 'Ontario' } });
    expect(errorsOf(r)).toEqual({ 'shipping.countryId': "Sorry, we don't ship to Canada." });
  });

  it('wants a shipping address without sameAsBilling, and objects where objects belong', () => {
    expect(errorsOf(orderRequestSchema.safeParse({ ...order, sameAsBilling: false }))).toEqual({
      shipping: 'This field is required',
    });
    expect(errorsOf(orderRequestSchema.safeParse({ ...order, billing: 'Jane' }))).toMatchObject({
      billing: 'This field is required',
    });
    expect(errorsOf(orderRequestSchema.safeParse({ ...order, billing: { ...ADDRESS, zipCode: { $gt: '' } } }))).toEqual(
      { 'billing.zipCode': 'Invalid input' },
    );
    expect(orderRequestSchema.safeParse(null).success).toBe(false);
  });
});

describe('orderPatchSchema', () => {
  it('takes the id, the token and only what changes', () => {
    const r = orderPatchSchema.safeParse({ id: '12', token: 't', shippingMethod: 'expedited' });
    expect(r.data).toEqual({ id: 12, token: 't', shippingMethod: 'expedited' });
    expect(errorsOf(orderPatchSchema.safeParse({ id: -1 }))).toEqual({ id: 'Invalid input' });
    expect(errorsOf(orderPatchSchema.safeParse({ id: 1, items: [{}] }))).toEqual({
      'items.0.sku': 'This field is required',
    });
  });
});

describe('estimateRequestSchema', () => {
  it('checks the shipping location with the same rules', () => {
    expect(
      errorsOf(
        estimateRequestSchema.safeParse({
          items: [{ sku: 'A' }],
          shippingAddress: { countryId: 'MX', state: 'Jalisco', zipCode: '44100' },
        }),
      ),
    ).toEqual({
      'shippingAddress.countryId': "Sorry, we don't ship to Mexico.",
    });
    expect(estimateRequestSchema.safeParse({ items: [{ sku: 'A' }] }).success).toBe(true);
  });
});

describe('cardSchema', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('normalises a valid card', () => {
    expect(
      cardSchema(now).parse({ number: '4242 4242 4242 4242', expMonth: '04', expYear: '2030', cvv: '123' }),
    ).toEqual({ number: '4242424242424242', expMonth: 4, expYear: 2030, cvv: '123' });
  });

  it('gives each card field its message', () => {
    expect(errorsOf(cardSchema(now).safeParse({ number: '4242', expMonth: '13', expYear: '2025', cvv: '12' }))).toEqual(
      {
        number: 'Card number is invalid',
        expMonth: 'Expiry month is invalid',
        expYear: 'Expiry year is invalid',
        cvv: 'CVV is invalid',
      },
    );
    expect(errorsOf(cardSchema(now).safeParse({}))).toEqual({
      number: 'Card number is required',
      expMonth: 'Expiry is required',
      expYear: 'Expiry is required',
      cvv: 'CVV is required',
    });
  });
});

describe('payRequestSchema', () => {
  it('takes a gateway token, not a card', () => {
    expect(payRequestSchema().parse({ id: 1, token: 't', paymentToken: 'tok_sandbox_0123abcd' })).toEqual({
      id: 1,
      token: 't',
      paymentToken: 'tok_sandbox_0123abcd',
    });
    expect(errorsOf(payRequestSchema().safeParse({ id: 1 }))).toEqual({ paymentToken: 'This field is required' });
    expect(errorsOf(payRequestSchema().safeParse({ id: 1, paymentToken: '<script>' }))).toEqual({
      paymentToken: 'Invalid input',
    });
    // Card fields are not part of the request: they are dropped, never read.
    expect(
      payRequestSchema().parse({ id: 1, paymentToken: 'pm_1', card: { number: '4242424242424242' } }),
    ).not.toHaveProperty('card');
  });
});

describe('addressSchema', () => {
  it('takes any billing country; a non-US state is free text', () => {
    expect(addressSchema.parse({ ...ADDRESS, countryId: 'ca', state: 'Ontario', zipCode: '12345' })).toMatchObject({
      countryId: 'CA',
      state: 'Ontario',
    });
  });
});
