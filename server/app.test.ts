import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from './app.ts';
import { openMigratedDatabase } from './db/open.ts';
import { memoryLogger, silentLogger } from './logger.ts';
import { memoryMailer } from './mail/memory-mailer.ts';
import { DEFAULT_CONTENT_DIR } from './paths.ts';
import { enqueueMail } from './mail/outbox.ts';
import { SiteNotBuiltError } from './site/site-build.ts';
import { FAKE_SITE } from './testing/fake-dist.ts';
import { tempDir } from './testing/temp-dir.ts';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('security headers', () => {
  it('sends a CSP that allows self and the site’s third parties on pages, and a policy that loads nothing on JSON answers', async () => {
    t = await createTestServer({ siteDir: DEFAULT_CONTENT_DIR });
    for (const path of ['/', '/missing', '/assets/entry-abc123.js']) {
      const res = await t.app.request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      // Inline scripts by their hashes only: the cookie banner's line and the Speculation Rules.
      expect(csp).toMatch(
        /script-src 'self' 'sha256-[\w+/]+=*' 'sha256-[\w+/]+=*' https:\/\/www\.googletagmanager\.com https:\/\/www\.google\.com https:\/\/www\.gstatic\.com https:\/\/assets\.calendly\.com https:\/\/www\.roomvo\.com(;|$)/,
      );
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline' https://assets.calendly.com");
      expect(csp).toContain("img-src 'self' data: https: https://i.ytimg.com");
      expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/calendly\.com/);
      expect(csp).toContain("media-src 'self' https://media.hearthlinecabinetry.com");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    }
    // A JSON answer is never a document: nothing may load in it, and it may not be framed.
    for (const path of ['/api/health', '/api/missing', '/data/samples.json']) {
      const res = await t.app.request(path);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
      expect(res.headers.get('permissions-policy')).toBeNull();
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    }
  });

  it("adds a payment provider's hosts only while it is configured", async () => {
    t = await createTestServer();
    const without = (await t.app.request('/')).headers.get('content-security-policy');
    expect(without).toContain("default-src 'self'");
    expect(without).not.toContain('stripe.com');
    await t.close();
    t = await createTestServer({
      paymentEnv: {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      },
    });
    const csp = (await t.app.request('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
  });

  it('names the request on error answers too, as on the others', async () => {
    t = await createTestServer({ siteDir: DEFAULT_CONTENT_DIR });
    const json = { 'content-type': 'application/json' };
    for (const [path, init, status] of [
      ['/api/order', { method: 'POST', headers: json, body: '{' }, 400],
      ['/api/order', { method: 'POST', headers: json, body: '{}' }, 422],
      ['/api/order/12345?token=nope', {}, 403],
      ['/api/nope', {}, 404],
    ] as const) {
      const res = await t.app.request(path, {
        ...init,
        headers: { ...('headers' in init ? init.headers : {}), 'X-Request-Id': `req-${status}` },
      });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-request-id'), `${status} ${path}`).toBe(`req-${status}`);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await res.json()).success).toBe(false);
    }
  });

  it('keeps a request id the client sent', async () => {
    t = await createTestServer();
    const res = await t.app.request('/api/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });
});

describe('the API', () => {
  it('answers unknown /api paths and methods with JSON 404, never the 404 page', async () => {
    t = await createTestServer();
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['GET', '/api'],
      ['DELETE', '/api/health'],
      ['GET', '/api/health/'],
    ] as const) {
      const res = await t.app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('serves the API alone when there is no dist (dev server mode)', async () => {
    t = await createTestServer({ dist: false });
    expect((await t.app.request('/api/health')).status).toBe(200);
    const page = await t.app.request('/aboutus');
    expect(page.status).toBe(404);
    expect(await page.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('logs one line per request', async () => {
    const log = memoryLogger();
    t = await createTestServer({ log });
    await t.app.request('/api/health');
    expect(log.lines.map((l) => l.message)).toEqual([expect.stringMatching(/^GET \/api\/health 200 [\d.]+ms [\w-]+$/)]);
  });
});

describe('createServer', () => {
  it('takes name and origin from the build when there is no site.json, and a From address from them', async () => {
    t = await createTestServer();
    expect(t.deps.config).toMatchObject({
      siteName: FAKE_SITE.name,
      origin: FAKE_SITE.origin,
      mailFrom: '"Test Cabinets" <no-reply@testcabinets.example>',
    });
  });

  it('gives the outbox worker the From address', async () => {
    t = await createTestServer();
    await enqueueMail(
      t.db,
      { kind: 'k', to: 'jane@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' },
      t.clock,
    );
    await t.outbox.drain();
    expect(t.mailer.sent[0]).toMatchObject({
      from: '"Test Cabinets" <no-reply@testcabinets.example>',
      to: 'jane@example.com',
    });
  });

  it('throws SiteNotBuiltError when dist is missing', async () => {
    const dir = tempDir();
    const db = await openMigratedDatabase(dir.join('x.db'));
    try {
      expect(() =>
        createServer({ db, mailer: memoryMailer(), log: silentLogger, config: { distDir: dir.join('dist') } }),
      ).toThrow(SiteNotBuiltError);
    } finally {
      await db.destroy();
      dir.cleanup();
    }
  });
});
