/**
 * The API over a real socket, as `joinery start` serves it: @hono/node-server hands the app its
 * lightweight request and response, which the body deadline, the size limit, compression and the
 * headers set after the handler must keep working with (in-process tests use web Requests).
 */
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARDS, orderBody } from '../commerce/testing.ts';
import { listen, type Listening } from '../listen.ts';
import { memoryLogger, type Logger } from '../logger.ts';
import { rawRequest } from '../testing/raw-http.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer | undefined;
let srv: Listening | undefined;
afterEach(async () => {
  await srv?.close(100);
  srv = undefined;
  await t?.close();
  t = undefined;
});

async function start(log?: Logger): Promise<string> {
  t = await createTestServer({ siteDir: 'site-config', ...(log ? { log, config: { logRequests: true } } : {}) });
  srv = await listen(t.app, { port: 0, hostname: '127.0.0.1' });
  return `http://127.0.0.1:${srv.port}`;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'accept-encoding': 'identity', ...headers },
  });

describe('the API over a socket', () => {
  it('runs a whole checkout: order, card token, payment, two e-mails queued', async () => {
    const base = await start();
    const order = await post(`${base}/api/order`, orderBody());
    expect(order.status).toBe(201);
    const o = (await order.json()) as { order: { id: number }; orderToken: string };
    const token = await post(`${base}/sandbox-gateway/v1/tokens`, CARDS.approved);
    expect(token.status).toBe(201);
    const { id } = (await token.json()) as { id: string };
    const pay = await post(`${base}/api/order/pay`, { id: o.order.id, token: o.orderToken, paymentToken: id });
    expect(pay.status).toBe(200);
    expect(await pay.json()).toMatchObject({ success: true, status: 'completed' });
    const queued = await t!.db.selectFrom('email_outbox').select('status').execute();
    expect(queued).toEqual([{ status: 'queued' }, { status: 'queued' }]);
  });

  it('adds its headers after the handler to answers and refusals, and keeps the connection', async () => {
    const base = await start();
    const ok = await post(`${base}/api/order`, orderBody());
    const refused = await post(`${base}/api/order`, orderBody({ billing: {} }));
    const carded = await post(`${base}/api/order/pay`, { id: 1, token: 'x', cardNumber: '4242424242424242' });
    expect([ok.status, refused.status, carded.status]).toEqual([201, 422, 422]);
    expect(ok.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    expect(await carded.json()).toMatchObject({
      success: false,
      message: 'Card details must be entered in the payment form, not sent to the shop.',
    });
    for (const res of [ok, refused, carded]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('connection')).not.toBe('close');
    }
  });

  it('gzips a JSON answer over 1 kB when asked', async () => {
    const base = await start();
    const body = JSON.stringify(orderBody());
    const res = await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${base}/api/order`,
          { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' } },
          (r) => {
            const parts: Buffer[] = [];
            r.on('data', (b: Buffer) => parts.push(b));
            r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(parts) }));
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );
    expect(res.status).toBe(201);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(gunzipSync(res.body).toString('utf8'))).toMatchObject({
      success: true,
      message: 'Order created',
    });
  });

  it('reads a chunked JSON body under the limit and keeps the connection', async () => {
    const base = await start();
    const body = JSON.stringify(orderBody());
    const half = Math.floor(body.length / 2);
    const chunks = [body.slice(0, half), body.slice(half)]
      .map((s) => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`)
      .join('');
    const res = await rawRequest(
      Number(new URL(base).port),
      'POST /api/order HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      { body: `${chunks}0\r\n\r\n` },
    );
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ success: true, message: 'Order created' });
    expect(res.headers.connection).not.toBe('close');
    res.destroy();
  });

  it("a chunked body broken off is the client's doing: a 400 in the request log, no error logged (it was a logged 500)", async () => {
    const log = memoryLogger();
    const base = await start(log);
    // A chunk size that is not hex: Node answers 400 and closes; the handler's read of the body fails.
    const res = await rawRequest(
      Number(new URL(base).port),
      'POST /api/order HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      { body: '5\r\n{"a":\r\nzz\r\n' },
    );
    expect(res.status).toBe(400);
    await res.closed;
    await vi.waitFor(() =>
      expect(log.lines.map((l) => l.message)).toContainEqual(expect.stringMatching(/^POST \/api\/order 400 /)),
    );
    expect(log.lines.filter((l) => l.level !== 'info')).toEqual([]);
  });
});
