/**
 * The pay step and the reconciler with a provider outside the shop's database (Authorize.Net's
 * stand-in): the attempt is durable before the provider is asked, and a payment the gateway
 * held is asked about again until the gateway decides.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import type { ChargeRequest, PaymentProvider } from '../payments/provider.ts';
import {
  ANET_TEST_CARDS,
  opaqueValueFor,
  startAuthorizeNetStandIn,
  type AuthorizeNetStandIn,
} from '../testing/authorize-net-stand-in.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { placeOrder, send } from './testing.ts';

let t: TestServer | undefined;
let anet: AuthorizeNetStandIn | undefined;
afterEach(async () => {
  await t?.close();
  await anet?.close();
  t = anet = undefined;
});

async function setup() {
  anet = await startAuthorizeNetStandIn();
  t = await createTestServer({
    siteDir: FIXTURE_SHOP_DIR,
    dist: false,
    config: { origin: 'https://shop.test' },
    paymentEnv: anet.env(),
  });
  const o = await placeOrder(t.app, { paymentMethod: 'authorize-net' });
  const pay = (card: string) =>
    send(t!.app, 'POST', '/api/payment/authorize-net/process-transaction', {
      orderId: o.id,
      token: o.token,
      dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
      dataValue: opaqueValueFor(card),
    });
  return { t, anet, o, pay };
}

describe('a provider outside the shop database', () => {
  it('is asked to charge only once the attempt is committed: another connection already sees the pending payment', async () => {
    const { t, o, pay } = await setup();
    const other = openDatabase(t.dbTarget);
    const seenAtCharge: unknown[] = [];
    const providers = t.deps.payments as Record<string, PaymentProvider>;
    const real = providers['authorize-net']!;
    providers['authorize-net'] = {
      ...real,
      async charge(r: ChargeRequest) {
        seenAtCharge.push(
          await other.selectFrom('payments').select(['id', 'status']).where('order_id', '=', o.id).execute(),
        );
        return real.charge(r);
      },
    };
    try {
      expect((await pay(ANET_TEST_CARDS.approved)).status).toBe(200);
    } finally {
      await other.destroy();
    }
    expect(seenAtCharge).toEqual([[{ id: expect.any(Number), status: 'pending' }]]);
  });

  it('a payment held for review is asked about again once a lease has passed, and settled when the gateway approves it', async () => {
    const { t, anet, o, pay } = await setup();
    const held = await pay(ANET_TEST_CARDS.heldForReview);
    expect(held.status).toBe(202);
    const tx = held.json.transactionId as string;

    // Not yet: a lease has not passed since the payment last changed.
    expect((await t.reconciler.runOnce()).settled).toEqual([]);
    t.clock.advance(t.deps.config.paymentLeaseMs);
    // The gateway still holds it: asked, nothing changes.
    const still = await t.reconciler.runOnce();
    expect(still).toMatchObject({ checked: 1, settled: [], failed: [] });

    // A person at the gateway approves it.
    anet.transactions.get(tx)!.responseCode = 1;
    const r = await t.reconciler.runOnce();
    expect(r.settled).toEqual([
      expect.objectContaining({
        orderId: o.id,
        gateway: 'authorize-net',
        before: 'on_hold',
        after: 'completed',
        orderStatus: 'ordered',
      }),
    ]);
    const order = await t.db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(order.status).toBe('ordered');
    const mails = await t.db.selectFrom('email_outbox').select('kind').orderBy('kind').execute();
    expect(mails.map((m) => m.kind)).toEqual(['order-confirmation', 'order-confirmation-admin']);
    // Once settled, later runs change nothing and queue nothing more.
    t.clock.advance(t.deps.config.paymentLeaseMs);
    expect((await t.reconciler.runOnce()).settled).toEqual([]);
    expect(await t.db.selectFrom('email_outbox').select('kind').execute()).toHaveLength(2);
  });
});
