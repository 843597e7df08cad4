/**
 * The `tillpay` provider (test-only, invented): proof that a provider is one adapter file. The
 * browser turns the card into a token with Tillpay's hosted fields (js.tillpay.test); the server
 * charges that token over Tillpay's JSON API with an Idempotency-Key per order and attempt.
 *
 * Configuration (all four, or none: Tillpay is not offered; some of them is an error):
 *   TILLPAY_API_URL          base URL of the API (the stand-in's: server/testing/tillpay-stand-in.ts)
 *   TILLPAY_SECRET_KEY       Bearer key of server calls
 *   TILLPAY_PUBLISHABLE_KEY  handed to the hosted fields by /api/payment-methods
 *   TILLPAY_WEBHOOK_SECRET   checks POST /api/payment/tillpay/webhook (Tillpay-Signature)
 *
 * States: approved completed; declined and canceled failed; challenge on hold for the card
 * holder (its challenge page returns to /payment/verify/{method}?tillpay_secret=..&tillpay_charge=..);
 * review on hold for Tillpay's review. A lost answer is found by our payment id (`reference`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentStatus } from '../../engine/node.ts';
import { systemClock, type Clock } from '../clock.ts';
import {
  requiredEnv,
  WebhookSignatureError,
  type ChargeResult,
  type PaymentProvider,
  type ProviderDescriptor,
} from './provider.ts';

const GATEWAY = 'tillpay';
const SCRIPT_ORIGIN = 'https://js.tillpay.test';
const WEBHOOK_TOLERANCE_S = 300;

interface TillpayConfig {
  apiUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

interface Charge {
  id: string;
  state: 'approved' | 'declined' | 'challenge' | 'review' | 'canceled';
  amount: number;
  currency: string;
  card?: { brand: string; last4: string };
  challenge_url?: string;
  message?: string;
  reference: string;
  metadata?: Record<string, string>;
}

const STATUS: Record<Charge['state'], PaymentStatus> = {
  approved: 'completed',
  declined: 'failed',
  canceled: 'failed',
  challenge: 'on_hold',
  review: 'on_hold',
};
const MESSAGE: Record<Charge['state'], string> = {
  approved: 'Payment approved',
  declined: 'Your card was declined.',
  canceled: 'Payment canceled',
  challenge: 'Payment awaits the card holder',
  review: 'Payment held for review',
};

/** Tillpay answered with an error status. */
class TillpayError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

function resultOf(ch: Charge, secret?: string): ChargeResult {
  const challenge = ch.state === 'challenge';
  return {
    status: STATUS[ch.state] ?? 'pending',
    ...(challenge ? { next: 'authenticate' as const } : ch.state === 'review' ? { next: 'review' as const } : {}),
    transactionId: ch.id,
    details: { tillpayState: ch.state },
    message: ch.message ?? MESSAGE[ch.state] ?? ch.state,
    amountCents: ch.amount,
    ...(ch.card ? { card: ch.card } : {}),
    ...(ch.metadata ? { metadata: ch.metadata } : {}),
    ...(challenge && ch.challenge_url
      ? { handoff: { ...(secret ? { secret } : {}), nextAction: { type: 'redirect_to_url', url: ch.challenge_url } } }
      : {}),
  };
}

function tillpayProvider(cfg: TillpayConfig, clock: Clock = systemClock): PaymentProvider {
  const base = cfg.apiUrl.replace(/\/+$/, '');
  async function call(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Charge> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${cfg.secretKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await res.json().catch(() => ({}))) as Charge & { error?: { message?: string } };
    if (!res.ok) throw new TillpayError(json.error?.message ?? `Tillpay answered ${res.status}`, res.status);
    return json;
  }
  // The return page proves itself with this: derived from our payment id (the charge's reference), so
  // the pay call, a retried charge and a webhook that settles first all store the same one.
  const secretFor = (reference: string) =>
    createHmac('sha256', cfg.secretKey).update(`return:${reference}`).digest('base64url');
  const result = (ch: Charge) => resultOf(ch, ch.reference ? secretFor(ch.reference) : undefined);

  return {
    gateway: GATEWAY,
    publicConfig: { publishableKey: cfg.publishableKey, scriptUrl: `${SCRIPT_ORIGIN}/v1/fields.js` },
    cspHosts: { scriptSrc: [SCRIPT_ORIGIN], frameSrc: [SCRIPT_ORIGIN] },
    async charge(r) {
      const secret = secretFor(String(r.paymentId));
      const returnUrl = new URL(r.returnUrl);
      returnUrl.searchParams.set('tillpay_secret', secret);
      try {
        const ch = await call(
          'POST',
          '/v1/charges',
          {
            amount: r.amountCents,
            currency: r.currency,
            token: r.token,
            reference: String(r.paymentId),
            return_url: returnUrl.toString(),
            metadata: r.metadata ?? {},
          },
          r.idempotencyKey,
        );
        return result(ch);
      } catch (e) {
        // Bad input (a spent or unknown token): this attempt failed, with Tillpay's message.
        if (e instanceof TillpayError && e.statusCode === 400)
          return { status: 'failed', transactionId: null, message: e.message };
        throw e;
      }
    },
    retrieve: async (id) => result(await call('GET', `/v1/charges/${encodeURIComponent(id)}`)),
    async cancel(id) {
      await call('POST', `/v1/charges/${encodeURIComponent(id)}/cancel`);
    },
    async find(attempt) {
      const res = await fetch(`${base}/v1/charges?reference=${encodeURIComponent(String(attempt.paymentId))}`, {
        headers: { authorization: `Bearer ${cfg.secretKey}` },
        signal: AbortSignal.timeout(20_000),
      });
      if (!res.ok) throw new TillpayError(`Tillpay answered ${res.status}`, res.status);
      const { data } = (await res.json()) as { data: Charge[] };
      const ch = data.find((c) => c.metadata?.orderId === String(attempt.orderId));
      return ch && result(ch);
    },
    returnRef(query) {
      const transactionId = query.tillpay_charge;
      const secret = query.tillpay_secret;
      return transactionId && secret ? { transactionId, secret } : undefined;
    },
    parseWebhook(raw, header) {
      const parts = Object.fromEntries(
        (header('tillpay-signature') ?? '').split(',').map((p) => p.split('=', 2) as [string, string]),
      );
      const t = Number(parts.t);
      const expected = createHmac('sha256', cfg.webhookSecret).update(`${parts.t}.${raw}`).digest();
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      const now = clock.now().getTime() / 1000;
      if (
        !Number.isFinite(t) ||
        Math.abs(now - t) > WEBHOOK_TOLERANCE_S ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected)
      )
        throw new WebhookSignatureError('Invalid webhook signature');
      const event = JSON.parse(raw) as { id: string; type: string; data?: Charge };
      return {
        id: event.id,
        type: event.type,
        ...(event.type === 'charge.updated' && event.data ? { result: result(event.data) } : {}),
      };
    },
  };
}

export const tillpayDescriptor: ProviderDescriptor<TillpayConfig> = {
  gateway: GATEWAY,
  fromEnv(env) {
    const v = requiredEnv('Tillpay', env, [
      'TILLPAY_API_URL',
      'TILLPAY_SECRET_KEY',
      'TILLPAY_PUBLISHABLE_KEY',
      'TILLPAY_WEBHOOK_SECRET',
    ]);
    return (
      v && {
        apiUrl: v.TILLPAY_API_URL,
        secretKey: v.TILLPAY_SECRET_KEY,
        publishableKey: v.TILLPAY_PUBLISHABLE_KEY,
        webhookSecret: v.TILLPAY_WEBHOOK_SECRET,
      }
    );
  },
  create: (config, deps) => tillpayProvider(config, deps.clock),
  describe: (env) => `${GATEWAY} (${env.TILLPAY_API_URL})`,
};
