/**
 * `joinery orders` run in-process (main(), as cli/bin.js runs it) on the database of a test
 * server whose orders went through the real checkout and the sandbox gateway's test cards: the
 * SQLite file, or under the "postgres" project the PostgreSQL database through DATABASE_URL.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CARDS,
  JANE,
  cardToken,
  placeOrder,
  send,
  quoteInput,
  FIXTURE_SHOP_DIR,
  tempDir,
  type TempDir,
  createTestServer,
  type TestServer,
} from '../../server/testing/index.ts';
import { createQuote } from '../../server/quotes/index.ts';
import { secondShopSite, type ContentDir } from '../../tests/fixtures/sites/second-shop.ts';
import { csv, csvField, terminalText } from './orders-output.ts';
import { parseSince } from './list-options.ts';
import { runJoinery, pointAtDatabaseOf } from './test-support.ts';

let t: TestServer | undefined;
let site: ContentDir | undefined;
let dir: TempDir | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await t?.close();
  site?.remove();
  dir?.cleanup();
  t = site = dir = undefined;
});

/** A test server on the fixture shop (or another content folder) whose database the CLI reads. */
async function server(siteDir = FIXTURE_SHOP_DIR) {
  t = await createTestServer({ siteDir, dist: false });
  pointAtDatabaseOf(t);
  return t;
}

const joinery = (args: string[], siteDir = FIXTURE_SHOP_DIR) => runJoinery(args, siteDir);

const pay = async (order: { id: number; token: string }, card: (typeof CARDS)[keyof typeof CARDS]) =>
  send(t!.app, 'POST', '/api/order/pay', {
    id: order.id,
    token: order.token,
    paymentToken: await cardToken(t!.app, card),
  });

const customer = (firstName: string, lastName: string) => ({
  billing: { ...JANE, firstName, lastName, email: `${firstName.toLowerCase()}@example.com` },
});

/**
 * Five orders an hour apart from 2025-01-15 12:00 UTC: Jane declined then paid (ordered), Ada
 * declined, Grace held for review, Alan waiting for 3-D Secure, Edsger not paid yet.
 */
async function fiveOrders() {
  const at = (hour: number) => t!.clock.set(`2025-01-15T${hour}:00:00.000Z`);
  at(12);
  const jane = await placeOrder(t!.app);
  expect((await pay(jane, CARDS.declined)).status).toBe(402);
  expect((await pay(jane, CARDS.approved)).status).toBe(200);
  at(13);
  const ada = await placeOrder(t!.app, customer('Ada', 'Lovelace'));
  expect((await pay(ada, CARDS.declined)).status).toBe(402);
  at(14);
  const grace = await placeOrder(t!.app, customer('Grace', 'Hopper'));
  expect((await pay(grace, CARDS.review)).json.status).toBe('on_hold');
  at(15);
  const alan = await placeOrder(t!.app, customer('Alan', 'Turing'));
  expect((await pay(alan, CARDS.authenticate)).json.status).toBe('on_hold');
  at(16);
  const edsger = await placeOrder(t!.app, customer('Edsger', 'Dijkstra'));
  return { jane, ada, grace, alan, edsger };
}

const db = () => t!.db;
/** Every row of the tables the command reads, to prove it changed none. */
const snapshot = async () =>
  Promise.all(
    (['orders', 'order_items', 'order_addresses', 'payments', 'order_status_history'] as const).map((table) =>
      db().selectFrom(table).selectAll().orderBy('id').execute(),
    ),
  );

const CSV_HEAD =
  'number,id,created_at,first_name,last_name,email,status,total,currency,payment_method,payment_status,payment_hold,payment_transaction_id\r\n';
const TX = /^sandbox_(ch_[0-9a-f]{24}|pi_[0-9a-f]{32})$/;

describe('joinery orders (list)', () => {
  it('an empty shop: a "No orders." line, an empty JSON array, a header-only CSV', async () => {
    await server();
    expect(await joinery(['orders'])).toEqual({ code: 0, out: 'No orders.\n', err: '' });
    expect(await joinery(['orders', 'list', '--status', 'on_hold', '--since', '2025-01-01'])).toEqual({
      code: 0,
      out: 'No orders held for review since 2025-01-01T00:00:00.000Z.\n',
      err: '',
    });
    expect(await joinery(['orders', '--status', 'ordered'])).toMatchObject({
      code: 0,
      out: 'No orders with status ordered.\n',
    });
    expect(await joinery(['orders', '--format', 'json'])).toEqual({ code: 0, out: '[]\n', err: '' });
    expect(await joinery(['orders', '--format', 'csv'])).toEqual({ code: 0, out: CSV_HEAD, err: '' });
  });

  it("lists the orders newest first with the total in the shop's currency and the latest payment; on_hold is the review, not 3-D Secure", async () => {
    await server();
    await fiveOrders();
    const before = await snapshot();

    const all = await joinery(['orders']);
    expect(all.code).toBe(0);
    expect(all.err).toBe('');
    expect(all.out.split('\n')).toEqual([
      'Number     Date (UTC)        Customer         E-mail              Status            Total  Payment method        Latest payment',
      '100000005  2025-01-15 16:00  Edsger Dijkstra  edsger@example.com  pending          $16.02  Credit or Debit Card  none',
      '100000004  2025-01-15 15:00  Alan Turing      alan@example.com    pending_payment  $16.02  Credit or Debit Card  on_hold (authentication)',
      '100000003  2025-01-15 14:00  Grace Hopper     grace@example.com   pending_payment  $16.02  Credit or Debit Card  on_hold (review)',
      '100000002  2025-01-15 13:00  Ada Lovelace     ada@example.com     pending_payment  $16.02  Credit or Debit Card  failed',
      '100000001  2025-01-15 12:00  Jane Doe         jane@example.com    ordered          $16.02  Credit or Debit Card  completed',
      '',
      '5 orders',
      '',
    ]);
    // `orders list` is the same command.
    expect(await joinery(['orders', 'list'])).toEqual(all);

    const held = await joinery(['orders', '--status', 'on_hold']);
    expect(
      held.out
        .split('\n')
        .slice(1, -3)
        .map((l) => l.slice(0, 9)),
    ).toEqual(['100000003']);
    const unpaid = await joinery(['orders', '--status', 'pending_payment']);
    expect(
      unpaid.out
        .split('\n')
        .slice(1, -3)
        .map((l) => l.slice(0, 9)),
    ).toEqual(['100000004', '100000003', '100000002']);
    const since = await joinery(['orders', '--since', '2025-01-15T14:00']);
    expect(
      since.out
        .split('\n')
        .slice(1, -3)
        .map((l) => l.slice(0, 9)),
    ).toEqual(['100000005', '100000004', '100000003']);
    expect(
      (await joinery(['orders', '--since', '2025-01-15T15:00+01:00'])).out
        .split('\n')
        .slice(1, -3)
        .map((l) => l.slice(0, 9)),
    ).toEqual(['100000005', '100000004', '100000003']);
    const two = await joinery(['orders', '--limit', '2']);
    expect(two.out.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^100000005 /),
      expect.stringMatching(/^100000004 /),
      '',
      '2 orders, the newest 2: --limit N shows more',
      '',
    ]);
    expect((await joinery(['orders', '--limit', '5'])).out).toContain('\n5 orders\n');
    // The orders were placed in January 2025: none in the last week.
    expect((await joinery(['orders', '--since', '7d'])).out).toMatch(
      /^No orders since \d{4}-\d{2}-\d{2}T[\d:.]+Z\.\n$/,
    );

    expect(await snapshot()).toEqual(before);

    // An order placed a moment ago is the only one of the last 24 hours.
    t!.clock.set(new Date());
    await placeOrder(t!.app, customer('Barbara', 'Liskov'));
    const recent = await joinery(['orders', '--since', '24h']);
    expect(recent.out.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^100000006 .* Barbara Liskov +barbara@example\.com +pending +\$16\.02 /),
      '',
      '1 order',
      '',
    ]);
  });

  it('--format json: an array of the orders with decimal amounts; --format csv: a header and RFC 4180 records', async () => {
    await server();
    await fiveOrders();
    const json = await joinery(['orders', '--format', 'json', '--status', 'ordered']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual([
      {
        id: 1,
        orderIncrementId: '100000001',
        createdAt: '2025-01-15T12:00:00.000Z',
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        status: 'ordered',
        total: 16.02,
        orderCurrencyCode: 'USD',
        paymentMethod: 'card',
        paymentMethodLabel: 'Credit or Debit Card',
        latestPayment: {
          id: 2,
          status: 'completed',
          hold: null,
          gateway: 'sandbox',
          transactionId: expect.stringMatching(TX),
          amount: 16.02,
          createdAt: '2025-01-15T12:00:00.000Z',
        },
      },
    ]);
    const list = JSON.parse((await joinery(['orders', '--format', 'json'])).out) as {
      orderIncrementId: string;
      latestPayment: { status: string; hold: string | null } | null;
    }[];
    expect(
      list.map((o) => [o.orderIncrementId, o.latestPayment && `${o.latestPayment.status}/${o.latestPayment.hold}`]),
    ).toEqual([
      ['100000005', null],
      ['100000004', 'on_hold/authentication'],
      ['100000003', 'on_hold/review'],
      ['100000002', 'failed/null'],
      ['100000001', 'completed/null'],
    ]);
    expect(
      JSON.parse((await joinery(['orders', '--format', 'json', '--status', 'on_hold'])).out).map(
        (o: { id: number }) => o.id,
      ),
    ).toEqual([3]);

    const out = (await joinery(['orders', '--format', 'csv'])).out;
    expect(out.startsWith(CSV_HEAD)).toBe(true);
    expect(out.endsWith('\r\n')).toBe(true);
    const records = out.split('\r\n').slice(1, -1);
    expect(records.map((r) => r.replace(/sandbox_\w+/, 'TX'))).toEqual([
      '100000005,5,2025-01-15T16:00:00.000Z,Edsger,Dijkstra,edsger@example.com,pending,16.02,USD,card,,,',
      '100000004,4,2025-01-15T15:00:00.000Z,Alan,Turing,alan@example.com,pending_payment,16.02,USD,card,on_hold,authentication,TX',
      '100000003,3,2025-01-15T14:00:00.000Z,Grace,Hopper,grace@example.com,pending_payment,16.02,USD,card,on_hold,review,TX',
      '100000002,2,2025-01-15T13:00:00.000Z,Ada,Lovelace,ada@example.com,pending_payment,16.02,USD,card,failed,,TX',
      '100000001,1,2025-01-15T12:00:00.000Z,Jane,Doe,jane@example.com,ordered,16.02,USD,card,completed,,TX',
    ]);
  });

  it('usage errors exit 2 with one line: an unknown status lists the valid ones; an unreadable --since, --limit or --format', async () => {
    await server();
    await placeOrder(t!.app);
    expect(await joinery(['orders', '--status', 'paid'])).toEqual({
      code: 2,
      out: '',
      err: 'joinery: --status takes pending | pending_payment | ordered | on_hold (on_hold: the latest payment is held for review by the gateway), got "paid"\n',
    });
    expect(await joinery(['orders', '--since', 'yesterday'])).toEqual({
      code: 2,
      out: '',
      err: 'joinery: --since takes a date (2025-01-31, 2025-01-31T09:30Z) or a time ago (30m, 24h, 7d, 2w), got "yesterday"\n',
    });
    expect((await joinery(['orders', '--since', '2025-02-30'])).code).toBe(2);
    expect(await joinery(['orders', '--limit', '0'])).toEqual({
      code: 2,
      out: '',
      err: 'joinery: --limit takes a whole number from 1 to 10000, got "0"\n',
    });
    expect((await joinery(['orders', '--limit', 'ten'])).code).toBe(2);
    expect(await joinery(['orders', '--format', 'xml'])).toEqual({
      code: 2,
      out: '',
      err: 'joinery: --format takes table | json | csv, got "xml"\n',
    });
    expect(await joinery(['orders', 'show', '1', '--format', 'csv'])).toEqual({
      code: 2,
      out: '',
      err: 'joinery: --format takes text | json, got "csv"\n',
    });
    expect(await joinery(['orders', 'show', 'abc'])).toEqual({
      code: 2,
      out: '',
      err: 'joinery: orders show takes an order number (100000001) or id, got "abc"\n',
    });
    expect(await joinery(['orders', 'refund'])).toMatchObject({ code: 2, out: '' });
  });

  it('a database that is not there or not migrated is a tool failure (exit 2), and is left as it was', async () => {
    dir = tempDir();
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('JOINERY_DB', dir.join('missing.db'));
    const missing = await joinery(['orders']);
    expect(missing).toMatchObject({ code: 2, out: '' });
    expect(missing.err).toBe(
      `joinery: no database at ${dir.join('missing.db')}: set DATABASE_URL, JOINERY_DB or JOINERY_DATA_DIR to the server's\n`,
    );
    expect(existsSync(dir.join('missing.db'))).toBe(false);

    writeFileSync(dir.join('empty.db'), '');
    vi.stubEnv('JOINERY_DB', dir.join('empty.db'));
    const empty = await joinery(['orders', 'show', '1']);
    expect(empty).toMatchObject({ code: 2, out: '' });
    expect(empty.err).toMatch(
      /^joinery: the database .*empty\.db is not up to date \(\d+ migrations pending\): run joinery migrate\n$/,
    );

    vi.stubEnv('DATABASE_URL', 'mysql://root:hunter2@db/shop');
    expect(await joinery(['orders'])).toEqual({
      code: 2,
      out: '',
      err: 'joinery: DATABASE_URL must be a postgres:// URL, got "mysql://root:***@db/shop"\n',
    });
  });
});

describe('joinery orders show', () => {
  it('one order, by number or id: lines, totals, addresses, every payment and the history; read-only', async () => {
    await server();
    await fiveOrders();
    const before = await snapshot();
    const r = await joinery(['orders', 'show', '100000001']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const [declined, approved] = (
      await db().selectFrom('payments').select('transaction_id').where('order_id', '=', 1).orderBy('id').execute()
    ).map((p) => p.transaction_id!);
    expect(r.out.split('\n')).toEqual([
      'Order #100000001 (id 1): ordered',
      'Paid: $16.02 of $16.02',
      'Placed 2025-01-15 12:00 UTC by Jane Doe <jane@example.com> (guest)',
      'Payment method: Credit or Debit Card (card)',
      'Shipping: Standard Sample Shipping (standard)',
      '',
      'Items',
      '  CARLTON-SD-PW  Carlton sample door, Pure White          1 x $0.00   $0.00',
      '  QZ-CG-CH-POL   Calacatta Gold quartz sample, polished   1 x $9.95   $9.95',
      '                                                           Subtotal   $9.95',
      '                                                           Shipping   $4.95',
      '                                                         Tax (7.5%)   $1.12',
      '                                                              Total  $16.02',
      '                                                               Paid  $16.02',
      '',
      'Billing address',
      '  Jane Doe',
      '  2150 Westbelt Drive, Suite 4',
      '  Columbus, OH 43228, US',
      '  jane@example.com  (614) 555-0143',
      '',
      'Shipping address',
      '  same as billing',
      '',
      'Payments',
      `  #1  2025-01-15 12:00  failed     $16.02  sandbox  ${declined}  visa ending 0002`,
      '      Your card was declined.',
      `  #2  2025-01-15 12:00  completed  $16.02  sandbox  ${approved}  visa ending 4242`,
      '      This transaction has been approved.',
      '',
      'Status history',
      '  2025-01-15 12:00  pending          Order #100000001 placed by guest checkout.',
      '  2025-01-15 12:00  pending_payment  Payment failed for order 100000001: Your card was declined.',
      `  2025-01-15 12:00  ordered          Payment of $16.02 completed by Credit or Debit Card (transaction ${approved}).`,
      '',
    ]);
    // By id, and by number with its #.
    expect(await joinery(['orders', 'show', '1'])).toEqual(r);
    expect(await joinery(['orders', 'show', '#100000001'])).toEqual(r);

    const grace = (await joinery(['orders', 'show', '3'])).out.split('\n');
    expect(grace.slice(0, 2)).toEqual([
      'Order #100000003 (id 3): pending_payment',
      'Paid: no (latest payment held for review by the gateway)',
    ]);
    expect(grace).toContain('      This transaction is being held for review.');
    expect(grace.find((l) => l.startsWith('  #4 '))).toMatch(
      /^ {2}#4 {2}2025-01-15 14:00 {2}on_hold \(review\) {2}\$16\.02 {2}sandbox {2}sandbox_ch_\w+ {2}visa ending 9995$/,
    );
    expect((await joinery(['orders', 'show', '4'])).out).toContain(
      "\nPaid: no (latest payment waiting for the card holder's authentication)\n",
    );
    expect((await joinery(['orders', 'show', '2'])).out).toContain('\nPaid: no (latest payment failed)\n');
    const edsger = (await joinery(['orders', 'show', '100000005'])).out;
    expect(edsger).toContain('\nPaid: no (no payment yet)\n');
    expect(edsger).toContain('\nPayments\n  none\n');

    expect(await snapshot()).toEqual(before);
  });

  it("--format json: the order in the API's shape with every payment's gateway and hold, amounts as decimals", async () => {
    await server();
    const { grace } = await fiveOrders();
    const r = await joinery(['orders', 'show', String(grace.id), '--format', 'json']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.out);
    expect(o).toMatchObject({
      id: 3,
      orderIncrementId: '100000003',
      status: 'pending_payment',
      email: 'grace@example.com',
      subtotal: 9.95,
      shippingAmount: 4.95,
      taxAmount: 1.12,
      total: 16.02,
      amountPaid: 0,
      orderCurrencyCode: 'USD',
      items: [
        { sku: 'CARLTON-SD-PW', qty: 1, price: 0 },
        { sku: 'QZ-CG-CH-POL', qty: 1, price: 9.95, rowTotal: 9.95 },
      ],
      addresses: [{ type: 'billing', firstName: 'Grace', city: 'Columbus' }, { type: 'shipping' }],
      statusHistory: [{ status: 'pending' }, { status: 'pending_payment' }],
    });
    expect(o.payments).toEqual([
      {
        id: 4,
        method: 'card',
        methodLabel: 'Credit or Debit Card',
        status: 'on_hold',
        amount: 16.02,
        amountPaid: 0,
        transactionId: expect.stringMatching(TX),
        additionalData: {
          gateway: 'sandbox',
          next: 'review',
          responseCode: 4,
          sandboxStatus: 'held_for_review',
          message: 'This transaction is being held for review.',
          brand: 'visa',
          last4: '9995',
        },
        createdAt: '2025-01-15T14:00:00.000Z',
        gateway: 'sandbox',
        hold: 'review',
      },
    ]);
    expect(r.out).not.toMatch(/token|idempotency|hash/i);
  });

  it('an unknown order exits 1 with one line (a number past any row id too)', async () => {
    await server();
    await placeOrder(t!.app);
    for (const id of ['999', '100000999', '2147483648', '99999999999999999999']) {
      expect(await joinery(['orders', 'show', id])).toEqual({
        code: 1,
        out: '',
        err: `joinery orders show: no order ${id}\n`,
      });
    }
  });
});

describe('what the shopper typed', () => {
  it('is quoted in CSV (a formula as text), and reaches the terminal without control characters', async () => {
    await server();
    const evil = { firstName: '=HYPERLINK("http://x.example")', lastName: 'Smith, Jr\u001b[2J' };
    const { quote, token } = await createQuote(
      db(),
      t!.clock,
      quoteInput({ ...evil, items: [{ name: 'Base cabinet\u001b]0;owned\u0007', sku: 'B36', qty: 1, price: 100 }] }),
    );
    const paid = await send(t!.app, 'POST', '/api/quote/pay', {
      quoteId: quote.id,
      token,
      paymentMethod: 'card',
      paymentToken: await cardToken(t!.app, CARDS.approved),
    });
    expect(paid.status).toBe(200);
    const order = await send(t!.app, 'POST', '/api/quote/convertToOrder', {
      quoteId: quote.id,
      token,
      payment: {
        transactionId: paid.json.transactionId,
        method: 'card',
        methodLabel: 'Credit or Debit Card',
        amount: paid.json.amount,
        status: 'completed',
      },
    });
    expect(order.status).toBe(200);

    const records = (await joinery(['orders', '--format', 'csv'])).out.split('\r\n');
    expect(records[1]).toMatch(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the CSV keeps the escape character the customer typed
      /^100000001,1,2025-01-15T12:00:00\.000Z,"'=HYPERLINK\(""http:\/\/x\.example""\)","Smith, Jr\u001b\[2J",ada@example\.com,ordered,331\.30,USD,card,completed,,sandbox_ch_\w+$/,
    );

    const table = (await joinery(['orders'])).out;
    expect(table).toContain('=HYPERLINK("http://x.example") Smith, Jr\uFFFD[2J');
    const shown = (await joinery(['orders', 'show', '1'])).out;
    expect(shown).toContain('Base cabinet\uFFFD]0;owned\uFFFD');
    // The quote's discount: subtotal + shipping + tax - discount is the total.
    expect(shown).toMatch(/\n +Discount +-\$100\.00\n +Total +\$331\.30\n +Paid +\$331\.30\n/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test proves no control character is printed
    expect(table + shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(JSON.parse((await joinery(['orders', '--format', 'json'])).out)[0].lastName).toBe('Smith, Jr\u001b[2J');
  });

  it('csvField and terminalText', () => {
    expect(
      csv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', null],
          [-5, '-5'],
          [' pad', '@sum'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n-5,\'-5\r\n" pad",\'@sum\r\n');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(terminalText('a\tb\r\nc\u001b[0m\u202e')).toBe('a b c\uFFFD[0m\uFFFD');
  });
});

describe("the shop's currency", () => {
  it("amounts are written in the shop's currency and locale (site.json: CAD in fr-CA)", async () => {
    site = secondShopSite();
    await server(site.dir);
    const toronto = {
      ...JANE,
      phoneNumber: '416-555-0188',
      street1: '100 Queen Street West',
      street2: '',
      city: 'Toronto',
      state: 'ON',
      zipCode: 'M5H 2N2',
      countryId: 'CA',
    };
    const placed = await placeOrder(t!.app, { billing: toronto });
    const total = placed.order.total as number;
    const r = await joinery(['orders'], site.dir);
    expect(r.code).toBe(0);
    const cad = `${total.toFixed(2).replace('.', ',')}\u00a0$`;
    expect(r.out.split('\n')[1]).toContain(`  ${cad}  `);
    expect((await joinery(['orders', 'show', '1'], site.dir)).out).toMatch(
      new RegExp(`\\n +Total +${cad.replace('$', '\\$')}\\n`),
    );
    expect(JSON.parse((await joinery(['orders', '--format', 'json'], site.dir)).out)[0]).toMatchObject({
      total,
      orderCurrencyCode: 'CAD',
    });
  });
});

describe('parseSince', () => {
  const now = new Date('2025-03-10T08:00:00.000Z');
  it('reads a time ago or an ISO date or time (UTC unless a zone is given)', () => {
    expect(parseSince('24h', now).toISOString()).toBe('2025-03-09T08:00:00.000Z');
    expect(parseSince('7d', now).toISOString()).toBe('2025-03-03T08:00:00.000Z');
    expect(parseSince('2w', now).toISOString()).toBe('2025-02-24T08:00:00.000Z');
    expect(parseSince('30m', now).toISOString()).toBe('2025-03-10T07:30:00.000Z');
    expect(parseSince('2025-01-31', now).toISOString()).toBe('2025-01-31T00:00:00.000Z');
    expect(parseSince('2025-01-31T09:30', now).toISOString()).toBe('2025-01-31T09:30:00.000Z');
    expect(parseSince('2025-01-31 09:30:15.5Z', now).toISOString()).toBe('2025-01-31T09:30:15.500Z');
    expect(parseSince('2025-01-31T09:30-0500', now).toISOString()).toBe('2025-01-31T14:30:00.000Z');
  });
  it('refuses anything else', () => {
    for (const v of ['', 'yesterday', '7', '7y', '2025-02-30', '2025-13-01', '2025-01-31T24:00', '31/01/2025'])
      expect(() => parseSince(v, now), v).toThrow(/^--since takes a date/);
  });
});
