/**
 * A quote's order is written once, however many first pays of its link come at once: each gets
 * that one order, none an error (also run on PostgreSQL, where two inserts racing on the order's
 * two unique keys deadlocked while only one was the insert's arbiter: a 500 for one pay in a few
 * dozen quotes).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commerceFor } from '../commerce/app-commerce.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { quoteOrderOf } from './quote-order.ts';
import { createQuote } from './quote-store.ts';
import { quoteInput } from './testing.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
});
afterAll(() => t?.close());

it('ten first pays of a quote at once get its one order, for each of 40 quotes', async () => {
  const { ctx } = commerceFor(t.deps);
  const method = { name: 'card', title: 'Credit Card' };
  for (let n = 0; n < 40; n++) {
    const { quote } = await createQuote(t.db, t.clock, quoteInput());
    const q = await t.db.selectFrom('quotes').selectAll().where('id', '=', quote.id).executeTakeFirstOrThrow();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => quoteOrderOf(ctx, q, method)));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failed).toEqual([]);
    const orders = await t.db.selectFrom('orders').select('id').where('quote_id', '=', q.id).execute();
    expect(orders).toHaveLength(1);
    expect(new Set(results.map((r) => r.status === 'fulfilled' && r.value.id))).toEqual(new Set([orders[0]!.id]));
    const lines = await t.db.selectFrom('order_items').select('sku').where('order_id', '=', orders[0]!.id).execute();
    expect(lines.map((l) => l.sku)).toEqual(['CARLTON-B36-PW', 'TK-8']);
  }
});
