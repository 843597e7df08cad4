/**
 * No payment is left behind when the server dies between the steps of a payment (run on SQLite
 * and on PostgreSQL). Each case starts `joinery start` with JOINERY_CRASH_AT=<point>, pays a
 * checkout order or a quote link with the sandbox's approved card and sees the process killed
 * (SIGKILL, no answer). Then a server on the same database recovers it: its reconciler
 * (JOINERY_RECONCILE_INTERVAL_MS), `joinery payments reconcile`, or the shopper paying again
 * once the lease has passed, before any reconciler ran. Afterwards the shop owner and the
 * shopper see the truth:
 *
 * - charged (provider-charged, settle-committed): the order is ordered with one completed
 *   payment carrying the gateway's transaction id, the gateway charged once, the two order
 *   e-mails are queued once, the quote is paid, and paying again answers 409;
 * - never charged (payment-written): that payment failed, the gateway has no charge for it, and
 *   a new attempt pays the order (200), queuing the two e-mails.
 *
 * The cases of one way of recovering share a database and its one recovering server (a server
 * start is the slow part): each case crashes its own server on its own order.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUOTE_MESSAGES } from '../engine/node.ts';
import { systemClock } from './clock.ts';
import { COMMERCE_TEXTS } from './commerce/context.ts';
import { ORDER_MAIL_KINDS } from './commerce/order-emails.ts';
import { attemptKey } from './commerce/pay.ts';
import { CARDS, orderBody } from './commerce/testing.ts';
import type { Db } from './db/open.ts';
import type { PaymentRow } from './db/schema.ts';
import { createQuote } from './quotes/quote-store.ts';
import { quoteInput } from './quotes/testing.ts';
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
import { tempDir, type TempDir } from './testing/temp-dir.ts';
import { openTestDatabase, type TestDatabase } from './testing/test-db.ts';

type Point = 'payment-written' | 'provider-charged' | 'settle-committed';
type Kind = 'order' | 'quote';
/** server: a restarted server's reconciler; cli: `joinery payments reconcile`; retry: the shopper pays again, no reconciler ran. */
type Recovery = 'server' | 'cli' | 'retry';

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

const RECOVERIES: Record<Recovery, { title: string; cases: [Kind, Point][] }> = {
  server: {
    title: "recovered by a restarted server's reconciler",
    cases: [
      ['order', 'payment-written'],
      ['order', 'settle-committed'],
      ['quote', 'provider-charged'],
    ],
  },
  cli: {
    title: 'recovered by joinery payments reconcile',
    cases: [
      ['order', 'provider-charged'],
      ['quote', 'payment-written'],
      ['quote', 'settle-committed'],
    ],
  },
  retry: {
    title: 'the shopper pays again after the lease, before any reconciler ran',
    cases: [
      ['order', 'payment-written'],
      ['order', 'provider-charged'],
      ['quote', 'payment-written'],
      ['quote', 'provider-charged'],
    ],
  },
};

/** Something to pay: a checkout order or a quote link. */
interface Payable {
  kind: Kind;
  quoteId?: number;
  pay(base: string, paymentToken: string): Promise<JsonAnswer>;
  /** The order being paid (a quote's is made by its first pay request). */
  orderId(): Promise<number>;
}

async function newPayable(kind: Kind, base: string, db: Db): Promise<Payable> {
  if (kind === 'order') {
    const placed = await postJson(base, '/api/order', orderBody());
    if (placed.status !== 201) throw new Error(`order not created: ${placed.status} ${placed.text}`);
    const id = placed.json.order.id as number;
    const token = placed.json.orderToken as string;
    return {
      kind,
      pay: (b, paymentToken) => postJson(b, '/api/order/pay', { id, token, paymentToken }),
      orderId: async () => id,
    };
  }
  const { quote, token } = await createQuote(db, systemClock, quoteInput());
  return {
    kind,
    quoteId: quote.id,
    pay: (b, paymentToken) =>
      postJson(b, '/api/quote/pay', { quoteId: quote.id, token, paymentMethod: 'card', paymentToken }),
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
/** The gateway's charges of one order (its idempotency keys name the order). */
const chargesOf = (db: Db, orderId: number) =>
  db
    .selectFrom('sandbox_gateway_intents')
    .select(['id', 'idempotency_key', 'status'])
    .where('idempotency_key', 'like', `order-${orderId}-payment-%`)
    .orderBy('created_at')
    .execute();
const orderOf = (db: Db, orderId: number) =>
  db.selectFrom('orders').select(['status', 'payment_lock_until']).where('id', '=', orderId).executeTakeFirstOrThrow();
const orderMailKinds = async (db: Db, orderId: number) =>
  (
    await db
      .selectFrom('email_outbox')
      .select('kind')
      .where('ref_type', '=', 'order')
      .where('ref_id', '=', String(orderId))
      .execute()
  )
    .map((m) => m.kind)
    .sort();
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

/** One recovery's database and the server that recovers its cases. */
interface Group {
  dir: TempDir;
  t: TestDatabase;
  env: Record<string, string>;
  servers: ChildServer[];
  /** The server that answers after the crash. */
  server?: ChildServer;
  reconcile?: Exit & { stdout: string; stderr: string };
}

/** What one crash left behind, read before anything recovered it. */
interface Crash {
  payable: Payable;
  answer: string;
  exit: Exit;
  output: string;
  orderId: number;
  payments: Payment[];
  charges: { idempotency_key: string | null; status: string }[];
  mails: string[];
  orderStatus: string;
}

/** Starts a server with the crash point, pays, and reads what the kill left. */
async function crash(g: Group, kind: Kind, point: Point): Promise<Crash> {
  const s = await startJoinery({ ...g.env, JOINERY_CRASH_AT: point, JOINERY_RECONCILE_INTERVAL_MS: '0' });
  g.servers.push(s);
  const { db } = g.t;
  const payable = await newPayable(kind, s.base, db);
  const answer = await payable.pay(s.base, await sandboxCardToken(s.base, CARDS.approved)).then(
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
    charges: await chargesOf(db, orderId),
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

const groups = new Map<Recovery, Group>();
const crashes = new Map<string, PromiseSettledResult<Crash>>();
const caseName = (r: Recovery, kind: Kind, point: Point) => `${r} ${kind} ${point}`;

beforeAll(async () => {
  for (const r of Object.keys(RECOVERIES) as Recovery[]) {
    const dir = tempDir('joinery-crash-');
    const t = await openTestDatabase(dir);
    groups.set(r, { dir, t, env: { ...joineryEnv(dir, t), JOINERY_PAYMENT_LEASE_MS: String(LEASE_MS) }, servers: [] });
  }
  // 1. Every case's server dies at its point.
  const all = (Object.entries(RECOVERIES) as [Recovery, (typeof RECOVERIES)[Recovery]][]).flatMap(([r, { cases }]) =>
    cases.map(([kind, point]) => ({ r, kind, point })),
  );
  const results = await settledInBatches(all, AT_ONCE, ({ r, kind, point }) => crash(groups.get(r)!, kind, point));
  all.forEach(({ r, kind, point }, i) => {
    crashes.set(caseName(r, kind, point), results[i]!);
  });

  // 2. Each database is recovered its own way, without a crash point.
  const crashedOrders = (r: Recovery) =>
    RECOVERIES[r].cases.flatMap(([kind, point]) => {
      const c = crashes.get(caseName(r, kind, point))!;
      return c.status === 'fulfilled' ? [c.value.orderId] : [];
    });
  const start = async (g: Group, interval: string) => {
    const s = await startJoinery({ ...g.env, JOINERY_RECONCILE_INTERVAL_MS: interval });
    g.servers.push(s);
    g.server = s;
  };
  const server = groups.get('server')!;
  const cli = groups.get('cli')!;
  const retry = groups.get('retry')!;
  await Promise.all([
    start(server, '200'),
    (async () => {
      for (const id of crashedOrders('cli')) await leasePassed(cli.t.db, id);
      const [reconciled] = await Promise.all([runJoinery(['payments', 'reconcile'], cli.env), start(cli, '0')]);
      cli.reconcile = reconciled;
    })(),
    start(retry, '0'),
  ]);
}, 240_000);

afterAll(async () => {
  for (const g of groups.values()) {
    for (const s of g.servers) await s.stop();
    await g.t.close();
    g.dir.cleanup();
  }
});

/** What the shop owner and the shopper see of an order that was charged once. */
async function expectPaidOnce(db: Db, c: Crash, base: string): Promise<void> {
  const { orderId, payable } = c;
  expect((await orderOf(db, orderId)).status).toBe('ordered');
  const payments = await paymentsOf(db, orderId);
  expect(payments.filter((x) => x.status === 'pending')).toEqual([]);
  const completed = payments.filter((x) => x.status === 'completed');
  expect(completed).toHaveLength(1);
  // The gateway charged once, under the completed payment's idempotency key, which is its transaction.
  const charges = await chargesOf(db, orderId);
  expect(charges).toEqual([
    expect.objectContaining({ idempotency_key: attemptKey(orderId, completed[0]!.id), status: 'succeeded' }),
  ]);
  expect(completed[0]!.transaction_id).toBe(charges[0]!.id);
  expect(await orderMailKinds(db, orderId)).toEqual(BOTH_MAILS);
  if (payable.quoteId !== undefined)
    expect(await quoteOf(db, payable.quoteId)).toEqual({ status: 'paid', order_id: orderId });
  // Paying again is refused and charges nothing.
  const again = await payable.pay(base, await sandboxCardToken(base, CARDS.approved));
  expect(again.status, again.text).toBe(409);
  expect(ALREADY_PAID[payable.kind]).toContain(again.json.message);
  expect(await chargesOf(db, orderId)).toHaveLength(1);
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
      point === 'provider-charged'
        ? [expect.objectContaining({ idempotency_key: attemptKey(c.orderId, written.id), status: 'succeeded' })]
        : [],
    );
    expect(c.mails).toEqual([]);
  }
  return written;
}

for (const [r, { title, cases }] of Object.entries(RECOVERIES) as [Recovery, (typeof RECOVERIES)[Recovery]][]) {
  describe(`a server killed mid-payment, ${title}`, () => {
    for (const [kind, point] of cases) {
      it(
        `${kind === 'order' ? 'checkout order' : 'quote link'}, killed at ${point}`,
        async () => {
          const outcome = crashes.get(caseName(r, kind, point))!;
          if (outcome.status === 'rejected') throw outcome.reason;
          const c = outcome.value;
          const g = groups.get(r)!;
          const { db } = g.t;
          const base = g.server!.base;
          const written = expectCrashedAt(c, point);

          if (r === 'server') {
            await vi.waitFor(
              async () => {
                const pending = (await paymentsOf(db, c.orderId)).filter((x) => x.status === 'pending');
                if (pending.length) throw new Error(`payments still pending: ${JSON.stringify(pending)}`);
              },
              { timeout: DEADLINE_MS, interval: 50 },
            );
          } else if (r === 'cli') {
            const { code, signal, stdout, stderr } = g.reconcile!;
            expect({ code, signal }, stdout + stderr).toEqual({ code: 0, signal: null });
            expect((await paymentsOf(db, c.orderId)).filter((x) => x.status === 'pending')).toEqual([]);
            // It names what it settled: the lost attempt, with what became of it; a settled one not at all.
            const line = stdout.split('\n').filter((l) => l.includes(`payment ${written.id} (`));
            expect(line, stdout).toEqual(
              point === 'settle-committed'
                ? []
                : [expect.stringContaining(point === 'payment-written' ? '-> failed' : '-> completed')],
            );
          } else {
            await leasePassed(db, c.orderId);
            const retry = await c.payable.pay(base, await sandboxCardToken(base, CARDS.approved));
            if (point === 'payment-written') {
              expect({ status: retry.status, message: retry.json.message }, retry.text).toEqual({
                status: 200,
                message: PAID,
              });
              expect((await paymentsOf(db, c.orderId)).map((x) => [x.id === written.id, x.status])).toEqual([
                [true, 'failed'],
                [false, 'completed'],
              ]);
            } else {
              // The charge happened: the order is paid (409) or this answer says so (200), never "being reviewed".
              expect([200, 409], retry.text).toContain(retry.status);
              expect(retry.status === 200 ? [PAID] : ALREADY_PAID[kind], retry.text).toContain(retry.json.message);
            }
          }

          if (point === 'payment-written' && r !== 'retry') {
            // Never charged: that attempt failed, the order is still payable, and the next attempt pays it.
            expect(await paymentsOf(db, c.orderId)).toEqual([
              expect.objectContaining({ id: written.id, status: 'failed' }),
            ]);
            expect(await chargesOf(db, c.orderId)).toEqual([]);
            expect((await orderOf(db, c.orderId)).status).not.toBe('ordered');
            expect(await orderMailKinds(db, c.orderId)).toEqual([]);
            if (c.payable.quoteId !== undefined) expect((await quoteOf(db, c.payable.quoteId)).status).not.toBe('paid');
            const paid = await c.payable.pay(base, await sandboxCardToken(base, CARDS.approved));
            expect({ status: paid.status, message: paid.json.message }, paid.text).toEqual({
              status: 200,
              message: PAID,
            });
          }
          await expectPaidOnce(db, c, base);
          // A charged attempt is the order's only payment: recovery settled it, made no other.
          if (point !== 'payment-written')
            expect((await paymentsOf(db, c.orderId)).map((x) => x.id)).toEqual([written.id]);
        },
        CASE_TIMEOUT_MS,
      );
    }
  });
}
