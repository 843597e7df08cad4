/**
 * Requests an attacker would send, over a real socket to a listening server: the process stays
 * up and every one gets a JSON answer, quickly, on a connection that is left in a sane state.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_TIMEOUT_MESSAGE } from './http/body-deadline.ts';
import { TOO_DEEP_MESSAGE } from './http/parse.ts';
import { listen, type Listening } from './listen.ts';
import { rawRequest, type RawResponse } from './testing/raw-http.ts';
import { watchRequests, type RequestWatch } from './testing/request-watch.ts';
import { createTestServer, type TestServer } from './testing/test-server.ts';
import { watchUncaught } from './testing/uncaught.ts';
import type { ServerConfig } from './config.ts';

let t: TestServer | undefined;
let srv: Listening | undefined;
let watch: RequestWatch;
const open: RawResponse[] = [];
afterEach(async () => {
  for (const r of open.splice(0)) r.destroy();
  await srv?.close(100);
  srv = undefined;
  await t?.close();
  t = undefined;
});

async function start(config: Partial<ServerConfig> = {}, paymentEnv?: Record<string, string>): Promise<number> {
  t = await createTestServer({ siteDir: 'site-config', config, paymentEnv });
  watch = watchRequests(t.app);
  srv = await listen(watch, { port: 0, hostname: '127.0.0.1', bodyTimeoutMs: config.bodyTimeoutMs });
  return srv.port;
}

const head = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

async function send(
  port: number,
  path: string,
  headers: Record<string, string | number>,
  body = '',
  o: { trickleEveryMs?: number; timeoutMs?: number } = {},
) {
  const r = await rawRequest(
    port,
    head(
      path,
      body && !('Content-Length' in headers) && !('Transfer-Encoding' in headers)
        ? { ...headers, 'Content-Length': Buffer.byteLength(body) }
        : headers,
    ),
    { body, ...o },
  );
  open.push(r);
  return r;
}

async function healthOk(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ ok: true });
}

describe('hostile requests over a socket', () => {
  it('a file part for a non-file field in a body cut short gets 400 and the server lives on', async () => {
    const port = await start();
    const uncaught = watchUncaught();
    const crash = '--x\r\nContent-Disposition: form-data; name="a"; filename="a.txt"\r\n\r\nhello';
    for (const form of ['newsletter', 'contact']) {
      const r = await send(port, `/api/forms/${form}`, { 'Content-Type': 'multipart/form-data; boundary=x' }, crash);
      expect(r.status, form).toBe(400);
      expect(JSON.parse(r.body)).toEqual({ success: false, message: 'Malformed multipart body' });
    }
    // The same bodies from a client that hangs up mid-part (a stored file part too).
    for (const [form, field] of [
      ['newsletter', 'a'],
      ['claim', 'photos'],
    ]) {
      const socket = connect({ host: '127.0.0.1', port });
      socket.on('error', () => undefined);
      const sent = [
        head(`/api/forms/${form}`, { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': 100_000 }),
        `--x\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\n\r\n${'y'.repeat(5000)}`,
      ];
      for (const part of sent) socket.write(part);
      await watch.bodyTaken(`/api/forms/${form}`, Buffer.byteLength(sent.join('')));
      socket.destroy();
    }
    for (const r of open.splice(0)) r.destroy();
    await watch.settled(); // every connection closed: a late 'error' event has been raised by now
    expect(uncaught.stop(), 'errors that would have stopped the process').toEqual([]);
    await healthOk(port);
  });

  it('an empty or invalid multipart boundary is refused with 400 within a second', async () => {
    const port = await start();
    for (const type of [
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
      `multipart/form-data; boundary=${'b'.repeat(71)}`,
      'multipart/form-data; boundary="a\u00e9"',
    ]) {
      const started = Date.now();
      // Content-Length larger than what is sent: the refusal may not wait for the body.
      const r = await send(
        port,
        '/api/forms/contact',
        { 'Content-Type': type, 'Content-Length': 100 },
        '--\r\nContent-Disposition: form-data; name="a"\r\n\r\nx',
        { timeoutMs: 1000 },
      );
      expect(Date.now() - started, type).toBeLessThan(1000);
      expect(r.status, type).toBe(400);
      expect(JSON.parse(r.body), type).toEqual({
        success: false,
        message: 'Content-Type has no valid multipart boundary',
      });
      expect(r.headers.connection, type).toBe('close');
    }
    await healthOk(port);
  });

  it('a body that trickles past the deadline gets 408 JSON and the socket is closed', async () => {
    const port = await start({ bodyTimeoutMs: 300 });
    const multipart = await send(
      port,
      '/api/forms/contact',
      { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': 100_000 },
      '--x\r\n',
      { trickleEveryMs: 20, timeoutMs: 3000 },
    );
    const json = await send(
      port,
      '/api/order',
      { 'Content-Type': 'application/json', 'Content-Length': 100_000 },
      '{"a":',
      { trickleEveryMs: 20, timeoutMs: 3000 },
    );
    const chunked = await send(
      port,
      '/api/newsletter/subscribe',
      { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      '1\r\n{\r\n',
      { timeoutMs: 3000 },
    );
    for (const r of [multipart, json, chunked]) {
      expect(r.status, r.body).toBe(408);
      expect(JSON.parse(r.body)).toEqual({ success: false, message: BODY_TIMEOUT_MESSAGE });
      expect(r.headers.connection).toBe('close');
      await r.closed; // released by the server (the test's own timeout would fail otherwise)
    }
    await healthOk(port);
  });

  it('headers that trickle in get a 408 from Node and the socket is closed', async () => {
    t = await createTestServer({ siteDir: 'site-config' });
    srv = await listen(t.app, { port: 0, hostname: '127.0.0.1', headersTimeoutMs: 300 });
    const r = await rawRequest(srv.port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', {
      trickleEveryMs: 20,
      timeoutMs: 3000,
    });
    open.push(r);
    expect(r.status).toBe(408);
    await r.closed;
    await healthOk(srv.port);
  });

  it('an early 413 says Connection: close and closes the socket', async () => {
    const port = await start({ bodyLimitBytes: 1000 });
    const r = await send(
      port,
      '/api/order',
      { 'Content-Type': 'application/json', 'Content-Length': 1_000_000 },
      '{"a":"',
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toEqual({ success: false, message: 'Request body is too large (limit 1000 bytes)' });
    expect(r.headers.connection).toBe('close');
    await r.closed;
    // chunked, cut while it streams
    const chunk = 'x'.repeat(600);
    const streamed = await send(
      port,
      '/api/order',
      { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      `258\r\n${chunk}\r\n258\r\n${chunk}\r\n`,
    );
    expect(streamed.status, streamed.body).toBe(413);
    expect(streamed.headers.connection).toBe('close');
    await streamed.closed;
    await healthOk(port);
  });

  it('JSON nested 5,000 deep (or as deep as the size limit allows) ending in U+0000 gets 400 JSON on the payment routes, and in a form', async () => {
    // Stripe and Authorize.Net configured: their routes read the body (never called: the body is refused first).
    const port = await start(
      {},
      {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        AUTHORIZE_NET_LOGIN_ID: 'login',
        AUTHORIZE_NET_TRANSACTION_KEY: 'key',
        AUTHORIZE_NET_CLIENT_KEY: 'client',
        AUTHORIZE_NET_API_URL: 'http://127.0.0.1:9/xml/v1/request.api',
        AUTHORIZE_NET_ACCEPT_JS_URL: 'https://jstest.authorize.net/v1/Accept.js',
      },
    );
    const deep = (n: number) => `${'['.repeat(n)}"\\u0000"${']'.repeat(n)}`;
    const bodies = (d: string): [string, string][] => [
      [
        '/api/quote/convertToOrder',
        `{"quoteId":1,"token":"t","payment":{"transactionId":"pi_1","method":"stripe","additionalData":${d}}}`,
      ],
      [
        '/api/payment/authorize-net/process-transaction',
        `{"orderId":1,"token":"t","dataDescriptor":"COMMON.ACCEPT.INAPP.PAYMENT","dataValue":"abc","additionalData":${d}}`,
      ],
      ['/api/payment/stripe/payment-intent', `{"orderId":1,"token":"t","paymentMethodId":"pm_1","metadata":${d}}`],
      ['/api/payment/stripe/capture-payment', `{"orderId":1,"token":"t","paymentIntentId":"pi_1","metadata":${d}}`],
      [
        '/api/payment/stripe/payment-intent/retrieve',
        `{"orderId":1,"token":"t","paymentIntentId":"pi_1","metadata":${d}}`,
      ],
    ];
    const uncaught = watchUncaught();
    for (const depth of [5000, 500_000]) {
      for (const [path, body] of bodies(deep(depth))) {
        if (depth === 5000) expect(Buffer.byteLength(body), path).toBeLessThan(11_000);
        const r = await send(port, path, { 'Content-Type': 'application/json' }, body);
        expect(r.status, `${path} ${depth}`).toBe(400);
        expect(JSON.parse(r.body), `${path} ${depth}`).toEqual({ success: false, message: TOO_DEEP_MESSAGE });
      }
    }
    // A form's formData part.
    const form = `--x\r\nContent-Disposition: form-data; name="formData"\r\n\r\n{"email":${deep(5000)}}\r\n--x--\r\n`;
    const r = await send(port, '/api/forms/newsletter', { 'Content-Type': 'multipart/form-data; boundary=x' }, form);
    expect([r.status, JSON.parse(r.body)]).toEqual([400, { success: false, message: TOO_DEEP_MESSAGE }]);
    expect(uncaught.stop()).toEqual([]);
    await healthOk(port);
  });

  it('the sandbox gateway refuses a 150 MB body with 413 JSON while it streams, long before the client has sent it', async () => {
    const port = await start();
    const total = 150 * 1024 * 1024;
    const path = '/sandbox-gateway/v1/tokens';
    const sends = [
      // Announced: refused on its Content-Length.
      rawRequest(port, head(path, { 'Content-Type': 'application/json', 'Content-Length': total + 12 }), {
        body: '{"number":"',
        stream: { bytes: total },
        timeoutMs: 10_000,
      }),
      rawRequest(port, head(path, { 'Content-Type': 'text/plain', 'Content-Length': total }), {
        stream: { bytes: total },
        timeoutMs: 10_000,
      }),
      // Chunked: counted as it arrives.
      rawRequest(port, head(path, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }), {
        body: 'b\r\n{"number":"\r\n',
        stream: { bytes: total, chunked: true },
        timeoutMs: 10_000,
      }),
      rawRequest(
        port,
        head(path, { 'Content-Type': 'multipart/form-data; boundary=x', 'Transfer-Encoding': 'chunked' }),
        { stream: { bytes: total, chunked: true }, timeoutMs: 10_000 },
      ),
    ];
    for (const r of await Promise.all(sends)) {
      open.push(r);
      expect(r.status, r.body).toBe(413);
      expect(JSON.parse(r.body)).toEqual({
        success: false,
        message: 'Request body is too large (limit 1048576 bytes)',
      });
      expect(r.headers.connection).toBe('close');
      // Answered while the client was still sending: what it had written is a few socket buffers past the limit.
      expect(r.streamed).toBeLessThan(32 * 1024 * 1024);
      await r.closed;
    }
    await healthOk(port);
  });
});
