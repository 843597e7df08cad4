/**
 * The quote links' two per-address budgets, counted in the database: two servers on one
 * database (each with its own connection, as two processes) share them, and a restarted server
 * finds them. On SQLite and (project "postgres") PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type JoineryServer } from '../app.ts';
import { CARDS, cardToken, send } from '../commerce/testing.ts';
import type { ServerConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/open.ts';
import { memoryLogger, type MemoryLogger } from '../logger.ts';
import { memoryMailer } from '../mail/memory-mailer.ts';
import { createQuote } from '../quotes/quote-store.ts';
import { QUOTE_TOTAL, quoteInput } from '../quotes/testing.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { QUOTE_LIMIT_MESSAGE } from './quote.ts';

/** The shipped figures (PAY_RATE_LIMIT, PAY_RATE_WINDOW_MS). */
const BUDGET = 30;
const config: Partial<ServerConfig> = {
  logRequests: false,
  trustProxy: true,
  payRateLimit: { limit: BUDGET, windowMs: 600_000 },
};
const TOO_MANY = { success: false, message: QUOTE_LIMIT_MESSAGE };
const NOT_FOUND = {
  success: false,
  message: 'Quote not found. The link may be incorrect.',
  errorType: 'quoteNotExist',
};

type App = JoineryServer['app'];
let a: TestServer;
let log: MemoryLogger;
/** The other server: its own connection to a's database. */
let b: { server: JoineryServer; db: Db };
let quote: { id: number; token: string };

function otherServer(): { server: JoineryServer; db: Db } {
  const db = openDatabase(a.dbTarget);
  return {
    server: createServer({
      db,
      mailer: memoryMailer(),
      clock: a.clock,
      log,
      siteDir: FIXTURE_SHOP_DIR,
      config: { distDir: null, ...config },
    }),
    db,
  };
}
async function stop(s: { server: JoineryServer; db: Db }) {
  await s.server.close();
  await s.db.destroy();
}

beforeEach(async () => {
  log = memoryLogger();
  a = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false, log, config });
  const q = await createQuote(a.db, a.clock, quoteInput());
  quote = { id: q.quote.id, token: q.token };
  b = otherServer();
});
afterEach(async () => {
  await stop(b);
  await a.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const open = (app: App, ip: string, token = quote.token, id = quote.id) =>
  send(app, 'GET', `/api/quote?quoteId=${id}&token=${encodeURIComponent(token)}`, undefined, from(ip));
const guess = (app: App, ip: string, i: number) => open(app, ip, `guess-${i}`);
const payCall = (app: App, ip: string, body: object = {}) => send(app, 'POST', '/api/quote/pay', body, from(ip));
const convertCall = (app: App, ip: string, body: object = {}) =>
  send(app, 'POST', '/api/quote/convertToOrder', body, from(ip));
const servers = () => [a.app, b.server.app];

describe('quote link guesses', () => {
  it("30 wrong guesses spread over two servers: the 31st is 429 on either, the customer's link still opens on both", async () => {
    const office = '203.0.113.5';
    // The customer opening the link is not counted.
    for (const app of servers()) expect((await open(app, office)).status).toBe(200);
    for (let i = 0; i < BUDGET; i++) {
      const r = await guess(servers()[i % 2]!, office, i);
      expect([i, r.status, r.json]).toEqual([i, 400, NOT_FOUND]);
    }
    for (const app of servers()) {
      const r = await guess(app, office, 99);
      expect(r.status).toBe(429);
      expect(r.json).toEqual(TOO_MANY);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(500);
      expect(r.headers.get('x-request-id')).toBeTruthy();
      // An unknown quote and a malformed link: refused alike, nothing to tell apart.
      expect((await open(app, office, quote.token, quote.id + 99)).json).toEqual(TOO_MANY);
      expect((await send(app, 'GET', '/api/quote?quoteId=abc', undefined, from(office))).json).toEqual(TOO_MANY);
    }
    for (const app of servers()) {
      const r = await open(app, office);
      expect(r.status).toBe(200);
      expect(r.json.quote).toMatchObject({ id: quote.id, total: QUOTE_TOTAL });
    }
    // Another address guesses on its own budget.
    expect((await guess(b.server.app, '198.51.100.7', 0)).json).toEqual(NOT_FOUND);
    expect(log.lines.filter((l) => l.level === 'warn').map((l) => l.message)[0]).toMatch(
      /^rate limit: quote link guesses refused for 203\.0\.113\.5 \(more than 30 in 600 s\): GET \/api\/quote$/,
    );
  });

  it('an expired link counts as a miss and is refused beyond the budget too', async () => {
    const ip = '203.0.113.9';
    const expiring = await createQuote(a.db, a.clock, quoteInput(), 60_000);
    a.clock.advance(120_000);
    const expired = await open(a.app, ip, expiring.token, expiring.quote.id);
    expect(expired.status).toBe(400);
    expect(expired.json.errorType).toBe('tokenExpired');
    for (let i = 1; i < BUDGET; i++) expect((await guess(b.server.app, ip, i)).status).toBe(400);
    expect((await open(a.app, ip, expiring.token, expiring.quote.id)).json).toEqual(TOO_MANY);
    expect((await open(b.server.app, ip)).status).toBe(200);
  });
});

describe('quote payments', () => {
  it('pay and convertToOrder share a budget of their own: spent, they are 429 on both servers while links still open and guesses are still answered', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < BUDGET; i++) {
      const app = servers()[i % 2]!;
      const r = i % 3 === 0 ? await convertCall(app, ip) : await payCall(app, ip);
      expect([i, r.status]).toEqual([i, 422]);
    }
    for (const app of servers()) {
      for (const r of [await payCall(app, ip), await convertCall(app, ip)]) {
        expect(r.status).toBe(429);
        expect(r.json).toEqual(TOO_MANY);
      }
    }
    expect((await open(a.app, ip)).status).toBe(200);
    expect((await guess(b.server.app, ip, 0)).json).toEqual(NOT_FOUND);
    // The payment budget is per address.
    expect((await payCall(a.app, '198.51.100.7')).status).toBe(422);
  });

  it('guesses do not use up the payment budget: the address that spent its guesses pays and converts', async () => {
    const ip = '203.0.113.30';
    for (let i = 0; i <= BUDGET; i++) await guess(servers()[i % 2]!, ip, i);
    expect((await guess(a.app, ip, 99)).status).toBe(429);
    const paid = await payCall(b.server.app, ip, {
      quoteId: quote.id,
      token: quote.token,
      paymentMethod: 'card',
      paymentToken: await cardToken(a.app, CARDS.approved),
    });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ success: true, status: 'completed', amount: QUOTE_TOTAL });
    const order = await convertCall(a.app, ip, {
      quoteId: quote.id,
      token: quote.token,
      payment: { transactionId: paid.json.transactionId, method: 'card' },
    });
    expect(order.status).toBe(200);
    expect(order.json).toMatchObject({ success: true, order: { total: QUOTE_TOTAL } });
  });
});

describe('after a restart', () => {
  it('a server started again on the same database still counts both budgets', async () => {
    const ip = '203.0.113.40';
    for (let i = 0; i < BUDGET; i++) expect((await guess(b.server.app, ip, i)).status).toBe(400);
    for (let i = 0; i < BUDGET; i++) expect((await payCall(b.server.app, ip)).status).toBe(422);
    await stop(b);
    b = otherServer();
    expect((await guess(b.server.app, ip, 99)).json).toEqual(TOO_MANY);
    expect((await payCall(b.server.app, ip)).json).toEqual(TOO_MANY);
    expect((await convertCall(b.server.app, ip)).json).toEqual(TOO_MANY);
    expect((await open(b.server.app, ip)).status).toBe(200);
  });
});
