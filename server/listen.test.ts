import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Listening } from './listen.ts';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer | undefined;
let srv: Listening | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
  await t?.close();
  t = undefined;
});

/** A request with the path sent byte for byte (fetch would normalise "/../"). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('listen', () => {
  it('serves the app over a real port', async () => {
    t = await createTestServer();
    srv = await listen(t.app, { port: 0, hostname: '127.0.0.1' });
    const base = `http://127.0.0.1:${srv.port}`;
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toMatchObject({ ok: true, db: 'ok' });
    const missing = await fetch(`${base}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<title>Page not found</title>');
    const shell = await fetch(`${base}/unsubscribe/abc`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('<title>Unsubscribe</title>');
    const head = await fetch(`${base}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).not.toBe('0');
  });

  it('never serves a file outside the site for raw traversal paths', async () => {
    t = await createTestServer();
    srv = await listen(t.app, { port: 0, hostname: '127.0.0.1' });
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
      '/a%00b',
    ]) {
      const res = await rawGet(srv.port, path);
      expect([400, 404], path).toContain(res.status);
      expect(res.body, path).not.toContain('outside the site folder');
    }
  });

  it('close() (SIGTERM in joinery start) lets a request in flight finish, then refuses new ones', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const app = new Hono().get('/slow', async (c) => {
      entered();
      await released; // answers only once close() has begun
      return c.json({ done: true });
    });
    const l = await listen(app, { port: 0, hostname: '127.0.0.1' });
    const inFlight = fetch(`http://127.0.0.1:${l.port}/slow`).then(async (r) => ({
      status: r.status,
      connection: r.headers.get('connection'),
      body: await r.json(),
    }));
    await inside;
    const closed = l.close();
    // Closing, with the request still in flight: a new connection is refused already.
    await expect(fetch(`http://127.0.0.1:${l.port}/slow`)).rejects.toThrow();
    release();
    // Its answer ends the connection, so close() need not wait for the client to let go of it.
    expect(await inFlight).toEqual({ status: 200, connection: 'close', body: { done: true } });
    await closed;
    await expect(fetch(`http://127.0.0.1:${l.port}/slow`)).rejects.toThrow();
  });

  it('rejects when the port is taken', async () => {
    t = await createTestServer();
    srv = await listen(t.app, { port: 0, hostname: '127.0.0.1' });
    await expect(listen(t.app, { port: srv.port, hostname: '127.0.0.1' })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });
});
