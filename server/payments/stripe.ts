/**
 * The `stripe` provider: PaymentIntents through the official `stripe` SDK. The browser turns
 * the card into a PaymentMethod with Stripe.js (the card goes to Stripe only); the server creates and confirms the intent for the order's total in cents,
 * with the order's ids as metadata and an idempotency key per order and attempt.
 *
 * Configuration (all three keys, or none: Stripe is not offered; some of them is an error that
 * stops the start, naming the missing ones):
 *   STRIPE_SECRET_KEY       sk_...  server calls
 *   STRIPE_PUBLISHABLE_KEY  pk_...  handed to Stripe.js by /api/payment-methods
 *   STRIPE_WEBHOOK_SECRET   whsec_... verifies POST /api/payment/stripe/webhook
 *   STRIPE_API_URL          optional base URL (http://127.0.0.1:12111 for a local stand-in),
 *                           mapped onto the SDK's host, port and protocol
 *
 * Status mapping: succeeded completed; requires_payment_method, processing,
 * requires_capture, requires_confirmation pending; canceled failed; requires_action on_hold.
 * A card error on confirmation (402) is that attempt failed, with Stripe's message.
 */
import Stripe from 'stripe';
import type { PaymentStatus } from '../../engine/node.ts';
import { systemClock, type Clock } from '../clock.ts';
import {
  requiredEnv,
  WebhookSignatureError,
  type ChargeResult,
  type PaymentProvider,
  type ProviderDescriptor,
} from './provider.ts';
import { stripeRoutes } from '../api/stripe.ts';

const STRIPE_GATEWAY = 'stripe';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Base URL of the API (default Stripe's own). */
  apiUrl?: string;
}

class StripeConfigError extends Error {}

/** The configuration from the environment; undefined when no key is set (Stripe not offered); throws when only some are. */
export function stripeConfigFromEnv(env: Record<string, string | undefined>): StripeConfig | undefined {
  const keys = requiredEnv('Stripe', env, ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']);
  if (!keys) return undefined;
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: publishableKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  } = keys;
  const apiUrl = env.STRIPE_API_URL?.trim() || undefined;
  return { secretKey, publishableKey, webhookSecret, ...(apiUrl ? { apiUrl } : {}) };
}

/** STRIPE_API_URL -> the SDK's host, port and protocol. */
export function apiUrlOptions(apiUrl: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!apiUrl) return {};
  let u: URL;
  try {
    u = new URL(apiUrl);
  } catch {
    throw new StripeConfigError(`STRIPE_API_URL is not a URL: ${apiUrl}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new StripeConfigError(`STRIPE_API_URL must be http or https: ${apiUrl}`);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

function stripeClient(cfg: StripeConfig): Stripe {
  return new Stripe(cfg.secretKey, {
    ...apiUrlOptions(cfg.apiUrl),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
}

/** Stripe's intent statuses as our payment statuses. */
const INTENT_STATUS: Readonly<Record<string, PaymentStatus>> = {
  succeeded: 'completed',
  requires_payment_method: 'pending',
  processing: 'pending',
  requires_capture: 'pending',
  requires_confirmation: 'pending',
  canceled: 'failed',
  requires_action: 'on_hold',
};

/** An unknown intent status is not money received: pending. */
export const statusFromIntent = (status: string): PaymentStatus => INTENT_STATUS[status] ?? 'pending';

/** The intent status a result (or a stored payment's details) names. */
const intentStatusOf = (r: ChargeResult) =>
  typeof r.details?.intentStatus === 'string' ? r.details.intentStatus : undefined;

/** An intent as the provider interface reports it. */
function resultOfIntent(pi: Stripe.PaymentIntent): ChargeResult {
  const status = statusFromIntent(pi.status);
  const error = pi.last_payment_error?.message;
  const card = pi.payment_method && typeof pi.payment_method === 'object' ? pi.payment_method.card : undefined;
  const redirect = pi.next_action?.type === 'redirect_to_url' ? pi.next_action.redirect_to_url?.url : undefined;
  return {
    status,
    ...(pi.status === 'requires_action' ? { next: 'authenticate' as const } : {}),
    transactionId: pi.id,
    details: { intentStatus: pi.status },
    message: error ?? `Payment ${pi.status.replace(/_/g, ' ')}`,
    amountCents: pi.amount,
    metadata: { ...pi.metadata },
    ...(card ? { card: { brand: card.brand, last4: card.last4 } } : {}),
    handoff: {
      ...(pi.client_secret ? { secret: pi.client_secret } : {}),
      ...(pi.status === 'requires_action'
        ? {
            nextAction: redirect
              ? { type: 'redirect_to_url' as const, url: redirect }
              : { type: 'use_sdk' as const, clientSecret: pi.client_secret ?? '' },
          }
        : {}),
    },
  };
}

/** A 402 card error on confirmation: the attempt failed with Stripe's message. */
function cardFailure(e: unknown): ChargeResult | undefined {
  if (!(e instanceof Stripe.errors.StripeCardError)) return undefined;
  const pi = (e.raw as { payment_intent?: Stripe.PaymentIntent } | undefined)?.payment_intent ?? e.payment_intent;
  return {
    ...(pi ? resultOfIntent(pi) : { transactionId: null }),
    status: 'failed',
    message: e.message,
    next: undefined,
    handoff: undefined,
  };
}

/** The events that settle a payment; others are acknowledged and left alone. */
const WEBHOOK_TYPES = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
]);

export interface StripeProvider extends PaymentProvider {
  readonly client: Stripe;
}

/** How far a webhook's signed time may be from the server's clock, either way (Stripe's default, 300 s). */
const WEBHOOK_TOLERANCE_S = Stripe.webhooks.DEFAULT_TOLERANCE;

/** The signed time (t=) of a Stripe-Signature header, read as the SDK reads it (the last t= wins). */
function signedAt(header: string): number {
  let t = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') t = Number.parseInt(value ?? '', 10);
  }
  return t;
}

export function stripeProvider(cfg: StripeConfig, o: { clock?: Clock; client?: Stripe } = {}): StripeProvider {
  const client = o.client ?? stripeClient(cfg);
  const clock = o.clock ?? systemClock;
  return {
    gateway: STRIPE_GATEWAY,
    client,
    publicConfig: { publishableKey: cfg.publishableKey },
    answerFields: (r) => ({ paymentIntent: intentJson(r) }),
    // Stripe.js, its card-field and 3-D Secure frames, its API.
    cspHosts: {
      scriptSrc: ['https://js.stripe.com'],
      frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      connectSrc: ['https://api.stripe.com'],
    },
    async charge(r) {
      try {
        const pi = await client.paymentIntents.create(
          {
            amount: r.amountCents,
            currency: r.currency,
            payment_method: r.token,
            confirm: true,
            return_url: r.returnUrl,
            receipt_email: r.email,
            description: r.description,
            metadata: r.metadata ?? {
              orderId: String(r.orderId),
              orderIncrementId: r.orderIncrementId,
              paymentId: String(r.paymentId),
            },
            expand: ['payment_method'],
          },
          { idempotencyKey: r.idempotencyKey },
        );
        return resultOfIntent(pi);
      } catch (e) {
        const failed = cardFailure(e);
        if (failed) return failed;
        throw e;
      }
    },
    async retrieve(id) {
      return resultOfIntent(await client.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
    },
    // Every intent carries our payment id in its metadata; search finds it without charging.
    // (Stripe indexes new intents for search within about a minute: the reconciler asks only
    // about attempts older than the payment lease.)
    async find(attempt) {
      const hits = await client.paymentIntents.search({
        query: `metadata['paymentId']:'${attempt.paymentId}' AND metadata['orderId']:'${attempt.orderId}'`,
        limit: 10,
      });
      const pi = hits.data.find(
        (i) => i.metadata?.paymentId === String(attempt.paymentId) && i.metadata?.orderId === String(attempt.orderId),
      );
      if (!pi) return undefined;
      const found = resultOfIntent(await client.paymentIntents.retrieve(pi.id, { expand: ['payment_method'] }));
      // Our intents are confirmed when created: one that needs a payment method or a
      // confirmation was declined, or never went through. It is closed so it can never charge.
      const intent = intentStatusOf(found);
      if (intent !== 'requires_payment_method' && intent !== 'requires_confirmation') return found;
      await client.paymentIntents.cancel(pi.id).catch(() => undefined);
      return { ...found, status: 'failed', details: { intentStatus: 'canceled' }, next: undefined, handoff: undefined };
    },
    async capture(id, idempotencyKey) {
      try {
        return resultOfIntent(await client.paymentIntents.capture(id, {}, { idempotencyKey }));
      } catch (e) {
        const failed = cardFailure(e);
        if (failed) return failed;
        throw e;
      }
    },
    async cancel(id) {
      await client.paymentIntents.cancel(id);
    },
    parseWebhook(raw, header) {
      const signature = header('stripe-signature') ?? '';
      const now = clock.now().getTime();
      let event: Stripe.Event;
      try {
        // The SDK refuses a signed time older than the tolerance (by the server's clock) ...
        event = client.webhooks.constructEvent(raw, signature, cfg.webhookSecret, WEBHOOK_TOLERANCE_S, undefined, now);
      } catch {
        throw new WebhookSignatureError('Invalid webhook signature');
      }
      // ... and a signed time further ahead of it: a signature made for later is not a delivery now.
      if (!(signedAt(signature) <= Math.floor(now / 1000) + WEBHOOK_TOLERANCE_S))
        throw new WebhookSignatureError('Invalid webhook signature');
      if (!WEBHOOK_TYPES.has(event.type)) return { id: event.id, type: event.type };
      const result = resultOfIntent(event.data.object as Stripe.PaymentIntent);
      // payment_failed leaves the intent requires_payment_method ("pending" in the table): this attempt failed.
      return {
        id: event.id,
        type: event.type,
        result:
          event.type === 'payment_intent.payment_failed'
            ? { ...result, status: 'failed', next: undefined, handoff: undefined }
            : result,
      };
    },
    async update(id, p, idempotencyKey) {
      return resultOfIntent(
        await client.paymentIntents.update(
          id,
          { amount: p.amountCents, metadata: p.metadata, ...(p.receiptEmail ? { receipt_email: p.receiptEmail } : {}) },
          { idempotencyKey },
        ),
      );
    },
  };
}

/** Stripe's intent as its routes and the pay answers show it. */
const intentJson = (r: ChargeResult) => ({
  id: r.transactionId,
  status: intentStatusOf(r) ?? null,
  client_secret: r.handoff?.secret ?? null,
});

export const stripeDescriptor: ProviderDescriptor<StripeConfig> = {
  gateway: STRIPE_GATEWAY,
  routes: (commerce, limits, gateway) => stripeRoutes(commerce, limits, gateway),
  fromEnv: stripeConfigFromEnv,
  create: (config, deps) => stripeProvider(config, { clock: deps.clock }),
  describe: (env) => (env.STRIPE_API_URL ? `${STRIPE_GATEWAY} (${env.STRIPE_API_URL})` : STRIPE_GATEWAY),
};
