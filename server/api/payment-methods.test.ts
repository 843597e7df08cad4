import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { orderBody, send, type Json } from '../commerce/testing.ts';
import { memoryLogger } from '../logger.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
let site: TempDir | undefined;
afterEach(async () => {
  await t.close();
  site?.cleanup();
  site = undefined;
});

/** A copy of the shop's checkout files, with data/payment-methods.json and site.json's commerce section changed. */
function siteWithPaymentMethods(methods: unknown, commerce: Record<string, unknown> = {}): string {
  site = tempDir('joinery-site-');
  for (const rel of [
    'site.json',
    'catalogs/product-styles.json',
    'data/shipping-methods.json',
    'data/tax-rates.json',
  ]) {
    mkdirSync(join(site.path, rel, '..'), { recursive: true });
    cpSync(join(FIXTURE_SHOP_DIR, rel), site.join(rel));
  }
  writeFileSync(site.join('data/payment-methods.json'), JSON.stringify({ methods }));
  const siteJson = JSON.parse(readFileSync(site.join('site.json'), 'utf8'));
  siteJson.commerce = { ...siteJson.commerce, ...commerce };
  writeFileSync(site.join('site.json'), JSON.stringify(siteJson));
  return site.path;
}

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const shippedMethods = () =>
  JSON.parse(readFileSync(join(FIXTURE_SHOP_DIR, 'data/payment-methods.json'), 'utf8')).methods as {
    name: string;
  }[];
const names = (r: { json: Json }) => r.json.paymentMethods.map((m: { name: string }) => m.name);

describe('GET /api/payment-methods', () => {
  it('lists the enabled methods of a scope with only their public fields', async () => {
    t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
    const r = await send(t.app, 'GET', '/api/payment-methods?scope=sample-order');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      success: true,
      paymentMethods: [
        {
          name: 'card',
          title: 'Credit or Debit Card',
          enabled: true,
          isDefault: true,
          gateway: 'sandbox',
          sortOrder: 1,
          metadata: { methodIcon: '/images/payment-cards.svg', iconWidth: 120, iconHeight: 24 },
          availableMethods: ['card'],
          // The sandbox gateway's script, from its provider: the page loads it to get a token.
          config: { tokenizerUrl: '/sandbox-gateway/v1/tokenizer.js' },
          testMode: true,
        },
      ],
      testMode: true,
    });
    expect(
      (await send(t.app, 'GET', '/api/payment-methods')).json.paymentMethods.map((m: { name: string }) => m.name),
    ).toEqual(['card']);
    const bad = await send(t.app, 'GET', '/api/payment-methods?scope=everything');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, errors: { scope: expect.any(String) } });
  });

  it('filters by scope and sorts; a gateway the server has no provider for is not offered; config keeps public keys only', async () => {
    const shipped = JSON.parse(readFileSync(join(FIXTURE_SHOP_DIR, 'data/payment-methods.json'), 'utf8'))
      .methods as Record<string, unknown>[];
    const methods = [
      {
        name: 'quote-card',
        title: 'Card',
        enabled: true,
        gateway: 'sandbox',
        sortOrder: 5,
        scopes: ['convert-to-order'],
        config: {
          publishableKey: 'pk_test_1',
          clientKey: 'ck',
          loginId: 'li',
          acceptJsUrl: 'https://js.example/Accept.js',
        },
      },
      { name: 'card', title: 'Card first', enabled: true, gateway: 'sandbox', sortOrder: 1 },
      ...shipped.filter((m) => m.name !== 'card').map((m) => ({ ...m, enabled: true })),
    ];
    t = await createTestServer({ siteDir: siteWithPaymentMethods(methods), dist: false });
    const quote = await send(t.app, 'GET', '/api/payment-methods?scope=convert-to-order');
    expect(quote.json.paymentMethods.map((m: { name: string }) => m.name)).toEqual(['card', 'quote-card']);
    expect(quote.json.paymentMethods[1].config).toEqual({
      publishableKey: 'pk_test_1',
      clientKey: 'ck',
      loginId: 'li',
      acceptJsUrl: 'https://js.example/Accept.js',
      tokenizerUrl: '/sandbox-gateway/v1/tokenizer.js',
    });
    expect(quote.json.paymentMethods[0]).toMatchObject({
      isDefault: false,
      availableMethods: [],
      config: { tokenizerUrl: '/sandbox-gateway/v1/tokenizer.js' },
    });
    expect(
      (await send(t.app, 'GET', '/api/payment-methods?scope=sample-order')).json.paymentMethods.map(
        (m: { name: string }) => m.name,
      ),
    ).toEqual(['card']);
  });

  it('offers the sandbox card only while no live card provider is configured, unless site.json keeps it', async () => {
    const withheld = siteWithPaymentMethods(shippedMethods(), { sandboxWithLiveCard: undefined });
    t = await createTestServer({ siteDir: withheld, dist: false });
    expect(names(await send(t.app, 'GET', '/api/payment-methods?scope=sample-order'))).toEqual(['card']);
    await t.close();

    t = await createTestServer({ siteDir: withheld, dist: false, paymentEnv: STRIPE_ENV });
    const live = await send(t.app, 'GET', '/api/payment-methods?scope=sample-order');
    expect(live.json).toMatchObject({ testMode: false });
    expect(names(live)).toEqual(['stripe']);
    const sandboxOrder = await send(t.app, 'POST', '/api/order', orderBody({ paymentMethod: 'card' }));
    expect(sandboxOrder.status).toBe(422);
    expect(sandboxOrder.json.errors).toEqual({ paymentMethod: 'Payment method not available' });
    await t.close();
    site?.cleanup();

    const kept = siteWithPaymentMethods(shippedMethods(), { sandboxWithLiveCard: true });
    t = await createTestServer({ siteDir: kept, dist: false, paymentEnv: STRIPE_ENV });
    const both = await send(t.app, 'GET', '/api/payment-methods?scope=sample-order');
    expect(names(both)).toEqual(['card', 'stripe']);
    expect(both.json.testMode).toBe(true);
  });

  it('a file with a secret in it is refused as a whole (503), never served', async () => {
    const log = memoryLogger();
    const methods = [
      {
        name: 'card',
        title: 'Card',
        enabled: true,
        gateway: 'sandbox',
        config: { publishableKey: 'pk_live_x', secretKey: 'sk_live_LEAK' },
      },
    ];
    t = await createTestServer({ siteDir: siteWithPaymentMethods(methods), dist: false, log });
    const r = await send(t.app, 'GET', '/api/payment-methods?scope=sample-order');
    expect(r.status).toBe(503);
    expect(r.text).not.toContain('sk_live_LEAK');
    expect(
      log.lines.some(
        (l) =>
          l.level === 'error' && l.message.includes('data/payment-methods.json') && l.message.includes('secretKey'),
      ),
    ).toBe(true);
  });
});
