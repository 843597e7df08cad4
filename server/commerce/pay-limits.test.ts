import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../app.ts';
import { memoryLogger, silentLogger, type MemoryLogger } from '../logger.ts';
import { memoryMailer } from '../mail/memory-mailer.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import type { ServerConfig } from '../config.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { CARDS, cardToken, orderBody, placeOrder, send } from './testing.ts';

const TOO_MANY_ORDERS = 'Too many orders from your address. Please wait a few minutes and try again.';
const TOO_MANY_PAYS = 'Too many payment attempts from your address. Please wait a few minutes and try again.';
const TOO_MANY_FAILED = 'Too many failed payment attempts for this order. Please contact us to complete your order.';

let t: TestServer;
let log: MemoryLogger;
afterEach(() => t.close());

async function server(config: Partial<ServerConfig> = {}) {
  log = memoryLogger();
  t = await createTestServer({
    siteDir: FIXTURE_SHOP_DIR,
    dist: false,
    log,
    config: { logRequests: false, trustProxy: true, ...config },
  });
}

const from = (ip: string) => ({ 'x-forwarded-for': ip });
/** What the checkout page does: the card goes to the sandbox gateway's tokenizer, our API gets the token. */
const pay = async (
  app: TestServer['app'],
  id: number,
  token: string,
  card: Parameters<typeof cardToken>[1],
  ip = '203.0.113.5',
) => send(app, 'POST', '/api/order/pay', { id, token, paymentToken: await cardToken(app, card) }, from(ip));
const warnings = () => log.lines.filter((l) => l.level === 'warn').map((l) => l.message);

describe('rate limits on orders and payments', () => {
  it('order creation per address: 429 with its message beyond the limit, logged; another address is not affected', async () => {
    await server({ orderRateLimit: { limit: 2, windowMs: 600_000 } });
    const post = (ip: string) => send(t.app, 'POST', '/api/order', orderBody(), from(ip));
    expect((await post('203.0.113.5')).status).toBe(201);
    expect((await post('203.0.113.5')).status).toBe(201);
    const refused = await post('203.0.113.5');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ success: false, message: TOO_MANY_ORDERS });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await post('198.51.100.7')).status).toBe(201);
    expect(await t.db.selectFrom('orders').select('id').execute()).toHaveLength(3);
    expect(warnings()).toEqual([
      expect.stringMatching(/^rate limit: order creation refused for 203\.0\.113\.5 \(more than 2 in 600 s\)/),
    ]);
  });

  it('payment attempts per address: 429 with its message beyond the limit, logged', async () => {
    await server({ payRateLimit: { limit: 2, windowMs: 600_000 } });
    const { id, token } = await placeOrder(t.app);
    expect((await pay(t.app, id, token, CARDS.declined)).status).toBe(402);
    expect((await pay(t.app, id, token, CARDS.declined)).status).toBe(402);
    const refused = await pay(t.app, id, token, CARDS.approved);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ success: false, message: TOO_MANY_PAYS });
    expect(await t.db.selectFrom('payments').select('status').execute()).toEqual([
      { status: 'failed' },
      { status: 'failed' },
    ]);
    expect(warnings()).toEqual([expect.stringMatching(/^rate limit: payment attempts refused for 203\.0\.113\.5/)]);
    // Another address still pays.
    expect((await pay(t.app, id, token, CARDS.approved, '198.51.100.7')).status).toBe(200);
  });

  it('the 6th payment of an order after 5 declines is refused, also after a restart (counted from the stored payments)', async () => {
    await server();
    const { id, token } = await placeOrder(t.app);
    for (let i = 0; i < 5; i++) {
      const r = await pay(t.app, id, token, CARDS.declined);
      expect(r.status).toBe(402);
      expect(r.json.message).toBe('Your card was declined.');
    }
    const sixth = await pay(t.app, id, token, CARDS.declined);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toEqual({ success: false, message: TOO_MANY_FAILED });
    // Even a good card: the order takes no more attempts.
    expect((await pay(t.app, id, token, CARDS.approved)).json).toEqual({ success: false, message: TOO_MANY_FAILED });
    expect(await t.db.selectFrom('payments').select('status').execute()).toHaveLength(5);
    expect(warnings().at(-1)).toMatch(new RegExp(`^rate limit: payment refused for order ${id}: 5 failed payments`));

    // A new process over the same database (its address limits start empty) still refuses.
    const restarted = createServer({
      db: t.db,
      mailer: memoryMailer(),
      clock: t.clock,
      log: silentLogger,
      siteDir: FIXTURE_SHOP_DIR,
      config: { distDir: null, logRequests: false },
    });
    expect(
      (
        await send(restarted.app, 'POST', '/api/order/pay', {
          id,
          token,
          paymentToken: await cardToken(t.app, CARDS.declined),
        })
      ).json,
    ).toEqual({ success: false, message: TOO_MANY_FAILED });
    await restarted.close();

    // A wrong token learns nothing about the order: 403 as before.
    expect((await pay(t.app, id, 'x'.repeat(43), CARDS.declined)).status).toBe(403);
  });

  it('a normal checkout still passes, also after 4 declines on the order', async () => {
    await server();
    const first = await placeOrder(t.app);
    expect((await pay(t.app, first.id, first.token, CARDS.approved)).status).toBe(200);
    const second = await placeOrder(t.app);
    for (let i = 0; i < 4; i++) expect((await pay(t.app, second.id, second.token, CARDS.declined)).status).toBe(402);
    const paid = await pay(t.app, second.id, second.token, CARDS.approved);
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ success: true, message: 'Payment successful' });
    expect(warnings()).toEqual([]);
  });
});
