/**
 * Shoppers of the operator run. Each shopper visits the shop again and again until the deadline;
 * a visit comes from an address of its own (127.x.y.z, as a new customer), pays through one of
 * the providers in turn (the sandbox gateway, Authorize.Net, Stripe, Tillpay: providers.ts) and
 * is either a checkout (create the order through the API, get a card token from the provider's
 * script, pay) or, now and then, a quote link (open it, pay it, convert it to its order).
 *
 * Retries are a browser's: on a 5xx or no answer, the same request again after Retry-After (at
 * most 5 s) or a growing pause, at most MAX_TRIES times. An order keeps its idempotency key over
 * retries; a payment retried gets a new card token, as the page tokenizes the card again when
 * the shopper presses Pay again. Every order a server acknowledged (201/200) is recorded.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { CARDS, JANE, orderBody } from '../../server/testing/index.ts';
import { call, NoAnswer, type Answer, type CallOptions, type Tally, type Target } from './http.ts';
import type { Card, ShopProvider } from './providers.ts';

const MAX_TRIES = 5;

export interface AcknowledgedOrder {
  id: number;
  increment: string;
  /** The visit's own e-mail address: more than one order with it is a duplicate. */
  email: string;
  via: 'checkout' | 'quote';
  quoteId?: number;
}

export interface QuoteLink {
  id: number;
  token: string;
  email: string;
}

export interface Outcomes {
  visits: number;
  acknowledged: AcknowledgedOrder[];
  /** Visits whose order was never acknowledged (status of the last try, or the error). */
  orderNotAcknowledged: Map<string, number>;
  /** Orders whose payment the shopper was told completed (200, or 409 then the order shows paid). */
  paidAcknowledged: Set<number>;
  declined: number;
  heldForReview: number;
  /** A pay call answered 409 (paid or being paid); what the order showed afterwards. */
  payConflicts: Map<string, number>;
  /** Payments the shopper gave up on (still 5xx or no answer after MAX_TRIES). */
  payGaveUp: number;
  quotesPaid: number;
  quoteFailures: Map<string, number>;
  /** Payments the shopper was told completed, by provider (orders and quote links). */
  paidVia: Map<string, number>;
  /** Requests tried again after a 5xx or no answer. */
  retries: number;
}

export function newOutcomes(): Outcomes {
  return {
    visits: 0,
    acknowledged: [],
    orderNotAcknowledged: new Map(),
    paidAcknowledged: new Set(),
    declined: 0,
    heldForReview: 0,
    payConflicts: new Map(),
    payGaveUp: 0,
    quotesPaid: 0,
    quoteFailures: new Map(),
    paidVia: new Map(),
    retries: 0,
  };
}

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The n-th visit's source address on loopback: 127.10.0.1, 127.10.0.2, ... */
function visitAddress(n: number): string {
  return `127.${10 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

export interface ShopperOptions {
  target: Target;
  deadline: number;
  tally: Tally;
  outcomes: Outcomes;
  /** Quote links still unpaid; a quote visit takes one. */
  quotes: QuoteLink[];
  /** Share of visits that pay a quote link (while any are left). */
  quoteShare: number;
  /** Pause between a visit's steps and between visits (ms): a shopper reading the page. */
  thinkMs: number;
  nextVisit: () => number;
  /** The providers visits pay through, in turn. */
  providers: readonly ShopProvider[];
}

/** A request as a browser makes it: again on a 5xx or no answer (bounded); the last answer, or undefined when none came. */
async function browserCall(
  o: ShopperOptions,
  method: string,
  path: string,
  opts: CallOptions,
): Promise<Answer | undefined> {
  let last: Answer | undefined;
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    if (attempt > 0) o.outcomes.retries++;
    try {
      last = await call(o.target, method, path, opts);
      o.tally.add(last);
      if (last.status < 500) return last;
    } catch (e) {
      if (!(e instanceof NoAnswer)) throw e;
      o.tally.failed(e.code);
      last = undefined;
    }
    if (attempt === MAX_TRIES - 1) break;
    const retryAfter = Number(last?.headers['retry-after']);
    await sleep(
      Number.isFinite(retryAfter) && retryAfter > 0
        ? Math.min(retryAfter, 5) * 1000
        : Math.min(3000, 250 * 2 ** attempt) * (0.75 + Math.random() / 2),
    );
  }
  return last;
}

function pickCard(): Card {
  const r = Math.random();
  return r < 0.8 ? 'approved' : r < 0.9 ? 'declined' : 'review';
}

/**
 * The page's tokenizer: the provider's script makes the token; the sandbox gateway's posts the
 * card to the shop and gets it back (undefined when it never answered 201).
 */
async function cardToken(
  o: ShopperOptions,
  opts: CallOptions,
  p: ShopProvider,
  card: Card,
): Promise<string | undefined> {
  if (p.token) return p.token(card);
  const r = await browserCall(o, 'POST', '/sandbox-gateway/v1/tokens', { ...opts, body: CARDS[card] });
  return r?.status === 201 ? (r.json?.id as string) : undefined;
}

async function checkoutVisit(o: ShopperOptions, n: number, opts: CallOptions, p: ShopProvider): Promise<void> {
  const email = `op-${n}@example.com`;
  const body = orderBody({ idempotencyKey: randomUUID(), billing: { ...JANE, email }, paymentMethod: p.method });
  const placed = await browserCall(o, 'POST', '/api/order', { ...opts, body });
  if (!placed || (placed.status !== 201 && placed.status !== 200))
    return void bump(o.outcomes.orderNotAcknowledged, placed ? String(placed.status) : 'no answer');
  const order = placed.json.order as { id: number; orderIncrementId: string };
  const orderToken = placed.json.orderToken as string;
  o.outcomes.acknowledged.push({ id: order.id, increment: order.orderIncrementId, email, via: 'checkout' });
  await sleep(o.thinkMs);

  let card = pickCard();
  // A declined shopper tries another card once; a payment held for review waits for the shop.
  for (let attempt = 0; attempt < 2; attempt++) {
    const outcome = await payOrder(o, opts, p, order.id, orderToken, card);
    if (outcome === 'declined' && attempt === 0) {
      card = 'approved';
      await sleep(o.thinkMs);
      continue;
    }
    return;
  }
}

/** Pays the order with a fresh token per try, as the page does when the shopper presses Pay again. */
async function payOrder(
  o: ShopperOptions,
  opts: CallOptions,
  p: ShopProvider,
  id: number,
  token: string,
  card: Card,
): Promise<'paid' | 'declined' | 'held' | 'other'> {
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    if (attempt > 0) {
      o.outcomes.retries++;
      await sleep(Math.min(3000, 250 * 2 ** attempt));
    }
    const paymentToken = await cardToken(o, opts, p, card);
    if (!paymentToken) continue;
    let r: Answer;
    try {
      r = await call(o.target, 'POST', p.payPath, { ...opts, body: p.payBody(id, token, paymentToken) });
      o.tally.add(r);
    } catch (e) {
      if (!(e instanceof NoAnswer)) throw e;
      o.tally.failed(e.code);
      continue;
    }
    if (r.status >= 500) {
      const retryAfter = Number(r.headers['retry-after']);
      if (Number.isFinite(retryAfter) && retryAfter > 0) await sleep(Math.min(retryAfter, 5) * 1000);
      continue;
    }
    if (r.status === 200) {
      o.outcomes.paidAcknowledged.add(id);
      bump(o.outcomes.paidVia, p.gateway);
      return 'paid';
    }
    if (r.status === 402) {
      o.outcomes.declined++;
      return 'declined';
    }
    if (r.status === 202) {
      o.outcomes.heldForReview++;
      return 'held';
    }
    if (r.status === 409) {
      // Paid or being paid by an earlier try whose answer was lost: the page shows the order.
      const shown = await browserCall(o, 'GET', `/api/order/${id}`, { ...opts, headers: { 'x-order-token': token } });
      const status = shown?.status === 200 ? String(shown.json?.order?.status) : `answer ${shown?.status ?? 'none'}`;
      bump(o.outcomes.payConflicts, status);
      if (status === 'ordered') o.outcomes.paidAcknowledged.add(id);
      return 'other';
    }
    bump(o.outcomes.payConflicts, `pay answered ${r.status}`);
    return 'other';
  }
  o.outcomes.payGaveUp++;
  return 'other';
}

async function quoteVisit(o: ShopperOptions, q: QuoteLink, opts: CallOptions, p: ShopProvider): Promise<void> {
  const fail = (why: string) => void bump(o.outcomes.quoteFailures, why);
  const link = `/api/quote?quoteId=${q.id}&token=${encodeURIComponent(q.token)}`;
  const opened = await browserCall(o, 'GET', link, opts);
  if (opened?.status !== 200) return fail(`open ${opened?.status ?? 'no answer'}`);
  await sleep(o.thinkMs);
  let transactionId: string | undefined;
  for (let attempt = 0; attempt < MAX_TRIES && !transactionId; attempt++) {
    if (attempt > 0) {
      o.outcomes.retries++;
      await sleep(Math.min(3000, 250 * 2 ** attempt));
    }
    const paymentToken = await cardToken(o, opts, p, 'approved');
    if (!paymentToken) continue;
    let r: Answer;
    try {
      r = await call(o.target, 'POST', '/api/quote/pay', {
        ...opts,
        body: { quoteId: q.id, token: q.token, paymentMethod: p.method, paymentToken },
      });
      o.tally.add(r);
    } catch (e) {
      if (!(e instanceof NoAnswer)) throw e;
      o.tally.failed(e.code);
      continue;
    }
    if (r.status >= 500) continue;
    if (r.status === 200) transactionId = r.json.transactionId as string;
    else return fail(`pay ${r.status}`);
  }
  if (!transactionId) return fail('pay gave up');
  o.outcomes.quotesPaid++;
  bump(o.outcomes.paidVia, p.gateway);
  const converted = await browserCall(o, 'POST', '/api/quote/convertToOrder', {
    ...opts,
    body: { quoteId: q.id, token: q.token, payment: { transactionId, method: p.method } },
  });
  if (converted?.status !== 200) return fail(`convert ${converted?.status ?? 'no answer'}`);
  const order = converted.json.order as { id: number; orderIncrementId: string };
  o.outcomes.acknowledged.push({
    id: order.id,
    increment: order.orderIncrementId,
    email: q.email,
    via: 'quote',
    quoteId: q.id,
  });
}

/** One shopper: visits until the deadline. */
export async function shopper(o: ShopperOptions): Promise<void> {
  while (Date.now() < o.deadline) {
    const n = o.nextVisit();
    o.outcomes.visits++;
    // Each visit its own address and connections (a browser's keep-alive within the visit).
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    const opts: CallOptions = { agent, localAddress: visitAddress(n) };
    try {
      const p = o.providers[n % o.providers.length]!;
      const q = Math.random() < o.quoteShare ? o.quotes.shift() : undefined;
      if (q) await quoteVisit(o, q, opts, p);
      else await checkoutVisit(o, n, opts, p);
    } finally {
      agent.destroy();
    }
    await sleep(o.thinkMs);
  }
}
