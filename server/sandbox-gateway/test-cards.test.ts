/** The test cards the checkout's sandbox banner names do what it says, through the real pay step. */
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../engine/node.ts';
import { cardToken, placeOrder, send } from '../commerce/testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** What the banner says of a card, by the pay answer's status and what it asks of the card holder. */
const EXPECTED: Record<string, { http: number; status: string; authenticate?: true }> = {
  approved: { http: 200, status: 'completed' },
  declined: { http: 402, status: 'failed' },
  'held for review: the order is placed and waits': { http: 202, status: 'on_hold' },
  "asks for authentication on the gateway's page (approve or decline it there)": {
    http: 202,
    status: 'on_hold',
    authenticate: true,
  },
};

describe('the sandbox banner test cards', () => {
  it('each card does what the banner says', async () => {
    t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
    const seen: string[] = [];
    for (const c of SANDBOX_TEST_CARDS) {
      const { id, token } = await placeOrder(t.app);
      const paymentToken = await cardToken(t.app, { number: c.number, expMonth: '12', expYear: '2030', cvv: '123' });
      const r = await send(t.app, 'POST', '/api/order/pay', { id, token, paymentToken });
      const want = EXPECTED[c.result]!;
      expect({ card: c.number, http: r.status, status: r.json.status }).toEqual({
        card: c.number,
        http: want.http,
        status: want.status,
      });
      expect(Boolean(r.json.nextAction?.url), c.number).toBe(Boolean(want.authenticate));
      seen.push(c.result);
    }
    expect(seen).toEqual(Object.keys(EXPECTED));
  });
});
