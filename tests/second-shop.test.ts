/**
 * A second shop is only a content change: the shipped site-config/ with another site.json
 * (CAD in fr-CA, ships to Canada and the US, 3 of a sample per cart line under its own key for
 * 48 hours) and its own shipping and tax tables (tests/fixtures/sites/second-shop/). The same
 * engine and server follow it, and Hearthline keeps its rules.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lintSite } from '../cli/lint/run.ts';
import { createCartStore, memoryStorage } from '../engine/cart/store.ts';
import { formatPrice } from '../engine/catalog/price.ts';
import { checkoutSchemas, shippingAddressSchema } from '../engine/commerce/checkout-schema.ts';
import { withShop } from '../engine/commerce/shop.ts';
import { createElement } from 'react';
import { loadSite } from '../engine/content/load-site.ts';
import { defineBlock } from '../engine/define-block.ts';
import { renderPageHtml } from '../engine/render/render-html.tsx';
import { publicSite } from '../engine/page-data/build-page-data.ts';
import type { BlockRegistry, PageData, PublicSite } from '../engine/types.ts';
import {
  emptyValues as emptyCheckoutValues,
  fieldError as checkoutFieldError,
  numericZip,
} from '../engine/checkout/checkout-form.ts';
import { CHECKOUT_MESSAGES } from '../engine/commerce/messages.ts';
import { CARDS, CHIP, DOOR, JANE, cardToken, orderBody, send } from '../server/commerce/testing.ts';
import { createQuote } from '../server/quotes/quote-store.ts';
import { QUOTE_TOTAL, quoteInput } from '../server/quotes/testing.ts';
import { DEFAULT_CONTENT_DIR } from '../server/paths.ts';
import { FIXTURE_SHOP_DIR } from '../server/testing/fixture-shop.ts';
import { startStripeStandIn, type StripeStandIn } from '../server/testing/stripe-stand-in.ts';
import { createTestServer, type TestServer } from '../server/testing/test-server.ts';
import { secondShopRules, secondShopSite, type ContentDir } from './fixtures/sites/second-shop.ts';
import { shippedShop } from './setup/shipped-shop.ts';

const TORONTO = {
  ...JANE,
  phoneNumber: '416-555-0188',
  street1: '100 Queen Street West',
  street2: '',
  city: 'Toronto',
  state: 'ON',
  zipCode: 'M5H 2N2',
  countryId: 'CA',
};
const MONTERREY = { ...TORONTO, city: 'Monterrey', state: 'Nuevo Leon', zipCode: '64000', countryId: 'MX' };
const NOT_MEXICO = "Sorry, we don't ship to Mexico.";
const NOT_CANADA = "Sorry, we don't ship to Canada.";
/** The second shop's own message for a Canadian address (its site.json). */
const CA_POSTAL = 'Enter a Canadian postal code like K1A 0B1';

let site: ContentDir;
beforeAll(() => {
  site = secondShopSite();
});
afterAll(() => site.remove());

describe('the second shop content', () => {
  it('passes the linter: site.json with its commerce section is valid content', () => {
    const r = lintSite(site.dir);
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });
});

describe('a postal code rule in site.json', () => {
  it('the linter points at a pattern that is not an anchored regular expression', () => {
    const copy = secondShopSite();
    try {
      const file = join(copy.dir, 'site.json');
      const text = readFileSync(file, 'utf8');
      for (const [pattern, message] of [
        ['^[A-Z\\\\d$', 'must match format "regex"'],
        ['[A-Z]\\\\d', 'must match pattern'],
      ] as const) {
        writeFileSync(file, text.replace(/"pattern": "[^"]*"/, `"pattern": "${pattern}"`));
        const line = text.slice(0, text.indexOf('"postalCode"')).split('\n').length;
        const errors = lintSite(copy.dir).findings.filter((f) => f.severity === 'error');
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatchObject({ file: 'site.json', line });
        expect(errors[0]!.message).toContain(`"/commerce/countries/0/postalCode/pattern" ${message}`);
      }
    } finally {
      copy.remove();
    }
  });
});

describe('the second shop on the server', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ siteDir: site.dir, dist: false });
  });
  afterAll(() => t.close());

  it('takes an order shipped to Canada, priced in CAD with its own tables', async () => {
    const r = await send(t.app, 'POST', '/api/order', orderBody({ billing: TORONTO }));
    expect(r.status).toBe(201);
    expect(r.json.order).toMatchObject({ subtotal: 9.95, shippingAmount: 6.5, taxAmount: 2.14, total: 18.59 });
    const row = await t.db
      .selectFrom('orders')
      .select(['order_currency_code'])
      .where('id', '=', r.json.order.id)
      .executeTakeFirstOrThrow();
    expect(row.order_currency_code).toBe('CAD');
  });

  it('takes Canadian postal codes for Canadian addresses (its site.json rule), stored upper-case; US addresses keep the ZIP rule', async () => {
    const lower = await send(t.app, 'POST', '/api/order', orderBody({ billing: { ...TORONTO, zipCode: ' m5h2n2 ' } }));
    expect(lower.status).toBe(201);
    const stored = await t.db
      .selectFrom('order_addresses')
      .select(['type', 'zip_code'])
      .where('order_id', '=', lower.json.order.id)
      .orderBy('type')
      .execute();
    expect(stored).toEqual([
      { type: 'billing', zip_code: 'M5H2N2' },
      { type: 'shipping', zip_code: 'M5H2N2' },
    ]);

    // A US-style code, or one with a letter Canada Post never uses (D), is not a Canadian postal code.
    for (const zipCode of ['51234', 'D5H 2N2', 'M5H 2N2 9']) {
      const r = await send(t.app, 'POST', '/api/order', orderBody({ billing: { ...TORONTO, zipCode } }));
      expect(r.status, zipCode).toBe(422);
      expect(r.json.errors, zipCode).toEqual({ 'billing.zipCode': CA_POSTAL });
    }
    const long = await send(t.app, 'POST', '/api/checkout/estimate', {
      items: [DOOR],
      shippingAddress: { countryId: 'CA', state: 'ON', zipCode: 'M5H 2N2 M5H' },
    });
    expect(long.json.errors).toEqual({ 'shippingAddress.zipCode': CHECKOUT_MESSAGES.zipLong });
    const estimate = await send(t.app, 'POST', '/api/checkout/estimate', {
      items: [DOOR],
      shippingAddress: { countryId: 'ca', state: 'ON', zipCode: 'k1a 0b1' },
    });
    expect(estimate.status).toBe(200);
    expect(estimate.json.shippingMethods.length).toBeGreaterThan(0);

    // Canada's rule is Canada's: a US address still takes the spec's digits.
    const us = await send(t.app, 'POST', '/api/order', orderBody({ billing: { ...JANE, zipCode: 'M5H 2N2' } }));
    expect(us.status).toBe(422);
    expect(us.json.errors).toEqual({ 'billing.zipCode': CHECKOUT_MESSAGES.zipDigits });
  });

  it('refuses a shipping country it does not ship to, naming it', async () => {
    const r = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({ billing: TORONTO, sameAsBilling: false, shipping: MONTERREY }),
    );
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ success: false, message: NOT_MEXICO, errors: { 'shipping.countryId': NOT_MEXICO } });
    const estimate = await send(t.app, 'POST', '/api/checkout/estimate', {
      items: [DOOR],
      shippingAddress: { countryId: 'MX', state: 'Jalisco', zipCode: '44100' },
    });
    expect(estimate.json.errors).toEqual({ 'shippingAddress.countryId': NOT_MEXICO });
  });

  it('prices up to 3 of a sample per line; more is capped, a sku twice is refused with the maximum of 3', async () => {
    const three = await send(t.app, 'POST', '/api/checkout/estimate', {
      items: [{ ...CHIP, qty: 3 }],
      shippingAddress: { countryId: 'CA', state: 'ON', zipCode: 'M5H 2N2' },
    });
    expect(three.status).toBe(200);
    expect(three.json.items).toMatchObject([{ sku: CHIP.sku, qty: 3, rowTotal: 29.85 }]);
    expect(three.json.totals).toMatchObject({ subtotal: 29.85, totalItemCount: 3 });

    const seven = await send(t.app, 'POST', '/api/checkout/estimate', { items: [{ ...CHIP, qty: 7 }] });
    expect(seven.json.items).toMatchObject([{ qty: 3, rowTotal: 29.85 }]);

    const twice = await send(t.app, 'POST', '/api/checkout/estimate', { items: [CHIP, CHIP] });
    expect(twice.status).toBe(422);
    expect(twice.json.errors['items.1.sku']).toBe(
      'You can order maximum 3 quantity of item "Calacatta Gold quartz sample, polished".',
    );
  });

  it("charges in its currency and formats the order e-mails' amounts in its locale", async () => {
    const placed = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({ billing: TORONTO, items: [{ ...CHIP, qty: 2 }] }),
    );
    expect(placed.status).toBe(201);
    const paid = await send(t.app, 'POST', '/api/order/pay', {
      id: placed.json.order.id,
      token: placed.json.orderToken,
      paymentToken: await cardToken(t.app, CARDS.approved),
    });
    expect(paid.status).toBe(200);
    const charged = await t.db.selectFrom('sandbox_gateway_intents').select(['amount_cents', 'currency']).execute();
    // 19.90 + 6.50 shipping + 13 % HST (2.59 + 0.85) = 29.84 CAD.
    expect(charged).toEqual([{ amount_cents: 2984, currency: 'cad' }]);
    const mails = await t.db.selectFrom('email_outbox').select(['text']).execute();
    expect(mails.length).toBeGreaterThan(0);
    // 2 x 9.95 = 19.90 CAD, as Quebec writes it (fr-CA: a comma, then " $").
    expect(mails.map((m) => m.text).join('\n')).toMatch(/19,90\s\$/);
  });
  it('pays a quote in its own currency, even after another shop was loaded in the same process', async () => {
    const { quote, token } = await createQuote(t.db, t.clock, quoteInput());
    expect((await send(t.app, 'POST', '/api/checkout/estimate', { items: [CHIP] })).status).toBe(200); // this server has read its content
    // Another server in this process (Hearthline, USD) loads its content after this one.
    const other = await createTestServer({ siteDir: DEFAULT_CONTENT_DIR, dist: false });
    try {
      expect((await send(other.app, 'POST', '/api/checkout/estimate', { items: [] })).status).toBeLessThan(500);
      const paid = await send(t.app, 'POST', '/api/quote/pay', {
        quoteId: quote.id,
        token,
        paymentMethod: 'card',
        paymentToken: await cardToken(t.app, CARDS.approved),
      });
      expect(paid.status).toBe(200);
      const intent = await t.db
        .selectFrom('sandbox_gateway_intents')
        .select(['amount_cents', 'currency'])
        .where('amount_cents', '=', 282_129)
        .executeTakeFirstOrThrow();
      expect(intent.currency).toBe('cad');
      const converted = await send(t.app, 'POST', '/api/quote/convertToOrder', {
        quoteId: quote.id,
        token,
        payment: {
          transactionId: paid.json.transactionId,
          method: 'card',
          methodLabel: 'Credit or Debit Card',
          amount: QUOTE_TOTAL,
          status: 'completed',
        },
      });
      expect(converted.status).toBe(200);
      const order = await t.db
        .selectFrom('orders')
        .select(['order_currency_code', 'total_cents'])
        .where('total_cents', '=', 282_129)
        .executeTakeFirstOrThrow();
      expect(order.order_currency_code).toBe('CAD');
    } finally {
      await other.close();
    }
  });
});

describe('the second shop pays by Stripe in its currency', () => {
  let t: TestServer;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestServer({
      siteDir: site.dir,
      dist: false,
      paymentEnv: {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it("charges the order's CAD cents at Stripe; a payment intent in another currency is refused", async () => {
    const placed = await send(
      t.app,
      'POST',
      '/api/order',
      orderBody({ billing: TORONTO, items: [{ ...CHIP, qty: 2 }], paymentMethod: 'stripe' }),
    );
    expect(placed.status).toBe(201);
    const ids = { orderId: placed.json.order.id, token: placed.json.orderToken };
    const usd = await send(t.app, 'POST', '/api/payment/stripe/payment-intent', {
      ...ids,
      paymentMethodId: 'pm_card_visa',
      currency: 'usd',
    });
    expect([usd.status, usd.json.message]).toEqual([422, 'Only cad is accepted.']);
    const paid = await send(t.app, 'POST', '/api/payment/stripe/payment-intent', {
      ...ids,
      paymentMethodId: 'pm_card_visa',
      currency: 'cad',
    });
    expect([paid.status, paid.json.status, paid.json.paymentIntent.status]).toEqual([200, 'completed', 'succeeded']);
    // 19.90 + 6.50 shipping + 13 % HST (2.59 + 0.85) = 29.84 CAD.
    expect([...stripe.intents.values()].map((i) => [i.amount, i.currency])).toEqual([[2984, 'cad']]);
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(created.map((r) => [r.body.amount, r.body.currency])).toEqual([['2984', 'cad']]);
  });
});

describe('Hearthline keeps its rules', () => {
  let t: TestServer;
  afterEach(() => t.close());

  it('refuses Canada, caps a line at 1, and keeps USD', async () => {
    t = await createTestServer({ siteDir: DEFAULT_CONTENT_DIR, dist: false });
    const r = await send(t.app, 'POST', '/api/order', orderBody({ billing: TORONTO }));
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ message: NOT_CANADA, errors: { 'shipping.countryId': NOT_CANADA } });
    const est = await send(t.app, 'POST', '/api/checkout/estimate', { items: [{ ...CHIP, qty: 3 }] });
    expect(est.json.items).toMatchObject([{ qty: 1, rowTotal: 9.95 }]);
    expect(formatPrice(4290, shippedShop().currency)).toBe('$4,290.00');
  });
});

describe('the cart and the field rules of each shop', () => {
  const T0 = Date.parse('2025-03-01T12:00:00Z');
  const chip = { sku: CHIP.sku, name: 'Quartz chip', finish: { type: 'surface', value: 'polished' } };

  it('the second shop: 3 of a sample under mapleBirchSamples, kept 48 hours', () => {
    const storage = memoryStorage();
    const store = createCartStore({ storage, events: null, now: () => T0, rules: secondShopRules().cart });
    const results = [1, 2, 3, 4].map(() => store.add(chip));
    expect(results.map((r) => r.status)).toEqual(['added', 'updated', 'updated', 'max-quantity']);
    expect(results[3]!.message).toBe('You can order maximum 3 quantity of item "Quartz chip".');
    expect(JSON.parse(storage.getItem('mapleBirchSamples')!)).toEqual({
      items: [{ ...chip, qty: 3 }],
      expiresAt: T0 + 48 * 3600_000,
    });
    expect(storage.getItem('selectedSamples')).toBeNull();
  });

  it('Hearthline: 1 of a sample under selectedSamples, kept 24 hours', () => {
    const storage = memoryStorage();
    const store = createCartStore({ storage, events: null, now: () => T0, rules: shippedShop().cart });
    expect([store.add(chip), store.add(chip)].map((r) => r.message)).toEqual([
      'Item Quartz chip has been successfully added.',
      'You can order maximum 1 quantity of item "Quartz chip".',
    ]);
    expect(JSON.parse(storage.getItem('selectedSamples')!)).toEqual({
      items: [{ ...chip, qty: 1 }],
      expiresAt: T0 + 24 * 3600_000,
    });
  });

  it('each shop its phone digits, with the spec messages for 10', () => {
    const seven = checkoutSchemas({ ...secondShopRules(), phone: { digits: 7 } }).addressSchema;
    const ok = seven.safeParse({ ...TORONTO, phoneNumber: '555-0188' });
    expect(ok.success).toBe(true);
    const long = seven.safeParse({ ...TORONTO, phoneNumber: '416-555-0188' });
    expect(long.error?.issues.map((i) => i.message)).toEqual(["Phone number can't exceed 7 digits"]);
    const ten = checkoutSchemas(shippedShop()).addressSchema.safeParse({ ...TORONTO, phoneNumber: '555-0188' });
    // Hearthline gives a Canadian (billing) address the general postal code rule: M5H 2N2 is one.
    expect(ten.error?.issues.map((i) => i.message)).toEqual([CHECKOUT_MESSAGES.phoneShort]);
  });

  it("the page's postal code rule follows the page's shop: Canada's own rule in the second shop, the general one in Hearthline", () => {
    const values = (zipCode: string) => ({ ...emptyCheckoutValues(), billing: { ...TORONTO, zipCode } });
    expect(checkoutFieldError(values('K1A 0B1'), 'billing.zipCode')).toBeUndefined();
    expect(checkoutFieldError(values('12345'), 'billing.zipCode')).toBeUndefined();
    expect(checkoutFieldError(values('K1A_0B1'), 'billing.zipCode')).toBe(CHECKOUT_MESSAGES.postalChars);
    expect([numericZip('CA'), numericZip('US')]).toEqual([false, true]);
    // The rules as a page gets them: in its page data, JSON (the page renders and runs inside them).
    const pageData = JSON.parse(JSON.stringify(publicSite(loadSite(site.dir)))) as PublicSite;
    withShop(pageData.commerce!, () => {
      expect(checkoutFieldError(values('K1A 0B1'), 'billing.zipCode')).toBeUndefined();
      expect(checkoutFieldError(values('k1a0b1'), 'billing.zipCode')).toBeUndefined();
      expect(checkoutFieldError(values('12345'), 'billing.zipCode')).toBe(CA_POSTAL);
      expect(checkoutFieldError(values(''), 'billing.zipCode')).toBe(CHECKOUT_MESSAGES.zipRequired);
      expect(checkoutFieldError({ ...values(''), billing: { ...JANE, zipCode: 'K1A 0B1' } }, 'billing.zipCode')).toBe(
        CHECKOUT_MESSAGES.zipDigits,
      );
      expect([numericZip('CA'), numericZip('ca'), numericZip('US')]).toEqual([false, false, true]);
    });
  });

  it("the page's address schema follows the page's shop", () => {
    expect(shippingAddressSchema.safeParse(TORONTO).error?.issues.map((i) => i.message)).toEqual([NOT_CANADA]);
    withShop(secondShopRules(), () => {
      expect(shippingAddressSchema.safeParse(TORONTO).success).toBe(true);
    });
  });

  it('amounts in each shop currency', () => {
    expect(formatPrice(1234.5, secondShopRules().currency)).toMatch(/^1\s234,50\s\$$/);
    expect(formatPrice(1234.5, shippedShop().currency)).toBe('$1,234.50');
  });
});

describe('two shops in one process at the same time', () => {
  const priced: BlockRegistry = {
    price: defineBlock({ type: 'price', component: () => createElement('p', null, formatPrice(4290)) }),
  };
  const page = (shopSite: PublicSite): PageData => ({
    path: '/',
    route: '/',
    status: 200,
    head: { title: 't', description: '', canonical: '', meta: [], jsonLd: [], tagManager: false },
    breadcrumbs: [],
    regions: [{ name: 'main', tag: 'main', blocks: [{ key: 'p', type: 'price', props: {} }] }],
    blockTypes: ['price'],
    site: shopSite,
  });
  const render = async (dir: string) => {
    const data = page(JSON.parse(JSON.stringify(publicSite(loadSite(dir)))) as PublicSite);
    await new Promise((resolve) => setImmediate(resolve)); // both renders in flight
    return renderPageHtml(data, '/', priced).html;
  };
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('each page renders in its own shop', async () => {
    const [hearthline, second] = await Promise.all([render(DEFAULT_CONTENT_DIR), render(site.dir)]);
    expect(hearthline).toContain('$4,290.00');
    expect(second).toMatch(/4\s290,00\s\$/);
  });

  it('each server takes and confirms its orders in its own currency and locale', async () => {
    const hearthline = await createTestServer({ siteDir: FIXTURE_SHOP_DIR, dist: false });
    const second = await createTestServer({ siteDir: site.dir, dist: false });
    servers.push(hearthline, second);
    const buy = async (s: TestServer, billing: typeof JANE) => {
      const placed = await send(s.app, 'POST', '/api/order', orderBody({ billing, items: [{ ...CHIP, qty: 1 }] }));
      expect(placed.status).toBe(201);
      const paid = await send(s.app, 'POST', '/api/order/pay', {
        id: placed.json.order.id,
        token: placed.json.orderToken,
        paymentToken: await cardToken(s.app, CARDS.approved),
      });
      expect(paid.status).toBe(200);
      const mails = await s.db.selectFrom('email_outbox').select(['text']).execute();
      return mails.map((m) => m.text).join('\n');
    };
    // Three orders each, all in flight together.
    const texts = await Promise.all([1, 2, 3].flatMap(() => [buy(hearthline, JANE), buy(second, TORONTO)]));
    for (const [i, text] of texts.entries()) {
      if (i % 2 === 0) {
        expect(text).toContain('$9.95');
        expect(text).not.toMatch(/9,95\s\$/);
      } else {
        expect(text).toMatch(/9,95\s\$/);
        expect(text).not.toContain('$9.95');
      }
    }
  });
});
