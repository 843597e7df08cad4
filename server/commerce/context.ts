/**
 * What the checkout services share: their dependencies, the site's data (503 when it is not
 * usable), the order-token check (403) and the "may this order still change or be paid" rules.
 */
import type { Kysely, Transaction } from 'kysely';
import { CHECKOUT_MESSAGES, PAYMENT_MESSAGES, type PaymentMethod } from '../../engine/node.ts';
import type { Clock } from '../clock.ts';
import type { Database, OrderRow, PaymentRow } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import { CommerceError } from './errors.ts';
import type { Logger } from '../logger.ts';
import type { OutboxWorker } from '../mail/worker.ts';
import type { PaymentProvider, PaymentProviders } from '../payments/provider.ts';
import type { ShopInfo } from './order-emails.ts';
import { tokenMatches } from './order-token.ts';
import { CommerceDataError, type CommerceData, type CommerceDataSource } from './site-data.ts';

const orderById = prepared((db, $: { id: number }) => db.selectFrom('orders').selectAll().where('id', '=', $.id));
const paymentsOf = prepared((db, $: { orderId: number }) =>
  db.selectFrom('payments').selectAll().where('order_id', '=', $.orderId),
);

export const COMMERCE_TEXTS = {
  unavailable: 'Checkout is not available right now. Please try again later.',
  forbidden: 'Invalid or expired order token',
  alreadyPaid: 'This order has already been paid.',
  inProgress: 'A payment for this order is already in progress.',
  underReview: 'The payment for this order is being reviewed. We will contact you by e-mail.',
  keyReused: 'This idempotency key was already used for a different checkout.',
  notFound: 'Payment not found',
  amountMismatch: 'The amount does not match the order total.',
} as const;

export interface CommerceDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  outbox: OutboxWorker;
  data: CommerceDataSource;
  providers: PaymentProviders;
  /** The gateways a new payment may use (registry's offeredGateways); default every provider's. */
  offered?: ReadonlySet<string>;
  shop: { siteName: string; origin: string; timeZone?: string };
  /** How long a pay step holds an order (default PAYMENT_LEASE_MS, 60 s). */
  paymentLeaseMs?: number;
}

export type PaymentScope = 'sample-order' | 'convert-to-order';

/**
 * Told in the settle step's transaction that an order's payment completed (a quote marks itself
 * paid); what it returns goes into the order's e-mails (the quote's number).
 */
export type OrderPaidHook = (
  trx: Transaction<Database>,
  order: OrderRow,
  now: string,
) => Promise<{ quoteIncrementId?: string } | undefined>;

/** What an order's payment names beside the order (a quote link's order: the quote's id and number). */
export interface OrderRefs {
  quoteId?: number;
  quoteIncrementId?: string | null;
}

/** Says what else an order belongs to (the quotes: the quote it pays), for the return page's metadata. */
export type OrderRefsHook = (db: Kysely<Database>, order: Pick<OrderRow, 'id' | 'quote_id'>) => Promise<OrderRefs>;

export class CommerceContext {
  #lastDataError = '';
  readonly #paidHooks: OrderPaidHook[] = [];
  readonly #refsHooks: OrderRefsHook[] = [];

  constructor(readonly deps: CommerceDeps) {}

  /** Adds a hook the settle step fires when it completes an order's payment. */
  onOrderPaid(hook: OrderPaidHook): void {
    this.#paidHooks.push(hook);
  }

  /** Fires the order-paid hooks (settle, in its transaction); their e-mail details merged. */
  async orderPaid(trx: Transaction<Database>, order: OrderRow, now: string): Promise<{ quoteIncrementId?: string }> {
    let out: { quoteIncrementId?: string } = {};
    for (const hook of this.#paidHooks) out = { ...out, ...(await hook(trx, order, now)) };
    return out;
  }

  /** Adds a hook that names what else an order belongs to. */
  onOrderRefs(hook: OrderRefsHook): void {
    this.#refsHooks.push(hook);
  }

  /** What the order-refs hooks say about an order, merged. */
  async orderRefs(order: Pick<OrderRow, 'id' | 'quote_id'>): Promise<OrderRefs> {
    let out: OrderRefs = {};
    for (const hook of this.#refsHooks) out = { ...out, ...(await hook(this.db, order)) };
    return out;
  }

  get db() {
    return this.deps.db;
  }

  get clock() {
    return this.deps.clock;
  }

  /** The site's tables and catalogue; 503 (and one log line per distinct problem) when unusable. */
  data(): CommerceData {
    try {
      return this.deps.data.get();
    } catch (e) {
      if (!(e instanceof CommerceDataError)) throw e;
      if (e.message !== this.#lastDataError) this.deps.log.error(`checkout: ${e.message}`);
      this.#lastDataError = e.message;
      throw new CommerceError('unavailable', COMMERCE_TEXTS.unavailable);
    }
  }

  shopInfo(data: CommerceData): ShopInfo {
    return { ...this.deps.shop, adminEmails: data.adminEmails };
  }

  /** An enabled method of the scope whose gateway this server has a provider for and offers. */
  paymentMethod(
    data: CommerceData,
    name: string,
    scope: PaymentScope = 'sample-order',
  ): { method: PaymentMethod; provider: PaymentProvider } | undefined {
    const method = data.paymentMethods.find(
      (m) => m.name === name && m.enabled && (!m.scopes || m.scopes.includes(scope)),
    );
    const provider = method && this.deps.providers[method.gateway];
    if (!method || !provider || (this.deps.offered && !this.deps.offered.has(method.gateway))) return undefined;
    return { method, provider };
  }

  /** As paymentMethod, or 422 "Payment method not available" on the paymentMethod field. */
  requirePaymentMethod(data: CommerceData, name: string) {
    const found = this.paymentMethod(data, name);
    if (!found)
      throw new CommerceError('invalid', PAYMENT_MESSAGES.notAvailable, {
        paymentMethod: name ? PAYMENT_MESSAGES.notAvailable : CHECKOUT_MESSAGES.paymentMethod,
      });
    return found;
  }

  /** The order, when the token is its unexpired token; 403 otherwise (an unknown id included). */
  async authorize(id: number, token: string | undefined): Promise<OrderRow> {
    const row = await orderById.first(this.db, { id });
    if (!row || !tokenMatches(token, row.token_hash) || row.token_expires_at <= this.clock.now().toISOString())
      throw new CommerceError('forbidden', COMMERCE_TEXTS.forbidden);
    return row;
  }

  /**
   * 409 when the order may no longer change or be paid: paid, being paid, or held for review
   * (`held: 'allow'` lets a payment held for review through: the pay step answers with it).
   * Returns its payments (read through `db`: the caller's transaction, if any).
   */
  async assertOpen(
    row: OrderRow,
    db: Kysely<Database> = this.db,
    o: { stranded?: 'allow'; held?: 'allow' } = {},
  ): Promise<PaymentRow[]> {
    if (row.status === 'ordered') throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
    if (row.payment_lock_until && row.payment_lock_until > this.clock.now().toISOString())
      throw new CommerceError('conflict', COMMERCE_TEXTS.inProgress);
    const payments = await paymentsOf.all(db, { orderId: row.id });
    if (payments.some((p) => p.status === 'completed')) throw new CommerceError('conflict', COMMERCE_TEXTS.alreadyPaid);
    if (payments.some((p) => isAwaitingReview(p) && !(o.held === 'allow' && isHeldForReview(p))))
      throw new CommerceError('conflict', COMMERCE_TEXTS.underReview);
    // A lost attempt may have charged the order as it was: only a pay step (which recovers it first) may go on.
    if (o.stranded !== 'allow' && payments.some(isStranded))
      throw new CommerceError('conflict', COMMERCE_TEXTS.inProgress);
    return payments;
  }
}

export const additionalData = (p: Pick<PaymentRow, 'additional_data'>): Record<string, unknown> => {
  try {
    return JSON.parse(p.additional_data) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** A payment waiting for the card holder's authentication. */
export const isAwaitingAuthentication = (p: Pick<PaymentRow, 'state'>) => p.state === 'awaiting_customer';

/** An authentication that was never answered: the payment was canceled by a change or a new attempt. */
export const wasCanceledWhileWaiting = (p: Pick<PaymentRow, 'state'>) => p.state === 'canceled';

/**
 * An attempt whose answer never came back: written, and no provider answer ever settled it.
 * Seen under the order's lease (its pay step is over), its answer was lost.
 */
export const isStranded = (p: Pick<PaymentRow, 'state'>) => p.state === 'created';

export const CANCELED_AUTHENTICATION = 'This payment was canceled: the order changed or another payment was started.';

/** Money that may still arrive (held for review, pending at the provider): another payment could charge twice. */
const isAwaitingReview = (p: Pick<PaymentRow, 'state'>) => p.state === 'in_review' || p.state === 'authorizing';

/**
 * A payment the gateway holds for a person's review: its order is placed and waits; nothing
 * the shopper does may charge that order again.
 */
export const isHeldForReview = (p: Pick<PaymentRow, 'state'>) => p.state === 'in_review';
