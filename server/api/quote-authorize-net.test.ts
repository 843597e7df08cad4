/**
 * A quote paid through Authorize.Net (the provider's fetch against the local stand-in): the
 * charge carries the quote's metadata on the transaction's order element (invoiceNumber and the
 * description's `[...]` tail), getTransactionDetails gives it back, and convert makes one order;
 * another quote's transaction is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../commerce/testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createQuote } from '../quotes/quote-store.ts';
import { quoteInput } from '../quotes/testing.ts';
import {
  ANET_TEST_CARDS,
  opaqueValueFor,
  startAuthorizeNetStandIn,
  type AuthorizeNetStandIn,
} from '../testing/authorize-net-stand-in.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

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
  return { anet, t };
}

const pay = (quoteId: number, token: string, card: string = ANET_TEST_CARDS.approved) =>
  send(t!.app, 'POST', '/api/quote/pay', {
    quoteId,
    token,
    paymentMethod: 'authorize-net',
    paymentToken: opaqueValueFor(card),
  });
const convert = (quoteId: number, token: string, transactionId: string) =>
  send(t!.app, 'POST', '/api/quote/convertToOrder', {
    quoteId,
    token,
    payment: { transactionId, method: 'authorize-net' },
  });

describe('a quote paid with Authorize.Net', () => {
  it('is offered for quotes, charges the total with the quote on the transaction, and converts to exactly one order', async () => {
    await setup();
    const methods = await send(t!.app, 'GET', '/api/payment-methods?scope=convert-to-order');
    expect(methods.json.paymentMethods.map((m: { name: string }) => m.name)).toContain('authorize-net');

    const { quote, token } = await createQuote(t!.db, t!.clock, quoteInput());
    const r = await pay(quote.id, token);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      success: true,
      status: 'completed',
      method: 'authorize-net',
      transactionId: expect.stringMatching(/^\d+$/),
    });
    const create = anet!.requests.find((q) => q.kind === 'createTransactionRequest')!.body.createTransactionRequest
      .transactionRequest;
    expect(create.amount).toBe('2821.29');
    // The quote pays through its order: the invoice is the order's number, the quote is in the metadata.
    const order = await t!.db
      .selectFrom('orders')
      .select(['id', 'order_increment_id'])
      .where('quote_id', '=', quote.id)
      .executeTakeFirstOrThrow();
    expect(create.order.invoiceNumber).toBe(order.order_increment_id);
    expect(create.order.description).toMatch(
      new RegExp(
        `quote #${quote.quoteIncrementId} \\[orderId=${order.id}&orderIncrementId=${order.order_increment_id}&paymentId=\\d+&quoteId=${quote.id}&quoteIncrementId=${quote.quoteIncrementId}\\]$`,
      ),
    );
    expect(create.order.description.length).toBeLessThanOrEqual(255);

    const tx = r.json.transactionId as string;
    const c1 = await convert(quote.id, token, tx);
    const c2 = await convert(quote.id, token, tx);
    expect(c1.status).toBe(200);
    expect(c1.json).toMatchObject({
      success: true,
      order: {
        total: 2821.29,
        status: 'ordered',
        payments: [{ method: 'authorize-net', transactionId: tx, amount: 2821.29, status: 'completed' }],
      },
    });
    expect(c2.json.order.id).toBe(c1.json.order.id);
    const orders = await t!.db.selectFrom('orders').select(['id', 'total_cents', 'payment_method']).execute();
    expect(orders).toEqual([{ id: c1.json.order.id, total_cents: 282129, payment_method: 'authorize-net' }]);
    const q = await t!.db
      .selectFrom('quotes')
      .select(['status', 'order_id'])
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow();
    expect(q).toEqual({ status: 'paid', order_id: c1.json.order.id });
  });

  it("refuses another quote's transaction, and a declined one", async () => {
    await setup();
    const a = await createQuote(t!.db, t!.clock, quoteInput());
    const b = await createQuote(t!.db, t!.clock, quoteInput());
    const paidA = await pay(a.quote.id, a.token);
    expect(paidA.status).toBe(200);
    const wrong = await convert(b.quote.id, b.token, paidA.json.transactionId);
    expect(wrong.status).toBe(422);
    expect(wrong.json).toMatchObject({ success: false, message: 'This payment is not for this quote.' });

    const declined = await pay(b.quote.id, b.token, ANET_TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    const tx = [...anet!.transactions.values()].find((x) => x.responseCode === 3)!.transId;
    const refused = await convert(b.quote.id, b.token, tx);
    expect(refused.status).toBe(422);
    expect(refused.json.success).toBe(false);
    // Only quote A's order is paid; B's stays payable and its quote open.
    const paid = await t!.db.selectFrom('orders').select(['quote_id']).where('status', '=', 'ordered').execute();
    expect(paid).toEqual([{ quote_id: a.quote.id }]);
    expect(
      await t!.db.selectFrom('quotes').select('status').where('id', '=', b.quote.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'open' });
  });
});
