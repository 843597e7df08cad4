/**
 * The one interface every payment provider implements. The browser hands
 * card data only to the gateway's own script (the sandbox gateway's tokenizer, Stripe.js,
 * Accept.js) and gets a token; the shop's server hands the provider that token and the amount
 * it computed, in integer cents. The provider answers with our payment status (mapped from its
 * response code or intent status), what may be stored (a transaction id, a message, the card's
 * brand and last 4 digits) and, when the card holder must act (3-D Secure), a next action of
 * its own. Nothing here carries a card number.
 */
import type { AddressView, PaymentStatus } from '../../engine/node.ts';
import type { HostList } from '../http/security-headers.ts';
import type { Clock } from '../clock.ts';

export interface ChargeRequest {
  /** Integer cents: the order total the server computed. */
  amountCents: number;
  /** ISO 4217, lower case ("usd"): the order's currency, the shop's (site.json). */
  currency: string;
  /** The gateway's token for the card (sandbox token, Stripe PaymentMethod id, Accept.js nonce). */
  token: string;
  orderId: number;
  orderIncrementId: string;
  /** Our payment row for this attempt (also in the provider's metadata). */
  paymentId: number;
  email: string;
  description: string;
  /** Derived from the order and the attempt: a retried call never charges twice. */
  idempotencyKey: string;
  /** Where the card holder comes back after authenticating: `/payment/{method}/verify` (path or absolute URL). */
  returnUrl: string;
  /**
   * The provider's metadata for the charge: orderId, orderIncrementId and paymentId, and a
   * quote's quoteId and quoteIncrementId when the order pays a quote link.
   */
  metadata?: Record<string, string>;
  /** The order's stored addresses (a direct-entry gateway's bill-to and ship-to). */
  billTo?: ChargeParty;
  shipTo?: ChargeParty;
}

/** An address of the order as the server stored it. */
export type ChargeParty = AddressView;

/** What the card holder's browser must do before the payment can finish. */
export type NextAction =
  /** Open this page (the gateway's authentication page), which returns to the verify page. */
  | { type: 'redirect_to_url'; url: string }
  /** Let the provider's own script handle it (Stripe.js handleNextAction with the client secret). */
  | { type: 'use_sdk'; clientSecret: string };

/**
 * What must happen before a payment that is not final can finish: the card holder
 * authenticates (3-D Secure), or a person at the gateway reviews it. Shared code decides on
 * this and on `status` alone.
 */
export type NextStep = 'authenticate' | 'review';

/** What the shopper's browser needs to finish a payment: opaque to shared code, which only passes it on. */
export interface ClientHandoff {
  /** The secret the return page proves itself with (stored hashed while the card holder authenticates). */
  secret?: string;
  /** What the card holder's browser must do (the pay answer's nextAction). */
  nextAction?: NextAction;
}

/** A provider's answer in neutral words: its own words stay in `details`, which only it reads. */
export interface ChargeResult {
  status: PaymentStatus;
  /** Set when status is on_hold or pending and something must still happen. */
  next?: NextStep;
  /** The provider's reference (charge or payment intent id). */
  transactionId: string | null;
  /** What the provider said, for the shopper and the history. */
  message: string;
  /** A failure's history comment names the transaction ("Payment failed for transaction id {id}: ..."), not the order. */
  historyNamesTransaction?: boolean;
  card?: { brand: string; last4: string };
  /** The amount the provider holds for this transaction, when it says. */
  amountCents?: number;
  handoff?: ClientHandoff;
  /**
   * The provider's own words about the answer (its status, its response code): stored with the
   * payment's data and shown by its own routes and answer fields; shared code compares them
   * only for equality.
   */
  details?: Readonly<Record<string, string | number>>;
  /** The provider's metadata (orderId, orderIncrementId, paymentId) as it stored them. */
  metadata?: Record<string, string>;
}

/** Our payment and transaction a return page names, read from what it sent (the provider's return parameters). */
export interface ReturnRef {
  transactionId: string;
  secret: string;
}

export interface PaymentProvider {
  /** The gateway name in data/payment-methods.json. */
  readonly gateway: string;
  /** Public values the browser needs (publishable key, tokenizer script URL); never a secret. */
  readonly publicConfig?: Readonly<Record<string, string>>;
  /**
   * Keeps its records in the shop's own database (the sandbox gateway): a charge can never
   * outlive the payment row that asked for it, so the pay step does not wait for that row's
   * commit before charging.
   */
  readonly local?: boolean;
  /** The hosts its browser script needs in the Content-Security-Policy (only while it is configured). */
  readonly cspHosts?: HostList;
  /**
   * The provider's own fields on a pay answer (Stripe's paymentIntent, Authorize.Net's
   * transactionResponse), from a result or, for a stored payment, the details it stored.
   */
  answerFields?(result: ChargeResult): Record<string, unknown>;
  /**
   * The payment a return page names when it came back with the provider's own parameters
   * (the query string it was sent back with); default: the verify body's `paymentIntentId` and `paymentIntentClientSecret`.
   */
  returnRef?(query: Readonly<Record<string, string>>): ReturnRef | undefined;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The transaction as the provider sees it now (return page, webhook): never the query string's word. */
  retrieve(transactionId: string): Promise<ChargeResult>;
  /** Cancels a payment still waiting for the card holder, so it can no longer be completed. */
  cancel?(transactionId: string): Promise<void>;
  /**
   * What became of an attempt whose answer was lost (the server died between asking and
   * settling): the provider's record of it, found by our reference without charging again;
   * undefined when the attempt never reached the provider. Without it, such an attempt is
   * left for a person (`joinery orders --status on_hold`).
   */
  find?(attempt: AttemptRef): Promise<ChargeResult | undefined>;
  /** Checks a webhook's signature on its raw body and says what it reports (throws WebhookSignatureError). */
  parseWebhook?(rawBody: string, header: (name: string) => string | undefined): WebhookEvent;
  /** Puts the order's current amount and ids on a transaction still open at the provider. */
  update?(
    transactionId: string,
    params: { amountCents: number; metadata: Record<string, string>; receiptEmail?: string },
    idempotencyKey: string,
  ): Promise<ChargeResult>;
  /** Pages the shop serves for it outside /api (the sandbox gateway's script and authentication pages). */
  readonly pages?: { path: string; routes: import('hono').Hono };
  /**
   * Reports its transactions' changes in-process, as a webhook would (the sandbox gateway when
   * a card holder authenticates); returns the unsubscribe.
   */
  onChange?(listener: (result: ChargeResult) => Promise<unknown>): () => void;
  /** Captures an authorized payment (the provider's authorize-then-capture). */
  capture?(transactionId: string, idempotencyKey: string): Promise<ChargeResult>;
}

/** Our references of one charge attempt, as charge() was given them. */
export interface AttemptRef {
  idempotencyKey: string;
  paymentId: number;
  orderId: number;
  orderIncrementId: string;
  amountCents: number;
  /** When the attempt was written (ISO-8601): a provider may search from there. */
  createdAt: string;
}

/** A provider's event about one of its transactions, its signature checked. */
export interface WebhookEvent {
  /** The provider's event id: an event is handled once. */
  id: string;
  type: string;
  /** What the event says about the transaction; undefined for an event the shop does not act on. */
  result?: ChargeResult;
}

/** The signature of a webhook does not match (the answer is 400). */
export class WebhookSignatureError extends Error {}

/**
 * One payment provider, as the registry knows it: a third provider is one file exporting one
 * of these, listed in registry.ts.
 */
export interface ProviderDescriptor<Config = unknown> {
  /** The gateway name in data/payment-methods.json. */
  readonly gateway: string;
  /** Its configuration from the environment; undefined when it is not configured (not offered). Throws on a value that is wrong. */
  fromEnv(env: Record<string, string | undefined>): Config | undefined;
  create(config: Config, deps: ProviderDeps): PaymentProvider;
  /** How `joinery start` names it ("stripe (http://127.0.0.1:12111)"); default the gateway name. */
  /**
   * Its own API routes, mounted under /api/payment/{gateway} while it is configured (Stripe's
   * payment-intent calls, Authorize.Net's process-transaction); its webhook is the shared
   * POST /api/payment/{gateway}/webhook (parseWebhook).
   */
  readonly routes?: ProviderRoutes;
  describe?(env: Record<string, string | undefined>): string;
  /** Takes no real payment (the sandbox): not offered while a live provider is configured, unless the content says so. */
  readonly testOnly?: boolean;
}

/** A provider's own routes on the commerce services (a Hono app mounted under /api/payment/{gateway}). */
export type ProviderRoutes = (
  commerce: import('../commerce/index.ts').Commerce,
  limits: import('../commerce/pay-limits.ts').CheckoutRateLimits,
  gateway: string,
) => import('hono').Hono<import('../http/env.ts').AppEnv>;

/** What a provider may need from the server that creates it. */
export interface ProviderDeps {
  /** The shop's database (a provider that keeps its records there: the sandbox gateway). */
  db: import('../db/open.ts').Db;
  /** The offline sandbox gateway to charge through (default: one on `db`). */
  sandbox?: import('../sandbox-gateway/gateway.ts').SandboxGateway;
  /** The server's clock (a webhook's signed time is checked against it). */
  clock: Clock;
}

/** Providers by gateway name. A method whose gateway has none here is "not available". */
export type PaymentProviders = Readonly<Record<string, PaymentProvider | undefined>>;

/** The CSP hosts of the configured providers, keyed like the site's integrations. */
export function providerHosts(providers: PaymentProviders): Record<string, HostList> {
  const out: Record<string, HostList> = {};
  for (const [name, p] of Object.entries(providers)) if (p?.cspHosts) out[`payment:${name}`] = p.cspHosts;
  return out;
}

/** A provider's configuration names some of its required values but not all. */
class PartialProviderConfigError extends Error {}

/**
 * The trimmed values of a provider's required variables: undefined when none is set (the
 * provider is not configured); throws PartialProviderConfigError naming the missing ones when
 * only some are, so a half-configured provider stops the start instead of vanishing.
 */
export function requiredEnv<K extends string>(
  provider: string,
  env: Record<string, string | undefined>,
  names: readonly K[],
): Record<K, string> | undefined {
  const values = {} as Record<K, string>;
  const missing: K[] = [];
  for (const n of names) {
    const v = env[n]?.trim();
    if (v) values[n] = v;
    else missing.push(n);
  }
  if (missing.length === names.length) return undefined;
  if (missing.length === 0) return values;
  const list = (xs: readonly string[]) =>
    xs.length === 1 ? xs[0]! : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
  throw new PartialProviderConfigError(
    `${provider} is partly configured: ${list(missing)} ${missing.length === 1 ? 'is' : 'are'} missing (set all of ${list(names)}, or none to turn ${provider} off)`,
  );
}
