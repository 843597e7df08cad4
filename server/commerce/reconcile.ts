/**
 * The payment reconciler: finishes what no shopper will. Every server runs it (every
 * JOINERY_RECONCILE_INTERVAL_MS, default 30 s), and `joinery payments reconcile` runs it once.
 * Work is claimed through the database, as the pay step claims it: an attempt is recovered only
 * under its order's lease, so servers never work on one order at once.
 *
 * 1. Lost attempts: a payment written pending whose answer never reached settle (its pay step
 *    died: `kill -9`, a crash, a database outage between the steps) once its order's lease
 *    has passed. The provider is asked what became of it by our reference, never charging
 *    again (pay.ts `recover`): a charge that happened marks the order paid and queues its
 *    e-mails once; one that never happened fails, and the order can be paid again.
 * 2. Waiting payments: pending at the provider, held for review, or waiting for an
 *    authentication nobody came back from, not changed for a lease's time: the provider is
 *    asked again and settle records any news (a review approved, an authentication completed
 *    without a return to the shop, a processing charge that succeeded).
 *
 * What the gateway itself keeps on hold stays on hold: `joinery orders --status on_hold` lists it.
 */
import type { Logger } from '../logger.ts';
import type { PaymentRow, PaymentStatus } from '../db/schema.ts';
import { additionalData, isStranded } from './context.ts';
import { incrementIdFor } from './order-store.ts';
import type { Commerce } from './index.ts';

/** Payments looked at per run and kind: a backlog is worked off over several runs. */
const BATCH = 50;

export interface ReconciledPayment {
  orderId: number;
  orderIncrementId: string;
  paymentId: number;
  gateway: string;
  before: PaymentStatus;
  after: PaymentStatus;
  orderStatus: string;
  message: string;
}

/** One line of the report: the payment as it was and as it is now, and its order's status. */
function reconciled(
  order: { id: number; order_increment_id: string | null },
  orderStatus: string,
  before: PaymentRow,
  after: PaymentRow,
): ReconciledPayment {
  return {
    orderId: order.id,
    orderIncrementId: order.order_increment_id ?? incrementIdFor(order.id),
    paymentId: before.id,
    gateway: before.gateway,
    before: before.status,
    after: after.status,
    orderStatus,
    message: messageOf(after),
  };
}

export interface ReconcileReport {
  /** Payments looked at. */
  checked: number;
  /** Those whose state changed. */
  settled: ReconciledPayment[];
  /** Lost attempts whose order another step holds now (the next run takes them). */
  busy: number;
  /** Payments the provider could not be asked about this time. */
  failed: { paymentId: number; orderId: number; gateway: string; error: string }[];
}

export interface PaymentReconciler {
  runOnce(): Promise<ReconcileReport>;
  /** Runs every intervalMs in the background until stop() (0: never). */
  start(): void;
  stop(): Promise<void>;
}

/** The provider's message stored with a payment. */
const messageOf = (p: PaymentRow) => {
  const m = additionalData(p).message;
  return typeof m === 'string' ? m : '';
};

/** Recovers lost attempts under their order's lease (see 1. above). */
async function lostAttempts({ ctx, payments }: Commerce, report: ReconcileReport) {
  const { db, clock } = ctx;
  const now = clock.now();
  const iso = now.toISOString();
  const rows = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.id as paymentId', 'payments.order_id as orderId', 'orders.status as orderStatus'])
    .where('payments.state', '=', 'created')
    .where((eb) => eb.or([eb('orders.payment_lock_until', 'is', null), eb('orders.payment_lock_until', '<=', iso)]))
    .orderBy('payments.id')
    .limit(BATCH)
    .execute();
  for (const r of rows) {
    report.checked++;
    // A paid order starts no pay step: its lost attempt is looked up without a lease.
    const paid = r.orderStatus === 'ordered';
    const order = paid
      ? await db.selectFrom('orders').selectAll().where('id', '=', r.orderId).executeTakeFirst()
      : await db.transaction().execute((trx) => payments.takeLease(trx, r.orderId, clock.now()));
    if (!order) {
      report.busy++;
      continue;
    }
    let gateway = '';
    try {
      const p = await db.selectFrom('payments').selectAll().where('id', '=', r.paymentId).executeTakeFirst();
      // Settled meanwhile by a late answer: nothing to do.
      if (!p || !isStranded(p)) continue;
      gateway = p.gateway;
      const s = await payments.recover(p, order);
      report.settled.push(reconciled(order, s.order.status, p, s.payment));
    } catch (e) {
      report.failed.push({ paymentId: r.paymentId, orderId: r.orderId, gateway, error: (e as Error).message });
    } finally {
      if (!paid) await payments.releaseLease(r.orderId);
    }
  }
}

/** Asks the providers again about payments waiting a lease's time (see 2. above). */
async function waitingPayments({ ctx, payments }: Commerce, report: ReconcileReport) {
  const { db, clock } = ctx;
  const before = new Date(clock.now().getTime() - payments.leaseMs).toISOString();
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('state', 'in', ['authorizing', 'awaiting_customer', 'in_review'])
    .where('transaction_id', 'is not', null)
    .where('updated_at', '<=', before)
    .orderBy('updated_at')
    .limit(BATCH)
    .execute();
  for (const p of rows) {
    report.checked++;
    try {
      const s = await payments.refresh(p);
      if (!s.changed) continue;
      const order = await db
        .selectFrom('orders')
        .select(['id', 'order_increment_id', 'status'])
        .where('id', '=', p.order_id)
        .executeTakeFirstOrThrow();
      report.settled.push(reconciled(order, order.status, p, s.payment));
    } catch (e) {
      report.failed.push({ paymentId: p.id, orderId: p.order_id, gateway: p.gateway, error: (e as Error).message });
    }
  }
}

/** One run of the reconciler over both kinds of work. */
async function runOnce(commerce: Commerce): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, settled: [], busy: 0, failed: [] };
  await lostAttempts(commerce, report);
  await waitingPayments(commerce, report);
  return report;
}

/** A run's settled payments as info lines, the ones the provider could not be asked about as warnings. */
function logReport(log: Logger, r: ReconcileReport) {
  for (const s of r.settled)
    log.info(
      `payments: reconciled payment ${s.paymentId} of order #${s.orderIncrementId} at ${s.gateway}: ${s.before} -> ${s.after} (order ${s.orderStatus})`,
    );
  for (const f of r.failed)
    log.warn(
      `payments: could not reconcile payment ${f.paymentId} of order ${f.orderId} at ${f.gateway || 'its provider'}: ${f.error}`,
    );
}

export function paymentReconciler(commerce: Commerce, o: { intervalMs: number; log: Logger }): PaymentReconciler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let failing = false;

  const tick = () => {
    running = runOnce(commerce)
      .then((r) => {
        if (failing) o.log.info('payments: the reconciler runs again');
        failing = false;
        logReport(o.log, r);
      })
      // The database may be away (a restart): one line, then quiet until it runs again.
      .catch((e: unknown) => {
        if (!failing) o.log.warn(`payments: the reconciler could not run (will retry): ${(e as Error).message}`);
        failing = true;
      })
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, o.intervalMs).unref();
      });
  };

  return {
    runOnce: () => runOnce(commerce),
    start() {
      if (o.intervalMs <= 0 || timer || running) return;
      stopped = false;
      timer = setTimeout(tick, o.intervalMs).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
