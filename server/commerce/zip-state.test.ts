import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHIP, JANE, orderBody, placeOrder, send } from './testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../testing/temp-dir.ts';
import { stateOfZip, zipStateProblem, zipStatesFrom } from './zip-state.ts';

const MISMATCH = 'ZIP/Postal code does not match the selected state';
const NOT_US = 'ZIP/Postal code is not a valid US ZIP code';

describe('stateOfZip', () => {
  it('knows the states, DC, the outlying areas, military and PO-box ZIPs; ZIP+4 by its first 5 digits', () => {
    expect(
      ['43228', '46201', '20001', '00601', '96910', '09001', '96201', '43216', '432281234'].map(stateOfZip),
    ).toEqual(['OH', 'IN', 'DC', 'PR', 'GU', 'AE', 'AP', 'OH', 'OH']);
  });
  it('is undefined for what is not a US ZIP', () => {
    expect(['00000', '4322', '432281', '99999', 'abcde', ''].map(stateOfZip)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
  it('checks US addresses only', () => {
    expect(zipStateProblem({ countryId: 'US', state: 'IN', zipCode: '43228' })).toBe(MISMATCH);
    expect(zipStateProblem({ countryId: 'US', state: 'OH', zipCode: '00000' })).toBe(NOT_US);
    expect(zipStateProblem({ countryId: 'US', state: 'OH', zipCode: '43228' })).toBeUndefined();
    expect(zipStateProblem({ countryId: 'CA', state: 'Ontario', zipCode: '12345' })).toBeUndefined();
  });
});

describe('the ZIP table cache', () => {
  it('gives the state the zipcodes package gives, for every US ZIP, drawn from the package and read back from its file', () => {
    const pkg = createRequire(import.meta.url)('zipcodes') as {
      codes: Record<string, unknown>;
      lookup: (zip: string) => { state: string; country: string } | undefined;
    };
    const dir = tempDir('joinery-zip-');
    try {
      const file = join(dir.path, 'cache', 'zip-states.json');
      const drawn = zipStatesFrom(file);
      expect(existsSync(file)).toBe(true);
      const read = zipStatesFrom(file);
      const expected = Object.fromEntries(
        Object.keys(pkg.codes)
          .map((zip) => [zip, pkg.lookup(zip)] as const)
          .filter(([, c]) => c?.country === 'US')
          .map(([zip, c]) => [zip, c!.state]),
      );
      expect(Object.keys(expected).length).toBeGreaterThan(42_000);
      expect(drawn).toEqual(expected);
      expect(read).toEqual(expected);
    } finally {
      dir.cleanup();
    }
  });
});

describe('the checkout refuses a ZIP of another state (tax follows the checked state and ZIP)', () => {
  let t: TestServer;
  beforeEach(async () => {
    t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
  });
  afterEach(() => t.close());
  const orders = () => t.db.selectFrom('orders').select(['tax_percent', 'tax_amount_cents', 'total_cents']).execute();

  it('IN with Columbus ZIP 43228: 422 on the billing ZIP, no order stored', async () => {
    const r = await send(t.app, 'POST', '/api/order', orderBody({ billing: { ...JANE, state: 'IN' } }));
    expect(r.status).toBe(422);
    expect(r.json).toEqual({ success: false, message: MISMATCH, errors: { 'billing.zipCode': MISMATCH } });
    expect(await orders()).toEqual([]);
  });

  it('a separate shipping address: the message is on the shipping ZIP', async () => {
    const r = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({ sameAsBilling: false, shipping: { ...JANE, state: 'IN' } }),
    );
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ 'shipping.zipCode': MISMATCH });
  });

  it('00000 is refused as not a US ZIP', async () => {
    const r = await send(t.app, 'POST', '/api/order', orderBody({ billing: { ...JANE, zipCode: '00000' } }));
    expect(r.status).toBe(422);
    expect(r.json).toEqual({ success: false, message: NOT_US, errors: { 'billing.zipCode': NOT_US } });
  });

  it('OH with 43228: the Franklin County rate of the tax table (7.5%) is stored', async () => {
    const { order } = await placeOrder(t.app);
    expect(order).toMatchObject({ taxPercent: 7.5, taxAmount: 1.12, total: 16.02 });
    expect(await orders()).toEqual([{ tax_percent: 7.5, tax_amount_cents: 112, total_cents: 1602 }]);
  });

  it('PATCH to a ZIP of another state is refused and the stored tax stays', async () => {
    const { id, token } = await placeOrder(t.app);
    const r = await send(t.app, 'PATCH', '/api/order', {
      id,
      token,
      sameAsBilling: false,
      shipping: { ...JANE, state: 'CA', zipCode: '43228' },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ 'shipping.zipCode': MISMATCH });
    expect(await orders()).toEqual([{ tax_percent: 7.5, tax_amount_cents: 112, total_cents: 1602 }]);
    const moved = await send(t.app, 'PATCH', '/api/order', {
      id,
      token,
      sameAsBilling: false,
      shipping: { ...JANE, city: 'Los Angeles', state: 'CA', zipCode: '90012' },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.order.taxPercent).toBe(9.5);
  });

  it('the estimate: 422 on shippingAddress.zipCode for a mismatch or an unknown ZIP, the table rate for a match', async () => {
    const estimate = (state: string, zipCode: string) =>
      send(t.app, 'POST', '/api/checkout/estimate', {
        items: [CHIP],
        shippingAddress: { countryId: 'US', state, zipCode },
      });
    const wrong = await estimate('IN', '43228');
    expect(wrong.status).toBe(422);
    expect(wrong.json).toEqual({ success: false, message: MISMATCH, errors: { 'shippingAddress.zipCode': MISMATCH } });
    expect((await estimate('OH', '00000')).json.errors).toEqual({ 'shippingAddress.zipCode': NOT_US });
    const right = await estimate('OH', '43228');
    expect(right.status).toBe(200);
    expect(right.json.taxPercent).toBe(7.5);
  });
});
