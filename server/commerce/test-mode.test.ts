import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, cpSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { liveTestMethods, testModeAtStart } from './test-mode.ts';
import { CARDS, cardToken, placeOrder, send } from './testing.ts';

const NOTICE = 'Test mode: no real payment is taken';
const EMAIL_NOTE = 'Test mode: no real payment was taken for this order.';

let t: TestServer | undefined;
let dir: TempDir | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  dir?.cleanup();
  dir = undefined;
});

describe('test mode (the sandbox gateway is live)', () => {
  it('/api/payment-methods marks the sandbox method and the list; none offered: no test mode', async () => {
    t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
    const r = await send(t.app, 'GET', '/api/payment-methods?scope=sample-order');
    expect(r.json.testMode).toBe(true);
    expect(r.json.paymentMethods.map((m: { name: string; testMode: boolean }) => [m.name, m.testMode])).toEqual([
      ['card', true],
    ]);
    await t.close();

    // The same shop with its sandbox method switched off.
    dir = tempDir('joinery-site-');
    cpSync(FIXTURE_SHOP_DIR, dir.path, { recursive: true });
    const methods = [{ name: 'card', title: 'Card', enabled: false, gateway: 'sandbox' }];
    writeFileSync(dir.join('data/payment-methods.json'), JSON.stringify({ methods }));
    t = await createTestServer({ siteDir: dir.path, dist: false });
    expect((await send(t.app, 'GET', '/api/payment-methods')).json).toEqual({
      success: true,
      paymentMethods: [],
      testMode: false,
    });
  });

  it('the customer and admin e-mails of a sandbox payment say no real payment was taken', async () => {
    t = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
    const { id, token } = await placeOrder(t.app);
    expect(
      (await send(t.app, 'POST', '/api/order/pay', { id, token, paymentToken: await cardToken(t.app, CARDS.approved) }))
        .status,
    ).toBe(200);
    await t.outbox.drain();
    const sent = t.mailer.sent;
    expect(sent.map((m) => m.subject)).toEqual(['Order Confirmation #100000001', 'New Order #100000001']);
    for (const m of sent) {
      expect(m.text).toContain(EMAIL_NOTE);
      expect(m.html).toContain(EMAIL_NOTE);
    }
  });

  it('liveTestMethods: enabled sandbox methods the server has a provider for', () => {
    const gateways = new Set(['sandbox']);
    const m = (name: string, enabled: boolean, gateway = 'sandbox', scopes?: string[]) =>
      ({ name, title: name, enabled, gateway, ...(scopes ? { scopes } : {}) }) as never;
    expect(
      liveTestMethods(
        [m('card', true), m('off', false), m('stripe', true, 'stripe'), m('nowhere', true, 'sandbox', [])],
        gateways,
      ).map((x) => x.name),
    ).toEqual(['card']);
    expect(liveTestMethods([m('card', true)], new Set())).toEqual([]);
  });

  it('the start decision: nothing without a test method, the notice, or a refusal in a production not allowing the sandbox', () => {
    expect(testModeAtStart({ methods: [], nodeEnv: 'production', allowSandbox: undefined })).toBeUndefined();
    expect(testModeAtStart({ methods: ['card'], nodeEnv: undefined, allowSandbox: undefined })).toEqual({
      refuse: false,
      message: `${NOTICE} (sandbox gateway: payment method "card").`,
    });
    expect(testModeAtStart({ methods: ['card'], nodeEnv: 'development', allowSandbox: undefined })?.refuse).toBe(false);
    expect(testModeAtStart({ methods: ['card'], nodeEnv: 'production', allowSandbox: '1' })).toEqual({
      refuse: false,
      message: `${NOTICE} (sandbox gateway: payment method "card").`,
    });
    const refused = testModeAtStart({ methods: ['card', 'quote'], nodeEnv: 'production', allowSandbox: '0' });
    expect(refused?.refuse).toBe(true);
    expect(refused?.message).toBe(
      'joinery start: NODE_ENV=production with the sandbox gateway live (payment methods "card", "quote"): no real payment would be taken. Configure a real gateway or disable the method in payment-methods.json; set JOINERY_ALLOW_SANDBOX=1 to start in test mode anyway.',
    );
  });

  it('`NODE_ENV=production joinery start` with the shipped (sandbox) configuration exits 2 with the message and opens nothing', () => {
    dir = tempDir('joinery-start-');
    const data = dir.join('data');
    mkdirSync(data);
    const env = { ...process.env, NODE_ENV: 'production', JOINERY_DATA_DIR: data, JOINERY_ALLOW_SANDBOX: '' };
    const r = spawnSync(process.execPath, [join(PROJECT_ROOT, 'cli', 'bin.js'), 'start', '--port', '0'], {
      cwd: PROJECT_ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      'joinery start: NODE_ENV=production with the sandbox gateway live (payment method "card")',
    );
    expect(r.stderr).toContain('JOINERY_ALLOW_SANDBOX=1');
    expect(readdirSync(data)).toEqual([]);
    expect(existsSync(join(data, 'joinery.db'))).toBe(false);
  }, 90_000);
});
