/**
 * What the operator run reads back from the database and the SMTP sink once the servers have
 * settled: lost and duplicate orders, stuck payments, money taken for unpaid orders, mail sent
 * twice. Plain reads of the tables in server/db/schema.ts; nothing is changed.
 */
import type { Db } from '../../server/db/index.ts';
import type { ReceivedMail } from '../../server/testing/index.ts';
import type { StandInCharge } from './providers.ts';
import type { AcknowledgedOrder } from './shoppers.ts';

/** Outbox rows still to be sent, and payments still pending (orders' and quotes'). */
export async function unsettled(
  db: Db,
): Promise<{ queuedMail: number; pendingPayments: number; pendingQuotePayments: number }> {
  const n = async (q: Promise<{ n: string | number | bigint } | undefined>) => Number((await q)?.n ?? 0);
  return {
    queuedMail: await n(
      db
        .selectFrom('email_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'queued')
        .executeTakeFirst(),
    ),
    pendingPayments: await n(
      db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirst(),
    ),
    pendingQuotePayments: await n(
      db
        .selectFrom('quote_payments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirst(),
    ),
  };
}

export interface Figures {
  ordersInDb: number;
  /** Acknowledged orders not stored (or stored under another order number). */
  lost: AcknowledgedOrder[];
  /** Orders beyond the first for one visit (its own e-mail address) or one quote. */
  duplicates: number;
  /** Orders stored that no shopper was told about (their answer was lost). */
  unacknowledged: number;
  /** Orders the shopper was told were paid that are not `ordered`. */
  paidButNotOrdered: number;
  payments: Record<string, number>;
  quotePayments: Record<string, number>;
  stuck: {
    payments: { id: number; orderId: number; createdAt: string }[];
    quotePayments: { id: number; quoteId: number; createdAt: string }[];
  };
  /** Succeeded charges whose order has no completed payment. */
  chargedUnpaid: { count: number; cents: number };
  /** Succeeded charges on a quote (no order yet) whose quote is not paid. */
  quoteChargedUnpaid: { count: number; cents: number };
  /** Orders with more than one succeeded charge. */
  chargedTwice: number;
  /** Succeeded charges by provider (the sandbox's intents and the stand-ins' charges). */
  chargesByProvider: Record<string, number>;
  outbox: Record<string, number>;
  /** Rows queued more than once for one order (or quote) and kind. */
  queuedTwice: number;
  mail: {
    delivered: number;
    /** Deliveries beyond the first of one Message-ID. */
    sameMessageId: number;
    repeats: string[];
    /** Distinct outbox rows of the same kind for the same order delivered (beyond the first). */
    sameOrderAndKind: number;
    /** Deliveries whose Message-ID names no outbox row. */
    unmapped: number;
  };
}

const countBy = <T>(rows: T[], key: (r: T) => string) =>
  rows.reduce<Record<string, number>>((m, r) => {
    m[key(r)] = (m[key(r)] ?? 0) + 1;
    return m;
  }, {});

type OutboxRow = { id: number; kind: string; status: string; ref_type: string | null; ref_id: string | number | null };

/** An outbox row's kind and what it is about (an order, a quote...). */
const refKey = (r: OutboxRow) => `${r.kind} ${r.ref_type}:${r.ref_id}`;

/** Outbox rows queued again for the same kind and reference. */
function queuedTwice(outbox: OutboxRow[]) {
  const perRef = countBy(
    outbox.filter((r) => r.ref_type && r.ref_id),
    refKey,
  );
  return Object.values(perRef).reduce((n, c) => n + (c - 1), 0);
}

/** What the SMTP server received, against the outbox rows it came from. */
function mailFigures(outbox: OutboxRow[], messages: ReceivedMail[]) {
  const rowById = new Map(outbox.map((r) => [r.id, r]));
  // Message-IDs are <outbox-{row id}.{created}@domain> (server/mail/worker.ts).
  const ids = countBy(messages, (m) => m.messageId);
  const deliveredRows = new Set<number>();
  let unmapped = 0;
  for (const m of messages) {
    const rowId = Number(/^<outbox-(\d+)\./.exec(m.messageId)?.[1]);
    if (rowById.has(rowId)) deliveredRows.add(rowId);
    else unmapped++;
  }
  const deliveredPerRef = countBy(
    [...deliveredRows].map((id) => rowById.get(id)!).filter((r) => r.ref_type && r.ref_id),
    refKey,
  );

  return {
    delivered: messages.length,
    sameMessageId: Object.values(ids).reduce((n, c) => n + (c - 1), 0),
    // Which servers sent each repeated message (MAIL_FROM names the server): a repeat whose
    // first copy came from the server killed with -9 is the one repeat a crash can make.
    repeats: Object.entries(ids)
      .filter(([, c]) => c > 1)
      .map(([id]) =>
        messages
          .filter((m) => m.messageId === id)
          .map((m) => m.envelope.from.replace(/@.*/, ''))
          .join(' then '),
      ),
    sameOrderAndKind: Object.values(deliveredPerRef).reduce((n, c) => n + (c - 1), 0),
    unmapped,
  };
}

/** Money taken against what was settled: charged but unpaid (orders, quotes) and charged twice. */
function chargeFigures(
  charges: { amountCents: number; metadata: Record<string, string> }[],
  completedOrders: Set<number>,
  quotes: Map<number, string>,
) {
  const chargedUnpaid = { count: 0, cents: 0 };
  const quoteChargedUnpaid = { count: 0, cents: 0 };
  const chargesPerOrder = new Map<number, number>();
  for (const { amountCents, metadata: meta } of charges) {
    // A quote pays through its order: its charges name both (older ones only the quote).
    if (meta.orderId) {
      const orderId = Number(meta.orderId);
      chargesPerOrder.set(orderId, (chargesPerOrder.get(orderId) ?? 0) + 1);
      if (!completedOrders.has(orderId)) {
        chargedUnpaid.count++;
        chargedUnpaid.cents += amountCents;
      }
    }
    if (meta.quoteId && quotes.get(Number(meta.quoteId)) !== 'paid') {
      quoteChargedUnpaid.count++;
      quoteChargedUnpaid.cents += amountCents;
    }
  }

  return {
    chargedUnpaid,
    quoteChargedUnpaid,
    chargedTwice: [...chargesPerOrder.values()].filter((c) => c > 1).length,
  };
}

export async function readFigures(
  db: Db,
  acknowledged: AcknowledgedOrder[],
  paidAcknowledged: Set<number>,
  messages: ReceivedMail[],
  standInCharges: StandInCharge[] = [],
): Promise<Figures> {
  const orders = await db.selectFrom('orders').select(['id', 'order_increment_id', 'email', 'status']).execute();
  const byId = new Map(orders.map((o) => [o.id, o]));
  const lost = acknowledged.filter((a) => byId.get(a.id)?.order_increment_id !== a.increment);
  const ackIds = new Set(acknowledged.map((a) => a.id));
  const perEmail = countBy(
    orders.filter((o) => /^op-\d+@|^quote-\d+@/.test(o.email)),
    (o) => o.email,
  );
  const duplicates = Object.values(perEmail).reduce((n, c) => n + (c - 1), 0);

  const payments = await db.selectFrom('payments').select(['id', 'order_id', 'status', 'created_at']).execute();
  const quotePayments = await db
    .selectFrom('quote_payments')
    .select(['id', 'quote_id', 'status', 'created_at'])
    .execute();
  const completedOrders = new Set(payments.filter((p) => p.status === 'completed').map((p) => p.order_id));
  const quotes = new Map(
    (await db.selectFrom('quotes').select(['id', 'status']).execute()).map((q) => [q.id, q.status]),
  );

  const intents = await db
    .selectFrom('sandbox_gateway_intents')
    .select(['id', 'status', 'amount_cents', 'metadata'])
    .where('status', '=', 'succeeded')
    .execute();
  const metadataOf = (json: string): Record<string, string> => {
    try {
      return JSON.parse(json) as Record<string, string>;
    } catch {
      return {}; // not ours
    }
  };
  const charges = [
    ...intents.map((i) => ({ gateway: 'sandbox', amountCents: i.amount_cents, metadata: metadataOf(i.metadata) })),
    ...standInCharges.filter((c) => c.succeeded),
  ];
  const money = chargeFigures(charges, completedOrders, quotes);

  const outbox = await db.selectFrom('email_outbox').select(['id', 'kind', 'status', 'ref_type', 'ref_id']).execute();
  return {
    ordersInDb: orders.length,
    lost,
    duplicates,
    unacknowledged: orders.filter((o) => !ackIds.has(o.id)).length,
    paidButNotOrdered: [...paidAcknowledged].filter((id) => byId.get(id)?.status !== 'ordered').length,
    payments: countBy(payments, (p) => p.status),
    quotePayments: countBy(quotePayments, (p) => p.status),
    stuck: {
      payments: payments
        .filter((p) => p.status === 'pending')
        .map((p) => ({ id: p.id, orderId: p.order_id, createdAt: p.created_at })),
      quotePayments: quotePayments
        .filter((p) => p.status === 'pending')
        .map((p) => ({ id: p.id, quoteId: p.quote_id, createdAt: p.created_at })),
    },
    ...money,
    chargesByProvider: countBy(charges, (c) => c.gateway),
    outbox: countBy(outbox, (r) => r.status),
    queuedTwice: queuedTwice(outbox),
    mail: mailFigures(outbox, messages),
  };
}
