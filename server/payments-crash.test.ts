/**
 * No payment is left behind when the server dies between the steps of a payment, whatever the
 * provider (run on SQLite and on PostgreSQL). Each case starts `joinery start` with
 * JOINERY_CRASH_AT=<point>, pays a checkout order or a quote link with an approved card through
 * the sandbox gateway, Authorize.Net, Stripe or Tillpay (the last three through their stand-ins,
 * on their wire formats) and sees the process killed (SIGKILL, no answer). Then a server on the
 * same database recovers it: its reconciler (JOINERY_RECONCILE_INTERVAL_MS), `joinery payments
 * reconcile`, or the shopper paying again once the lease has passed, before any reconciler ran.
 * Afterwards the shop owner and the shopper see the truth:
 *
 * - charged (provider-charged, settle-committed): the order is ordered with one completed
 *   payment carrying the provider's transaction id, the provider charged once, the two order
 *   e-mails reach the SMTP server once each, the quote is paid, and paying again answers 409;
 * - never charged (payment-written): that payment failed, the provider has no charge for it,
 *   and a new attempt pays the order (200), mailing the two e-mails once.
 *
 * Every provider crashes at every point for an order and for a quote link; the recovery turns
 * with the provider, so each (kind, point) is recovered each way by some provider. The cases of
 * one way of recovering share a database, its stand-ins, its SMTP server and its one recovering
 * server (a server start is the slow part): each case crashes its own server on its own order.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUOTE_MESSAGES } from '../engine/node.ts';
import { systemClock } from './clock.ts';
import { COMMERCE_TEXTS } from './commerce/context.ts';
import { ORDER_MAIL_KINDS } from './commerce/order-emails.ts';
import { CARDS, orderBody } from './commerce/testing.ts';
import type { Db } from './db/open.ts';
import type { PaymentRow } from './db/schema.ts';
import { createQuote } from './quotes/quote-store.ts';
import { quoteInput } from './quotes/testing.ts';
import {
  ANET_TEST_CARDS,
  opaqueValueFor,
  startAuthorizeNetStandIn,
  type AuthorizeNetStandIn,
} from './testing/authorize-net-stand-in.ts';
import {
  joineryEnv,
  postJson,
  runJoinery,
  sandboxCardToken,
  startJoinery,
  type ChildServer,
  type Exit,
  type JsonAnswer,
} from './testing/crash-server.ts';
import { FIXTURE_SHOP_DIR } from './testing/fixture-shop.ts';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.ts';
import { startStripeStandIn, type StripeStandIn } from './testing/stripe-stand-in.ts';
import { tempDir, type TempDir } from './testing/temp-dir.ts';
import { openTestDatabase, type TestDatabase } from './testing/test-db.ts';
import {
  startTillpayStandIn,
  TILLPAY_TEST_CARDS,
  tillpayToken,
  type TillpayStandIn,
} from './testing/tillpay-stand-in.ts';
import { metadataOfDescription } from './payments/authorize-net.ts';

type Point = 'payment-written' | 'provider-charged' | 'settle-committed';
type Kind = 'order' | 'quote';
/** server: a restarted server's reconciler; cli: `joinery payments reconcile`; retry: the shopper pays again, no reconciler ran. */
type Recovery = 'server' | 'cli' | 'retry';

const POINTS: Point[] = ['payment-written', 'provider-charged', 'settle-committed'];
const KINDS: Kind[] = ['order', 'quote'];
const RECOVERIES: Recovery[] = ['server', 'cli', 'retry'];
const RECOVERY_TITLES: Record<Recovery, string> = {
  server: "a restarted server's reconciler",
  cli: 'joinery payments reconcile',
  retry: 'the shopper paying again after the lease',
};

const LEASE_MS = 1500;
/** How long a step may take on one slow core: a deadline, never a wait. */
const DEADLINE_MS = 20_000;
/** A case's own time (its servers started before it). */
const CASE_TIMEOUT_MS = 60_000;
/** Crashing servers started at once (the machine has two cores). */
const AT_ONCE = 3;
const PAID = 'Payment successful';
/** A paid order's pay request answers with the order's message; a quote link's may name the quote. */
const ALREADY_PAID: Record<Kind, string[]> = {
  order: [COMMERCE_TEXTS.alreadyPaid],
  quote: [COMMERCE_TEXTS.alreadyPaid, QUOTE_MESSAGES.alreadyPaid],
};
const BOTH_MAILS = [ORDER_MAIL_KINDS.customer, ORDER_MAIL_KINDS.admin].sort();

/** A charge at the provider, in our words: its id, the payment it names, whether it took money. */
interface Charge {
  id: string;
  paymentId: string | undefined;
  succeeded: boolean;
}

/** One recovery's database, its providers' stand-ins, its SMTP server and the server that recovers its cases. */
interface Group {
  dir: TempDir;
  t: TestDatabase;
  env: Record<string, string>;
  stripe: StripeStandIn;
  anet: AuthorizeNetStandIn;
  tillpay: TillpayStandIn;
  sink: SmtpSink;
  servers: ChildServer[];
  /** The server that answers after the crash. */
  server?: ChildServer;
  reconcile?: Exit & { stdout: string; stderr: string };
}

/** One provider as the shop's pages use it, with an approved card. */
interface Provider {
  gateway: string;
  /** The payment method naming it in the shop's payment-methods.json. */
  method: string;
  token(base: string): Promise<string>;
  /** The checkout page's pay call for this provider. */
  payOrder(base: string, id: number, token: string, paymentToken: string): Promise<JsonAnswer>;
  /** What the provider holds for this order (every attempt's charge). */
  charges(g: Group, orderId: number): Promise<Charge[]>;
}

const PROVIDERS: Provider[] = [
  {
    gateway: 'sandbox',
    method: 'card',
    token: (base) => sandboxCardToken(base, CARDS.approved),
    payOrder: (base, id, token, paymentToken) => postJson(base, '/api/order/pay', { id, token, paymentToken }),
    async charges(g, orderId) {
      return (await g.t.db.selectFrom('sandbox_gateway_intents').selectAll().orderBy('created_at').execute())
        .map((i) => ({ i, metadata: JSON.parse(i.metadata) as Record<string, string> }))
        .filter(({ metadata }) => metadata.orderId === String(orderId))
        .map(({ i, metadata }) => ({ id: i.id, paymentId: metadata.paymentId, succeeded: i.status === 'succeeded' }));
    },
  },
  {
    gateway: 'authorize-net',
    method: 'authorize-net',
    token: async () => opaqueValueFor(ANET_TEST_CARDS.approved),
    payOrder: (base, orderId, token, dataValue) =>
      postJson(base, '/api/payment/authorize-net/process-transaction', {
        orderId,
        token,
        dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
        dataValue,
      }),
    async charges(g, orderId) {
      return [...g.anet.transactions.values()]
        .map((t) => ({ t, metadata: metadataOfDescription(t.description) ?? {} }))
        .filter(({ metadata }) => metadata.orderId === String(orderId))
        .map(({ t, metadata }) => ({ id: t.transId, paymentId: metadata.paymentId, succeeded: t.responseCode === 1 }));
    },
  },
  {
    gateway: 'stripe',
    method: 'stripe',
    token: async () => 'pm_card_visa',
    payOrder: (base, orderId, token, paymentMethodId) =>
      postJson(base, '/api/payment/stripe/payment-intent', { orderId, token, paymentMethodId }),
    async charges(g, orderId) {
      return [...g.stripe.intents.values()]
        .filter((i) => i.metadata.orderId === String(orderId))
        .map((i) => ({ id: i.id, paymentId: i.metadata.paymentId, succeeded: i.status === 'succeeded' }));
    },
  },
  {
    gateway: 'tillpay',
    method: 'tillpay',
    token: async () => tillpayToken(TILLPAY_TEST_CARDS.approved),
    payOrder: (base, id, token, paymentToken) =>
      postJson(base, '/api/order/pay', { id, token, paymentMethod: 'tillpay', paymentToken }),
    async charges(g, orderId) {
      return [...g.tillpay.charges.values()]
        .filter((c) => c.metadata.orderId === String(orderId))
        .map((c) => ({ id: c.id, paymentId: c.metadata.paymentId, succeeded: c.state === 'approved' }));
    },
  },
];

interface Case {
  p: Provider;
  kind: Kind;
  point: Point;
  r: Recovery;
  name: string;
}
/** Every provider, kind and point; the recovery turns with all three, so each (kind, point) meets each recovery. */
const CASES: Case[] = PROVIDERS.flatMap((p, i) =>
  KINDS.flatMap((kind, k) =>
    POINTS.map((point, j) => {
      const r = RECOVERIES[(i + k + j) % RECOVERIES.length]!;
      return { p, kind, point, r, name: `${p.gateway} ${kind} ${point} ${r}` };
    }),
  ),
);

/** Something to pay: a checkout order or a quote link. */
interface Payable {
  kind: Kind;
  quoteId?: number;
  pay(base: string): Promise<JsonAnswer>;
  /** The order being paid (a quote's is made by its first pay request). */
  orderId(): Promise<number>;
}

async function newPayable(p: Provider, kind: Kind, base: string, db: Db): Promise<Payable> {
  if (kind === 'order') {
    const placed = await postJson(base, '/api/order', orderBody({ paymentMethod: p.method }));
    if (placed.status !== 201) throw new Error(`order not created: ${placed.status} ${placed.text}`);
    const id = placed.json.order.id as number;
    const token = placed.json.orderToken as string;
    return { kind, pay: async (b) => p.payOrder(b, id, token, await p.token(b)), orderId: async () => id };
  }
  const { quote, token } = await createQuote(db, systemClock, quoteInput());
  return {
    kind,
    quoteId: quote.id,
    pay: async (b) =>
      postJson(b, '/api/quote/pay', {
        quoteId: quote.id,
        token,
        paymentMethod: p.method,
        paymentToken: await p.token(b),
      }),
    async orderId() {
      const q = await db.selectFrom('quotes').select('order_id').where('id', '=', quote.id).executeTakeFirstOrThrow();
      if (q.order_id === null) throw new Error(`quote ${quote.id} has no order_id after its first pay request`);
      return q.order_id;
    },
  };
}

type Payment = Pick<PaymentRow, 'id' | 'status' | 'transaction_id'>;
const paymentsOf = (db: Db, orderId: number): Promise<Payment[]> =>
  db
    .selectFrom('payments')
    .select(['id', 'status', 'transaction_id'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
const orderOf = (db: Db, orderId: number) =>
  db
    .selectFrom('orders')
    .select(['status', 'payment_lock_until', 'order_increment_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
const outboxOf = (db: Db, orderId: number) =>
  db
    .selectFrom('email_outbox')
    .select(['kind', 'status'])
    .where('ref_type', '=', 'order')
    .where('ref_id', '=', String(orderId))
    .execute();
const orderMailKinds = async (db: Db, orderId: number) => (await outboxOf(db, orderId)).map((m) => m.kind).sort();
const quoteOf = (db: Db, quoteId: number) =>
  db.selectFrom('quotes').select(['status', 'order_id']).where('id', '=', quoteId).executeTakeFirstOrThrow();

/** Waits (polling the database, with a deadline) until the order's pay lease has run out. */
const leasePassed = (db: Db, orderId: number) =>
  vi.waitFor(
    async () => {
      const lock = (await orderOf(db, orderId)).payment_lock_until;
      if (lock !== null && lock > new Date().toISOString()) throw new Error(`order ${orderId} is leased until ${lock}`);
    },
    { timeout: DEADLINE_MS, interval: 50 },
  );

/** What one crash left behind, read before anything recovered it. */
interface Crash {
  payable: Payable;
  answer: string;
  exit: Exit;
  output: string;
  orderId: number;
  payments: Payment[];
  charges: Charge[];
  mails: string[];
  orderStatus: string;
}

/** Starts a server with the crash point, pays, and reads what the kill left. */
async function crash(g: Group, c: Case): Promise<Crash> {
  const s = await startJoinery({ ...g.env, JOINERY_CRASH_AT: c.point, JOINERY_RECONCILE_INTERVAL_MS: '0' }, site);
  g.servers.push(s);
  const { db } = g.t;
  const payable = await newPayable(c.p, c.kind, s.base, db);
  const answer = await payable.pay(s.base).then(
    (r) => `answered ${r.status} ${r.text}`,
    () => 'connection error',
  );
  // Still running means the crash point never fired: stop it, so the case reports that.
  const exit = answer === 'connection error' ? await s.exited : await s.stop();
  const orderId = await payable.orderId();
  return {
    payable,
    answer,
    exit,
    output: s.output.join(''),
    orderId,
    payments: await paymentsOf(db, orderId),
    charges: await c.p.charges(g, orderId),
    mails: await orderMailKinds(db, orderId),
    orderStatus: (await orderOf(db, orderId)).status,
  };
}

/** Runs `run` over `items`, `n` at a time, keeping each outcome (a failure belongs to its case). */
async function settledInBatches<T, R>(
  items: T[],
  n: number,
  run: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const out: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await run(items[i]!).then(
        (value) => ({ status: 'fulfilled', value }) as const,
        (reason: unknown) => ({ status: 'rejected', reason }) as const,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

/** The fixture shop with Tillpay offered beside the others (and the sandbox card beside live providers). */
let siteDir: TempDir;
let site: string[];
const groups = new Map<Recovery, Group>();
const crashes = new Map<string, PromiseSettledResult<Crash>>();

async function openGroup(): Promise<Group> {
  const dir = tempDir('joinery-crash-');
  const [t, stripe, anet, tillpay, sink] = await Promise.all([
    openTestDatabase(dir),
    startStripeStandIn({}),
    startAuthorizeNetStandIn(),
    startTillpayStandIn(),
    startSmtpSink(),
  ]);
  const env = {
    ...joineryEnv(dir, t),
    JOINERY_PAYMENT_LEASE_MS: String(LEASE_MS),
    SMTP_URL: sink.url,
    OUTBOX_INTERVAL_MS: '200',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    ...anet.env(),
    ...tillpay.env,
  };
  return { dir, t, env, stripe, anet, tillpay, sink, servers: [] };
}

beforeAll(async () => {
  siteDir = tempDir('joinery-crash-site-');
  cpSync(FIXTURE_SHOP_DIR, siteDir.path, { recursive: true });
  const file = siteDir.join('data/payment-methods.json');
  const methods = JSON.parse(readFileSync(file, 'utf8'));
  methods.methods.push({ ...methods.methods.at(-1), name: 'tillpay', title: 'Card (Tillpay)', gateway: 'tillpay' });
  writeFileSync(file, JSON.stringify(methods));
  site = ['--site', siteDir.path];
  for (const r of RECOVERIES) groups.set(r, await openGroup());

  // 1. Every case's server dies at its point.
  const results = await settledInBatches(CASES, AT_ONCE, (c) => crash(groups.get(c.r)!, c));
  for (const [i, c] of CASES.entries()) crashes.set(c.name, results[i]!);

  // 2. Each database is recovered its own way, without a crash point.
  const crashedOrders = (r: Recovery) =>
    CASES.filter((c) => c.r === r).flatMap((c) => {
      const outcome = crashes.get(c.name)!;
      return outcome.status === 'fulfilled' ? [outcome.value.orderId] : [];
    });
  const start = async (g: Group, interval: string) => {
    const s = await startJoinery({ ...g.env, JOINERY_RECONCILE_INTERVAL_MS: interval }, site);
    g.servers.push(s);
    g.server = s;
  };
  const cli = groups.get('cli')!;
  await Promise.all([
    start(groups.get('server')!, '200'),
    (async () => {
      for (const id of crashedOrders('cli')) await leasePassed(cli.t.db, id);
      const [reconciled] = await Promise.all([
        runJoinery([...site, 'payments', 'reconcile'], cli.env),
        start(cli, '0'),
      ]);
      cli.reconcile = reconciled;
    })(),
    start(groups.get('retry')!, '0'),
  ]);
}, 360_000);

afterAll(async () => {
  for (const g of groups.values()) {
    for (const s of g.servers) await s.stop();
    await Promise.all([g.t.close(), g.stripe.close(), g.anet.close(), g.tillpay.close(), g.sink.close()]);
    g.dir.cleanup();
  }
  siteDir?.cleanup();
});

/**
 * Waits until the order's e-mails left the outbox, then reads what the SMTP server received for
 * it, one per Message-ID: a server killed after the SMTP server accepted a message but before
 * marking it sent has it sent again under the same Message-ID, which a receiver drops
 * (server/mail/worker.ts); a second e-mail has a Message-ID of its own.
 */
async function deliveredMails(g: Group, orderId: number): Promise<string[]> {
  await vi.waitFor(
    async () => {
      const waiting = (await outboxOf(g.t.db, orderId)).filter((m) => m.status !== 'sent');
      if (waiting.length) throw new Error(`e-mails not sent yet: ${JSON.stringify(waiting)}`);
    },
    { timeout: DEADLINE_MS, interval: 50 },
  );
  const number = (await orderOf(g.t.db, orderId)).order_increment_id;
  const received = g.sink.messages.filter((m) => m.subject.endsWith(`#${number}`));
  expect(received.filter((m) => !m.messageId)).toEqual([]);
  const byId = new Map(received.map((m) => [m.messageId, m]));
  return [...byId.values()].map((m) => m.subject).sort();
}

/** What the shop owner and the shopper see of an order that was charged once. */
async function expectPaidOnce(g: Group, p: Provider, c: Crash): Promise<void> {
  const { db } = g.t;
  const { orderId, payable } = c;
  const order = await orderOf(db, orderId);
  expect(order.status).toBe('ordered');
  const payments = await paymentsOf(db, orderId);
  expect(payments.filter((x) => x.status === 'pending')).toEqual([]);
  const completed = payments.filter((x) => x.status === 'completed');
  expect(completed).toHaveLength(1);
  // The provider took money once, for the completed payment, whose transaction it is.
  const charges = await p.charges(g, orderId);
  expect(charges.filter((x) => x.succeeded)).toEqual([
    { id: completed[0]!.transaction_id, paymentId: String(completed[0]!.id), succeeded: true },
  ]);
  // Each e-mail reached the SMTP server once.
  expect(await orderMailKinds(db, orderId)).toEqual(BOTH_MAILS);
  const n = order.order_increment_id;
  expect(await deliveredMails(g, orderId)).toEqual([`New Order #${n}`, `Order Confirmation #${n}`]);
  if (payable.quoteId !== undefined)
    expect(await quoteOf(db, payable.quoteId)).toEqual({ status: 'paid', order_id: orderId });
  // Paying again is refused and charges nothing.
  const again = await payable.pay(g.server!.base);
  expect(again.status, again.text).toBe(409);
  expect(ALREADY_PAID[payable.kind]).toContain(again.json.message);
  expect(await p.charges(g, orderId)).toEqual(charges);
  expect(await orderMailKinds(db, orderId)).toEqual(BOTH_MAILS);
}

/** The crash happened where its point says, and left what that point means. */
function expectCrashedAt(c: Crash, point: Point): Payment {
  expect(c.answer).toBe('connection error');
  expect(c.exit, c.output).toEqual({ code: null, signal: 'SIGKILL' });
  // The payment row the point names is committed (on SQLite: its group-commit batch too).
  expect(c.payments).toHaveLength(1);
  const written = c.payments[0]!;
  if (point === 'settle-committed') {
    expect(written.status).toBe('completed');
    expect(c.orderStatus).toBe('ordered');
    expect(c.mails).toEqual(BOTH_MAILS);
  } else {
    expect(written.status).toBe('pending');
    expect(c.charges).toEqual(
      point === 'provider-charged' ? [expect.objectContaining({ paymentId: String(written.id), succeeded: true })] : [],
    );
    expect(c.mails).toEqual([]);
  }
  return written;
}

/** The recovery's own part: it settles the lost attempt (server, cli) or the shopper's new pay request meets the truth (retry). */
async function recover(g: Group, c: Case, crashed: Crash, written: Payment): Promise<void> {
  const { db } = g.t;
  if (c.r === 'server') {
    await vi.waitFor(
      async () => {
        const pending = (await paymentsOf(db, crashed.orderId)).filter((x) => x.status === 'pending');
        if (pending.length) throw new Error(`payments still pending: ${JSON.stringify(pending)}`);
      },
      { timeout: DEADLINE_MS, interval: 50 },
    );
  } else if (c.r === 'cli') {
    const { code, signal, stdout, stderr } = g.reconcile!;
    expect({ code, signal }, stdout + stderr).toEqual({ code: 0, signal: null });
    expect((await paymentsOf(db, crashed.orderId)).filter((x) => x.status === 'pending')).toEqual([]);
    // It names what it settled: the lost attempt, with what became of it; a settled one not at all.
    const line = stdout.split('\n').filter((l) => l.includes(`payment ${written.id} (`));
    expect(line, stdout).toEqual(
      c.point === 'settle-committed'
        ? []
        : [expect.stringContaining(c.point === 'payment-written' ? '-> failed' : '-> completed')],
    );
  } else {
    await leasePassed(db, crashed.orderId);
    const retry = await crashed.payable.pay(g.server!.base);
    if (c.point === 'payment-written') {
      expect({ status: retry.status, message: retry.json.message }, retry.text).toEqual({ status: 200, message: PAID });
      expect((await paymentsOf(db, crashed.orderId)).map((x) => [x.id === written.id, x.status])).toEqual([
        [true, 'failed'],
        [false, 'completed'],
      ]);
    } else {
      // The charge happened: the order is paid (409) or this answer says so (200), never "being reviewed".
      expect([200, 409], retry.text).toContain(retry.status);
      expect(retry.status === 200 ? [PAID] : ALREADY_PAID[c.kind], retry.text).toContain(retry.json.message);
    }
  }
}

/** A never-charged attempt recovered by a reconciler: it failed, the order is still payable, and the next attempt pays it. */
async function expectPayableAgain(g: Group, c: Case, crashed: Crash, written: Payment): Promise<void> {
  const { db } = g.t;
  expect(await paymentsOf(db, crashed.orderId)).toEqual([
    expect.objectContaining({ id: written.id, status: 'failed' }),
  ]);
  expect(await c.p.charges(g, crashed.orderId)).toEqual([]);
  expect((await orderOf(db, crashed.orderId)).status).not.toBe('ordered');
  expect(await orderMailKinds(db, crashed.orderId)).toEqual([]);
  if (crashed.payable.quoteId !== undefined)
    expect((await quoteOf(db, crashed.payable.quoteId)).status).not.toBe('paid');
  const paid = await crashed.payable.pay(g.server!.base);
  expect({ status: paid.status, message: paid.json.message }, paid.text).toEqual({ status: 200, message: PAID });
}

const caseTitle = (c: Case) =>
  `${c.kind === 'order' ? 'checkout order' : 'quote link'}, killed at ${c.point}, recovered by ${RECOVERY_TITLES[c.r]}`;

describe.each(PROVIDERS.map((p) => [p.gateway, p] as const))('a server killed mid-payment through %s', (_, p) => {
  it.each(CASES.filter((c) => c.p === p).map((c) => [caseTitle(c), c] as const))(
    '%s',
    async (_title, c) => {
      const outcome = crashes.get(c.name)!;
      if (outcome.status === 'rejected') throw outcome.reason;
      const crashed = outcome.value;
      const g = groups.get(c.r)!;
      const written = expectCrashedAt(crashed, c.point);
      await recover(g, c, crashed, written);
      if (c.point === 'payment-written' && c.r !== 'retry') await expectPayableAgain(g, c, crashed, written);
      await expectPaidOnce(g, p, crashed);
      // A charged attempt is the order's only payment: recovery settled it, made no other.
      if (c.point !== 'payment-written')
        expect((await paymentsOf(g.t.db, crashed.orderId)).map((x) => x.id)).toEqual([written.id]);
    },
    CASE_TIMEOUT_MS,
  );
});
