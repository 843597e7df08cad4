import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARDS, CHIP, DOOR, JANE, cardToken, orderBody, placeOrder, send } from '../commerce/testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
beforeEach(async () => {
  // Some tests post more orders from one address than a shop allows (pay-limits.test.ts tests that limit).
  t = await createTestServer({
    siteDir: FIXTURE_SHOP_DIR,
    dist: false,
    config: { orderRateLimit: { limit: 1000, windowMs: 600_000 } },
  });
});
afterEach(() => t.close());

const NO_METHODS =
  'Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.';

/** A door ($0) and a quartz chip ($9.95) to Columbus OH 43228 (7.5%), standard shipping $4.95. */
const SERVER_FIGURES = {
  subtotal: 9.95,
  subtotalInclTax: 10.7,
  shippingAmount: 4.95,
  shippingTaxAmount: 0.37,
  shippingInclTax: 5.32,
  taxAmount: 1.12,
  total: 16.02,
  totalItemCount: 2,
  weight: 5,
  taxPercent: 7.5,
};

const count = async (table: 'orders' | 'payments' | 'order_items') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/order', () => {
  it('creates a guest order priced by the server in one go, with a token stored only as a hash', async () => {
    const body = orderBody({ additionalNotes: 'Leave at the side door' });
    const r = await send(t.app, 'POST', '/api/order', body);
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ success: true, message: 'Order created' });
    const order = r.json.order;
    expect(order).toMatchObject({
      id: 1,
      orderIncrementId: '100000001',
      state: 'new',
      status: 'pending',
      customerIsGuest: true,
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      orderCurrencyCode: 'USD',
      shippingMethod: 'standard',
      shippingLabel: 'Standard Sample Shipping',
      paymentMethod: 'card',
      paymentMethodLabel: 'Credit or Debit Card',
      emailSent: false,
      additionalNotes: 'Leave at the side door',
      payments: [],
      ...SERVER_FIGURES,
    });
    expect(order.items).toEqual([
      expect.objectContaining({
        sku: 'CARLTON-SD-PW',
        name: 'Carlton sample door, Pure White',
        price: 0,
        qty: 1,
        rowTotal: 0,
        taxAmount: 0,
        customOptions: {
          finish: { type: 'paint', value: 'pure-white', label: 'Pure White' },
          styleName: 'Carlton',
          styleTitle: 'Carlton Semi-Custom Kitchen Cabinets',
        },
      }),
      expect.objectContaining({
        sku: 'QZ-CG-CH-POL',
        price: 9.95,
        originalPrice: 9.95,
        priceInclTax: 10.7,
        qty: 1,
        rowTotal: 9.95,
        taxPercent: 7.5,
        taxAmount: 0.75,
        rowTotalInclTax: 10.7,
        weight: 1.4,
        rowWeight: 1.4,
      }),
    ]);
    expect(order.addresses).toEqual([
      { type: 'billing', ...JANE },
      { type: 'shipping', ...JANE },
    ]);
    expect(order.statusHistory).toEqual([
      {
        status: 'pending',
        comment: 'Order #100000001 placed by guest checkout.',
        isCustomerNotified: false,
        createdAt: '2025-01-15T12:00:00.000Z',
      },
    ]);

    expect(r.json.orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const row = await t.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(r.json.orderToken);
    expect(JSON.stringify(row)).not.toContain(body.idempotencyKey);
    expect(row.token_expires_at).toBe('2025-01-16T12:00:00.000Z');
  });

  it('ignores every price, total, tax, shipping figure and quantity the client sends', async () => {
    const tampered = orderBody({
      items: [
        { ...DOOR, price: 100, qty: 5, rowTotal: 500 },
        { ...CHIP, price: 0.01, originalPrice: 0.01, qty: 5, taxAmount: 0 },
      ],
      subtotal: 0.02,
      total: 0.01,
      taxAmount: 0,
      shippingAmount: 0,
      shippingTaxAmount: 0,
      totalItemCount: 10,
      status: 'ordered',
      emailSent: true,
      customerIsGuest: false,
    });
    const r = await send(t.app, 'POST', '/api/order', tampered);
    expect(r.status).toBe(201);
    expect(r.json.order).toMatchObject({
      ...SERVER_FIGURES,
      status: 'pending',
      emailSent: false,
      customerIsGuest: true,
    });
    expect(r.json.order.items.map((i: { qty: number; price: number }) => [i.qty, i.price])).toEqual([
      [1, 0],
      [1, 9.95],
    ]);
    const items = await t.db
      .selectFrom('order_items')
      .select(['sku', 'qty', 'price_cents', 'row_total_cents'])
      .orderBy('position')
      .execute();
    expect(items).toEqual([
      { sku: 'CARLTON-SD-PW', qty: 1, price_cents: 0, row_total_cents: 0 },
      { sku: 'QZ-CG-CH-POL', qty: 1, price_cents: 995, row_total_cents: 995 },
    ]);
  });

  it('refuses a sku the catalogue does not have, a finish not of that sku, and a sku twice, naming the item', async () => {
    const foreign = await send(t.app, 'POST', '/api/order', orderBody({ items: [DOOR, { sku: 'ACME-DOOR-1' }] }));
    expect(foreign.status).toBe(422);
    expect(foreign.json).toEqual({
      success: false,
      message: 'Item "ACME-DOOR-1" is not available.',
      errors: { 'items.1.sku': 'Item "ACME-DOOR-1" is not available.' },
    });

    const finish = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({ items: [{ sku: 'CARLTON-SD-PW', finish: { type: 'paint', value: 'pacific-navy' } }] }),
    );
    expect(finish.status).toBe(422);
    expect(finish.json.errors).toEqual({
      'items.0.finish': 'Item "Carlton sample door, Pure White" does not come in the finish paint "pacific-navy".',
    });

    const twice = await send(t.app, 'POST', '/api/order', orderBody({ items: [DOOR, CHIP, DOOR] }));
    expect(twice.status).toBe(422);
    expect(twice.json.errors).toEqual({
      'items.2.sku': 'You can order maximum 1 quantity of item "Carlton sample door, Pure White".',
    });
    expect(await count('orders')).toBe(0);
  });

  it('refuses a shipping country the shop does not ship to, naming it, and a billing country it does not list', async () => {
    const canada = { ...JANE, countryId: 'CA', state: 'Ontario', zipCode: '12345' };
    const ship = await send(t.app, 'POST', '/api/order', orderBody({ sameAsBilling: false, shipping: canada }));
    expect(ship.status).toBe(422);
    expect(ship.json).toEqual({
      success: false,
      message: "Sorry, we don't ship to Canada.",
      errors: { 'shipping.countryId': "Sorry, we don't ship to Canada." },
    });

    const same = await send(t.app, 'POST', '/api/order', orderBody({ billing: canada, sameAsBilling: true }));
    expect(same.status).toBe(422);
    expect(same.json.message).toBe("Sorry, we don't ship to Canada.");

    // Billing abroad is fine when the samples ship to the US.
    const billAbroad = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({ billing: canada, sameAsBilling: false, shipping: JANE }),
    );
    expect(billAbroad.status).toBe(201);
    expect(billAbroad.json.order.addresses[0]).toMatchObject({ type: 'billing', countryId: 'CA', state: 'Ontario' });

    // A country site.json does not list at all: neither shipped to nor billed from.
    const london = { ...JANE, countryId: 'GB', state: 'London', zipCode: 'SW1A 1AA' };
    const gbShip = await send(t.app, 'POST', '/api/order', orderBody({ sameAsBilling: false, shipping: london }));
    expect(gbShip.status).toBe(422);
    expect(gbShip.json).toMatchObject({ message: "Sorry, we don't ship to GB." });
    const gbBill = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({ billing: london, sameAsBilling: false, shipping: JANE }),
    );
    expect(gbBill.status).toBe(422);
    expect(gbBill.json.errors).toEqual({ 'billing.countryId': 'Invalid selection' });
  });

  it('needs a shipping method that ships there and an enabled payment method', async () => {
    const guam = { ...JANE, state: 'GU', zipCode: '96910' };
    const none = await send(t.app, 'POST', '/api/order', orderBody({ billing: guam }));
    expect(none.status).toBe(422);
    expect(none.json).toEqual({ success: false, message: NO_METHODS, errors: { shippingMethod: NO_METHODS } });

    const hawaii = { ...JANE, state: 'HI', zipCode: '96813' };
    const expedited = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({ billing: hawaii, shippingMethod: 'expedited' }),
    );
    expect(expedited.status).toBe(422);
    expect(expedited.json.errors).toEqual({
      shippingMethod: 'The selected shipping method is not available for this address.',
    });

    const disabled = await send(t.app, 'POST', '/api/order', orderBody({ paymentMethod: 'stripe' }));
    expect(disabled.status).toBe(422);
    expect(disabled.json).toEqual({
      success: false,
      message: 'Payment method not available',
      errors: { paymentMethod: 'Payment method not available' },
    });
    expect(await count('orders')).toBe(0);
  });

  it('answers field errors with the checkout messages', async () => {
    const r = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({
        billing: {
          ...JANE,
          email: 'jane@',
          zipCode: '12',
          firstName: 'J4ne',
          phoneNumber: '+1 614 555 0143',
          street1: '',
        },
        paymentMethod: '',
      }),
    );
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      success: false,
      message: 'Please correct the highlighted fields.',
      errors: {
        'billing.email': 'Invalid email address',
        'billing.zipCode': 'ZIP/Postal code seems too short',
        'billing.firstName': 'Only alphabets are allowed',
        'billing.phoneNumber': "Phone number can't exceed 10 digits",
        'billing.street1': 'This field is required',
        paymentMethod: 'Please select a payment method.',
      },
    });
  });

  it('gives the same order and a working token for the same idempotency key, and refuses the key with another request', async () => {
    const body = orderBody();
    const first = await send(t.app, 'POST', '/api/order', body);
    const again = await send(t.app, 'POST', '/api/order', body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.order.id).toBe(first.json.order.id);
    expect(again.json.orderToken).toBe(first.json.orderToken);
    expect(await count('orders')).toBe(1);

    const other = await send(t.app, 'POST', '/api/order', { ...body, shippingMethod: 'expedited' });
    expect(other.status).toBe(409);
    expect(other.json).toEqual({
      success: false,
      message: 'This idempotency key was already used for a different checkout.',
    });
    expect(await count('orders')).toBe(1);
  });

  it('makes one order of concurrent requests with one key (double submit)', async () => {
    const body = orderBody();
    const results = await Promise.all(Array.from({ length: 6 }, () => send(t.app, 'POST', '/api/order', body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json.order.id)).size).toBe(1);
    expect(new Set(results.map((r) => r.json.orderToken)).size).toBe(1);
    expect(await count('orders')).toBe(1);
    expect(await count('order_items')).toBe(2);
  });

  it('answers bad input with a 4xx JSON body, never a 500', async () => {
    const cases: [string | undefined, string, number][] = [
      ['{"items": [', 'application/json', 400],
      ['', 'application/json', 400],
      [JSON.stringify(orderBody()), 'text/plain', 415],
      ['[1,2,3]', 'application/json', 422],
      ['null', 'application/json', 422],
      ['"order"', 'application/json', 422],
      [JSON.stringify({ ...orderBody(), items: 'all of them' }), 'application/json', 422],
      [JSON.stringify({ ...orderBody(), items: [null, 5] }), 'application/json', 422],
      [JSON.stringify({ ...orderBody(), billing: { ...JANE, zipCode: { $ne: 1 } } }), 'application/json', 422],
      [
        JSON.stringify({ ...orderBody(), items: Array.from({ length: 51 }, (_, i) => ({ sku: `S${i}` })) }),
        'application/json',
        422,
      ],
      [JSON.stringify({ ...orderBody(), sameAsBilling: 'yes' }), 'application/json', 422],
      [JSON.stringify({ ...orderBody(), idempotencyKey: 'x'.repeat(500) }), 'application/json', 422],
    ];
    for (const [body, type, status] of cases) {
      const r = await send(t.app, 'POST', '/api/order', body, { 'content-type': type });
      expect([body?.slice(0, 40), r.status]).toEqual([body?.slice(0, 40), status]);
      expect(r.json.success).toBe(false);
      expect(typeof r.json.message).toBe('string');
    }
    expect(await count('orders')).toBe(0);
  });

  it('refuses U+0000 in a free-text field with a field message (PostgreSQL answered 500), after the field rules', async () => {
    // additionalNotes has no character rule of its own: the NUL reached the database.
    const r = await send(t.app, 'POST', '/api/order', orderBody({ additionalNotes: 'Leave at the\u0000side door' }));
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      success: false,
      message: 'Please correct the highlighted fields.',
      errors: { additionalNotes: 'Must not contain the NUL character (U+0000)' },
    });
    // A field with its own rule keeps the spec's message.
    const street = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({ billing: { ...JANE, street1: '2150\u0000Westbelt Drive' } }),
    );
    expect(street.json.errors).toEqual({ 'billing.street1': 'Special characters are not allowed' });
    expect(await count('orders')).toBe(0);
    // The six characters \u0000 typed as text are just text.
    const typed = await send(t.app, 'POST', '/api/order', orderBody({ additionalNotes: 'Code \\u0000 on the gate' }));
    expect(typed.status).toBe(201);
    expect(typed.json.order.additionalNotes).toBe('Code \\u0000 on the gate');
  });

  it('says 503, not 500, when the site has no checkout data', async () => {
    const bare = await createTestServer({ dist: false });
    try {
      const r = await send(bare.app, 'POST', '/api/order', orderBody());
      expect(r.status).toBe(503);
      expect(r.json).toEqual({
        success: false,
        message: 'Checkout is not available right now. Please try again later.',
      });
    } finally {
      await bare.close();
    }
  });
});

describe('PATCH /api/order', () => {
  it('changes an unpaid order and computes every amount again', async () => {
    const { id, token } = await placeOrder(t.app);
    const r = await send(t.app, 'PATCH', '/api/order', {
      id,
      token,
      shippingMethod: 'expedited',
      items: [CHIP],
      total: 0,
    });
    expect(r.status).toBe(200);
    // One chip, expedited to Columbus: 2.50 per item; 7.5% on 9.95 and on 2.50.
    expect(r.json.order).toMatchObject({
      id,
      shippingMethod: 'expedited',
      shippingLabel: 'Expedited Sample Shipping',
      subtotal: 9.95,
      shippingAmount: 2.5,
      shippingTaxAmount: 0.19,
      taxAmount: 0.94,
      total: 13.39,
      totalItemCount: 1,
    });
    expect(r.json.order.items.map((i: { sku: string }) => i.sku)).toEqual(['QZ-CG-CH-POL']);

    const moved = await send(t.app, 'PATCH', '/api/order', {
      id,
      token,
      sameAsBilling: false,
      shipping: { ...JANE, city: 'Los Angeles', state: 'CA', zipCode: '90012' },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.order).toMatchObject({
      taxPercent: 9.5,
      shippingAmount: 4.5,
      taxAmount: 1.38,
      total: 15.83,
      sameAsBilling: false,
    });
    expect(moved.json.order.addresses[1]).toMatchObject({ type: 'shipping', city: 'Los Angeles', state: 'CA' });
    expect(await count('orders')).toBe(1);
  });

  it('403 for a wrong, missing or expired token and for an order that does not exist', async () => {
    const { id, token } = await placeOrder(t.app);
    const other = await placeOrder(t.app);
    for (const body of [
      { id },
      { id, token: '' },
      { id, token: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A') },
      { id, token: other.token },
      { id: 999, token },
    ]) {
      const r = await send(t.app, 'PATCH', '/api/order', { ...body, shippingMethod: 'expedited' });
      expect(r.status).toBe(403);
      expect(r.json).toEqual({ success: false, message: 'Invalid or expired order token' });
    }
    t.clock.advance(24 * 3600_000);
    expect((await send(t.app, 'PATCH', '/api/order', { id, token, shippingMethod: 'expedited' })).status).toBe(403);
    expect((await send(t.app, 'GET', `/api/order/${id}`, undefined, { 'x-order-token': token })).status).toBe(403);
  });

  it('409 once the order is paid; 422 for bad fields and a non-US address', async () => {
    const { id, token } = await placeOrder(t.app);
    const bad = await send(t.app, 'PATCH', '/api/order', {
      id,
      token,
      sameAsBilling: false,
      shipping: { ...JANE, countryId: 'MX', state: 'Jalisco' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe("Sorry, we don't ship to Mexico.");
    expect((await send(t.app, 'PATCH', '/api/order', { id: 'one', token })).status).toBe(422);

    const paid = await send(t.app, 'POST', '/api/order/pay', {
      id,
      token,
      paymentToken: await cardToken(t.app, CARDS.approved),
    });
    expect(paid.status).toBe(200);
    const late = await send(t.app, 'PATCH', '/api/order', { id, token, shippingMethod: 'expedited' });
    expect(late.status).toBe(409);
    expect(late.json).toEqual({ success: false, message: 'This order has already been paid.' });
  });
});

describe('GET /api/order/:id', () => {
  it('returns the order to the holder of its token', async () => {
    const { id, token } = await placeOrder(t.app);
    const r = await send(t.app, 'GET', `/api/order/${id}`, undefined, { 'x-order-token': token });
    expect(r.status).toBe(200);
    expect(r.json.order).toMatchObject({ id, orderIncrementId: '100000001', total: 16.02 });
    expect((await send(t.app, 'GET', `/api/order/${id}`)).status).toBe(403);
    expect((await send(t.app, 'GET', '/api/order/abc', undefined, { 'x-order-token': token })).status).toBe(400);
  });

  it("an id no row can have (past PostgreSQL's integer) is a 4xx, not a 500", async () => {
    const { token } = await placeOrder(t.app);
    const get = await send(t.app, 'GET', '/api/order/2147483648', undefined, { 'x-order-token': token });
    expect([get.status, get.json]).toEqual([
      400,
      { success: false, message: 'Invalid path parameters', errors: { id: 'Invalid input' } },
    ]);
    expect((await send(t.app, 'GET', '/api/order/2147483647', undefined, { 'x-order-token': token })).status).toBe(403);
    for (const [method, path] of [
      ['PATCH', '/api/order'],
      ['POST', '/api/order/pay'],
    ] as const) {
      const r = await send(t.app, method, path, {
        id: 2_147_483_648,
        token,
        shippingMethod: 'expedited',
        paymentToken: 'tok_x',
      });
      expect([path, r.status, r.json.errors?.id]).toEqual([path, 422, expect.any(String)]);
    }
  });

  it('there is no endpoint that e-mails an address the caller chooses', async () => {
    const { id, token } = await placeOrder(t.app);
    for (const path of ['/api/email/send-email', '/api/order/email', '/api/order/send-email']) {
      const r = await send(t.app, 'POST', path, {
        id,
        token,
        type: 'order-confirmation',
        recipient: 'victim@example.com',
        subject: 'hi',
      });
      expect(r.status).toBe(404);
    }
    expect(await t.db.selectFrom('email_outbox').selectAll().execute()).toEqual([]);
  });
});
