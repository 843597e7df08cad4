import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHIP, DOOR, send } from '../commerce/testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
beforeEach(async () => {
  t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
});
afterEach(() => t.close());

const estimate = (body: unknown) => send(t.app, 'POST', '/api/checkout/estimate', body);
const NO_METHODS =
  'Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.';

describe('POST /api/checkout/estimate', () => {
  it("returns the server's methods, rates, tax and totals for a cart and an address", async () => {
    const r = await estimate({
      items: [{ ...DOOR, price: 99, qty: 3 }, CHIP],
      shippingAddress: { countryId: 'US', state: 'OH', zipCode: '43228' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      success: true,
      taxPercent: 7.5,
      shippingMethod: 'standard',
      shippingMethods: [
        {
          type: 'standard',
          displayName: 'Standard Sample Shipping',
          calculateRateBy: 'order',
          amount: 4.95,
          taxAmount: 0.37,
          amountInclTax: 5.32,
        },
        {
          type: 'expedited',
          displayName: 'Expedited Sample Shipping',
          calculateRateBy: 'item',
          amount: 5,
          taxAmount: 0.38,
          amountInclTax: 5.38,
        },
      ],
      totals: {
        subtotal: 9.95,
        subtotalInclTax: 10.7,
        shippingAmount: 4.95,
        shippingTaxAmount: 0.37,
        shippingInclTax: 5.32,
        taxAmount: 1.12,
        total: 16.02,
        totalItemCount: 2,
        weight: 5,
      },
    });
    expect(r.json).not.toHaveProperty('message');
    expect(r.json.items.map((i: { sku: string; price: number; qty: number }) => [i.sku, i.price, i.qty])).toEqual([
      ['CARLTON-SD-PW', 0, 1],
      ['QZ-CG-CH-POL', 9.95, 1],
    ]);

    const expedited = await estimate({
      items: [DOOR, CHIP],
      shippingAddress: { countryId: 'US', state: 'OH', zipCode: '43228' },
      shippingMethod: 'expedited',
    });
    expect(expedited.json).toMatchObject({ shippingMethod: 'expedited', totals: { shippingAmount: 5, total: 16.08 } });
  });

  it('without an address: the subtotal, and shipping to be calculated', async () => {
    const r = await estimate({ items: [CHIP] });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      message: 'Shipping will be calculated after entering address.',
      shippingMethods: [],
      shippingMethod: null,
      totals: { subtotal: 9.95, shippingAmount: null, taxAmount: null, total: null, totalItemCount: 1 },
    });
  });

  it("with an address no method ships to: the spec's message", async () => {
    const r = await estimate({ items: [CHIP], shippingAddress: { countryId: 'US', state: 'GU', zipCode: '96910' } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      message: NO_METHODS,
      shippingMethods: [],
      shippingMethod: null,
      totals: { total: null },
    });
  });

  it('422 for a non-US address, an unknown sku or an empty cart; 4xx JSON for junk', async () => {
    const abroad = await estimate({
      items: [CHIP],
      shippingAddress: { countryId: 'CA', state: 'ON', zipCode: '12345' },
    });
    expect(abroad.status).toBe(422);
    expect(abroad.json).toEqual({
      success: false,
      message: "Sorry, we don't ship to Canada.",
      errors: { 'shippingAddress.countryId': "Sorry, we don't ship to Canada." },
    });
    const unknown = await estimate({ items: [{ sku: 'NOPE' }] });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual({ 'items.0.sku': 'Item "NOPE" is not available.' });
    const empty = await estimate({ items: [] });
    expect(empty.json.errors).toEqual({
      items: 'Looks like you have not added anything to your cart. Go ahead & add items to your cart.',
    });
    const zip = await estimate({ items: [CHIP], shippingAddress: { countryId: 'US', state: 'Ohio', zipCode: '4322' } });
    expect(zip.status).toBe(422);
    expect(zip.json.errors).toEqual({
      'shippingAddress.state': 'Invalid selection',
      'shippingAddress.zipCode': 'ZIP/Postal code seems too short',
    });
    for (const body of ['{', '[]', 'null', JSON.stringify({ items: [{ sku: ['x'] }] })]) {
      const r = await estimate(body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.json.success).toBe(false);
    }
  });
});
