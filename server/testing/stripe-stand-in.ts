/**
 * A local stand-in for Stripe's API, speaking its wire format, so the real `stripe` SDK (pointed
 * at it with STRIPE_API_URL) and a fake Stripe.js run with no internet:
 *
 * - form-encoded bodies with bracket keys (`metadata[orderId]=1`, `expand[0]=payment_method`),
 *   the secret key as a Bearer token, the publishable key plus the client secret for browser calls;
 * - POST /v1/payment_methods (card[number] ... -> pm_...), POST /v1/payment_intents (create,
 *   optionally confirm), POST /v1/payment_intents/:id (update), .../confirm, .../capture,
 *   .../cancel, GET /v1/payment_intents/:id (retrieve);
 * - Stripe's test cards: 4242... succeeds, 4000 0000 0000 0002 is declined (402 card_error with
 *   the intent), 4000 0000 0000 9995 insufficient funds (402), 4000 0025 0000 3155 needs
 *   authentication (requires_action; its page under /authenticate/:id approves or fails);
 * - Idempotency-Key: the same key and body answer the same response; another body is a 400;
 * - webhooks: every intent change makes a payment_intent.* event, signed like Stripe's
 *   (Stripe-Signature t=...,v1=HMAC-SHA256), posted to webhookUrl at once or held until
 *   deliverWebhooks() (to race the browser's return); signed at the time of the clock given
 *   (the shop's: a test server's manual clock), else the system's.
 *
 * `requests` records every call received (method, path, parsed body, idempotency key).
 * For a browser test in another process: events of an intent whose receipt_email starts with
 * `hold-webhooks` are held even in immediate mode; POST /__stand-in/deliver?payment_intent=pi_...
 * delivers them (the webhook after the browser's return); GET /__stand-in/events?payment_intent=
 * lists an intent's events with the shop's answers.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../clock.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey?: string;
  auth: 'secret' | 'publishable' | 'none';
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  capture_method: 'automatic' | 'manual';
  confirmation_method: 'automatic';
  description: string | null;
  receipt_email: string | null;
  next_action: unknown;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  return_url: string | null;
  created: number;
  livemode: false;
}

interface Card {
  number: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  intents: Map<string, StandInIntent>;
  /** Where events go: the shop's POST /api/payment/stripe/webhook URL, or a function doing that post; undefined: kept only. */
  webhookTarget?: string | ((payload: string, signature: string) => Promise<number>);
  /** 'immediate' posts each event before answering; 'manual' holds them for deliverWebhooks(). */
  webhookMode: 'immediate' | 'manual';
  /** Events made so far (delivered or not). */
  events: {
    id: string;
    type: string;
    intent: string;
    delivered: boolean;
    payload: string /** The shop's answer. */;
    status?: number;
  }[];
  /** Posts the events not delivered yet (of one intent, when named); returns the shop's statuses. */
  deliverWebhooks(intentId?: string): Promise<number[]>;
  /** A Stripe-Signature header for a payload, signed now by the stand-in's clock or at `at` (tests tamper with them). */
  sign(payload: string, secret?: string, at?: Date): string;
  close(): Promise<void>;
}

/** Stripe's test cards (https://docs.stripe.com/testing). */
const STRIPE_TEST_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authentication: '4000002500003155',
} as const;

const PRESET_METHODS: Record<string, string> = {
  pm_card_visa: STRIPE_TEST_CARDS.visa,
  pm_card_chargeDeclined: STRIPE_TEST_CARDS.declined,
  pm_card_chargeDeclinedInsufficientFunds: STRIPE_TEST_CARDS.insufficientFunds,
  pm_card_authenticationRequired: STRIPE_TEST_CARDS.authentication,
};

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0]=x` -> { a: { b: { 0: 'x' } } } (arrays stay objects keyed by index: enough here). */
export function parseBracketForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) node[p] = value;
      else {
        node[p] ??= {};
        node = node[p] as Record<string, unknown>;
      }
    });
  }
  return out;
}

const brandOf = (n: string) =>
  /^4/.test(n) ? 'visa' : /^5[1-5]/.test(n) ? 'mastercard' : /^3[47]/.test(n) ? 'amex' : 'unknown';

/** What the stand-in answers: JSON, an HTML page or a redirect. */
interface Answer {
  status: number;
  body: unknown;
  html?: string;
  redirect?: string;
}

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const notFound = (id: string): Answer => ({
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` },
  },
});

/** Stripe's answer to an action the intent's status does not allow. */
const unexpectedState = (message: string): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message } },
});

/** The stand-in's state and its answers, one method per kind of request. */
class StandInServer implements StripeStandIn {
  url = '';
  readonly secretKey = `sk_test_standin_${randomBytes(8).toString('hex')}`;
  readonly publishableKey = `pk_test_standin_${randomBytes(8).toString('hex')}`;
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly requests: RecordedRequest[] = [];
  readonly intents = new Map<string, StandInIntent>();
  readonly events: StripeStandIn['events'] = [];
  webhookTarget: StripeStandIn['webhookTarget'];
  webhookMode: StripeStandIn['webhookMode'];
  private readonly clock: Clock;
  private readonly methods = new Map<string, Card>();
  private readonly idempotent = new Map<string, { body: string; status: number; response: string }>();
  private readonly server: Server = createServer((req, res) => {
    this.onRequest(req, res).catch((e: unknown) =>
      sendJson(res, 500, { error: { type: 'api_error', message: String(e) } }),
    );
  });

  constructor(o: StandInOptions) {
    this.webhookTarget = o.webhookTarget;
    this.webhookMode = o.webhookMode ?? 'immediate';
    this.clock = o.clock ?? systemClock;
  }

  async listen(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  readonly close = () => new Promise<void>((r) => this.server.close(() => r()));

  readonly sign = (payload: string, secret = this.webhookSecret, at = this.clock.now()) => {
    const t = Math.floor(at.getTime() / 1000);
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  };

  readonly deliverWebhooks = async (intentId?: string) => {
    const out: number[] = [];
    for (const e of this.events) if (!e.delivered && (!intentId || e.intent === intentId)) out.push(await this.post(e));
    return out;
  };

  private async post(e: StripeStandIn['events'][number]): Promise<number> {
    const target = this.webhookTarget;
    if (!target) return 0;
    e.delivered = true;
    if (typeof target === 'function') {
      e.status = await target(e.payload, this.sign(e.payload));
      return e.status;
    }
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': this.sign(e.payload) },
      body: e.payload,
    });
    await res.text();
    e.status = res.status;
    return e.status;
  }

  private async emit(type: string, pi: StandInIntent) {
    const event = {
      id: rid('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: this.view(pi) },
    };
    const e = { id: event.id, type, intent: pi.id, delivered: false, payload: JSON.stringify(event) };
    this.events.push(e);
    if (this.webhookMode === 'immediate' && !pi.receipt_email?.startsWith('hold-webhooks')) await this.post(e);
  }

  private view(pi: StandInIntent, expand: string[] = []): Record<string, unknown> {
    const { return_url: _r, ...rest } = pi;
    const card = pi.payment_method ? this.methods.get(pi.payment_method) : undefined;
    const pm =
      expand.includes('payment_method') && card
        ? {
            id: pi.payment_method,
            object: 'payment_method',
            type: 'card',
            card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
          }
        : pi.payment_method;
    return { ...rest, payment_method: pm };
  }

  private cardError(pi: StandInIntent, code: string, decline: string, message: string) {
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { type: 'card_error', code, decline_code: decline, message };
    return {
      status: 402,
      body: { error: { type: 'card_error', code, decline_code: decline, message, payment_intent: this.view(pi) } },
    };
  }

  /** Confirms with the intent's payment method, as Stripe does with a test card. */
  private async confirm(pi: StandInIntent, returnUrl?: string): Promise<{ status: number; body: unknown }> {
    if (returnUrl) pi.return_url = returnUrl;
    const card = pi.payment_method ? this.methods.get(pi.payment_method) : undefined;
    if (!card)
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            message: 'You must provide a payment method to confirm this PaymentIntent.',
          },
        },
      };
    pi.last_payment_error = null;
    pi.next_action = null;
    if (card.number === STRIPE_TEST_CARDS.declined) {
      const r = this.cardError(pi, 'card_declined', 'generic_decline', 'Your card was declined.');
      await this.emit('payment_intent.payment_failed', pi);
      return r;
    }
    if (card.number === STRIPE_TEST_CARDS.insufficientFunds) {
      const r = this.cardError(pi, 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
      await this.emit('payment_intent.payment_failed', pi);
      return r;
    }
    if (card.number === STRIPE_TEST_CARDS.authentication) {
      pi.status = 'requires_action';
      const page = `${this.url}/authenticate/${pi.id}?client_secret=${encodeURIComponent(pi.client_secret)}`;
      pi.next_action = pi.return_url
        ? { type: 'redirect_to_url', redirect_to_url: { url: page, return_url: pi.return_url } }
        : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: page } };
      return { status: 200, body: this.view(pi) };
    }
    return this.succeed(pi);
  }

  private async succeed(pi: StandInIntent) {
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      await this.emit('payment_intent.amount_capturable_updated', pi);
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      await this.emit('payment_intent.succeeded', pi);
    }
    return { status: 200, body: this.view(pi) };
  }

  private async handle(
    method: string,
    path: string,
    body: Record<string, unknown>,
    auth: RecordedRequest['auth'],
    query: URLSearchParams,
  ): Promise<Answer> {
    const expand = Object.values((body.expand as Record<string, string> | undefined) ?? {}).concat(
      query.getAll('expand[]'),
      query.getAll('expand[0]'),
    );
    const clientSecret = String(body.client_secret ?? query.get('client_secret') ?? '');
    const m = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(confirm|capture|cancel))?$/.exec(path);
    const browserMay = (pi: StandInIntent) =>
      auth === 'secret' || (auth === 'publishable' && clientSecret === pi.client_secret);

    if (method === 'POST' && path === '/v1/payment_methods') return this.createPaymentMethod(body, auth);
    if (method === 'GET' && path === '/v1/payment_intents/search') return this.searchIntents(auth, query);
    if (m && !m[1] && method === 'POST') return this.createIntent(body, auth, expand);
    if (m?.[1]) return this.intentRequest({ method, id: m[1], action: m[2], body, auth }, expand, browserMay);
    const a = /^\/authenticate\/([^/]+)$/.exec(path);
    if (a) return this.authenticationPage(method, a[1]!, body, clientSecret);
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  /** POST /v1/payment_methods: a card as a payment method (test numbers only). */
  private createPaymentMethod(body: Record<string, unknown>, auth: RecordedRequest['auth']): Answer {
    if (auth === 'none')
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'No API key provided.' } } };
    const c = (body.card ?? {}) as Record<string, string>;
    const number = String(c.number ?? '').replace(/\s+/g, '');
    if (!/^\d{13,19}$/.test(number))
      return {
        status: 402,
        body: { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } },
      };
    const id = rid('pm');
    this.methods.set(id, {
      number,
      brand: brandOf(number),
      last4: number.slice(-4),
      exp_month: Number(c.exp_month),
      exp_year: Number(c.exp_year),
    });
    return {
      status: 200,
      body: { id, object: 'payment_method', type: 'card', card: { brand: brandOf(number), last4: number.slice(-4) } },
    };
  }

  /** GET /v1/payment_intents/search: as Stripe's query language has it for metadata, metadata['k']:'v' [AND ...]. */
  private searchIntents(auth: RecordedRequest['auth'], query: URLSearchParams): Answer {
    if (auth !== 'secret')
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } },
      };
    const clauses = String(query.get('query') ?? '').split(/\s+AND\s+/);
    const wanted = clauses.map((c) => /^metadata\['([^']+)'\]:'([^']*)'$/.exec(c.trim()));
    if (wanted.some((w) => !w))
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'The stand-in searches metadata only.' } },
      };
    const data = [...this.intents.values()]
      .filter((pi) => wanted.every((w) => pi.metadata[w![1]!] === w![2]))
      .map((pi) => this.view(pi));
    return {
      status: 200,
      body: { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' },
    };
  }

  /** POST /v1/payment_intents: a new intent, confirmed at once when asked. */
  private async createIntent(
    body: Record<string, unknown>,
    auth: RecordedRequest['auth'],
    expand: string[],
  ): Promise<Answer> {
    if (auth !== 'secret')
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } },
      };
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 50)
      return {
        status: 400,
        body: {
          error: { type: 'invalid_request_error', param: 'amount', message: 'Amount must be at least $0.50 usd' },
        },
      };
    const pmId = typeof body.payment_method === 'string' ? body.payment_method : null;
    if (pmId && PRESET_METHODS[pmId] && !this.methods.has(pmId)) {
      const n = PRESET_METHODS[pmId]!;
      this.methods.set(pmId, { number: n, brand: brandOf(n), last4: n.slice(-4), exp_month: 12, exp_year: 2034 });
    }
    if (pmId && !this.methods.has(pmId))
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such PaymentMethod: '${pmId}'`,
          },
        },
      };
    const id = rid('pi');
    const pi: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(body.currency ?? 'usd'),
      status: pmId ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: { ...((body.metadata as Record<string, string>) ?? {}) },
      payment_method: pmId,
      capture_method: body.capture_method === 'manual' ? 'manual' : 'automatic',
      confirmation_method: 'automatic',
      description: typeof body.description === 'string' ? body.description : null,
      receipt_email: typeof body.receipt_email === 'string' ? body.receipt_email : null,
      next_action: null,
      last_payment_error: null,
      return_url: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.intents.set(id, pi);
    await this.emit('payment_intent.created', pi);
    if (body.confirm === 'true') {
      const r = await this.confirm(pi, typeof body.return_url === 'string' ? body.return_url : undefined);
      return r.status === 200 ? { status: 200, body: this.view(pi, expand) } : r;
    }
    return { status: 200, body: this.view(pi, expand) };
  }

  /** An intent's own requests: read, update, confirm, capture, cancel. */
  private async intentRequest(
    r: {
      method: string;
      id: string;
      action: string | undefined;
      body: Record<string, unknown>;
      auth: RecordedRequest['auth'];
    },
    expand: string[],
    mayRead: (pi: StandInIntent) => boolean,
  ): Promise<Answer> {
    const { method, id, action, body, auth } = r;
    const pi = this.intents.get(id);
    if (!pi || !mayRead(pi)) return notFound(id);
    if (method === 'GET' && !action) return { status: 200, body: this.view(pi, expand) };
    if (method !== 'POST')
      return { status: 405, body: { error: { type: 'invalid_request_error', message: 'Method not allowed' } } };
    if (!action) {
      if (auth !== 'secret') return notFound(id);
      // As Stripe: metadata alone may change on a finished intent; the amount and the rest may not.
      const onlyMetadata = Object.keys(body).every(
        (k) => k === 'metadata' || k === 'expand' || k.startsWith('metadata['),
      );
      if ((pi.status === 'succeeded' || pi.status === 'canceled') && !onlyMetadata)
        return unexpectedState(`This PaymentIntent's status is ${pi.status}.`);
      if (body.amount !== undefined) pi.amount = Number(body.amount);
      if (body.metadata) pi.metadata = { ...pi.metadata, ...(body.metadata as Record<string, string>) };
      if (typeof body.receipt_email === 'string') pi.receipt_email = body.receipt_email;
      return { status: 200, body: this.view(pi, expand) };
    }
    if (action === 'confirm') {
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status))
        return unexpectedState(`This PaymentIntent's status is ${pi.status}.`);
      if (typeof body.payment_method === 'string') {
        if (!this.methods.has(body.payment_method))
          return {
            status: 400,
            body: {
              error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${body.payment_method}'` },
            },
          };
        pi.payment_method = body.payment_method;
      }
      const r = await this.confirm(pi, typeof body.return_url === 'string' ? body.return_url : undefined);
      return r.status === 200 ? { status: 200, body: this.view(pi, expand) } : r;
    }
    if (auth !== 'secret') return notFound(id);
    if (action === 'capture') {
      if (pi.status !== 'requires_capture')
        return unexpectedState(`This PaymentIntent could not be captured because it has a status of ${pi.status}.`);
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      await this.emit('payment_intent.succeeded', pi);
      return { status: 200, body: this.view(pi, expand) };
    }
    if (action === 'cancel') {
      if (pi.status === 'succeeded')
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
            },
          },
        };
      pi.status = 'canceled';
      pi.next_action = null;
      await this.emit('payment_intent.canceled', pi);
      return { status: 200, body: this.view(pi, expand) };
    }
    return notFound(id);
  }

  /** The 3-D Secure page: approve -> succeeded, fail -> requires_payment_method; then back to return_url. */
  private async authenticationPage(
    method: string,
    id: string,
    body: Record<string, unknown>,
    clientSecret: string,
  ): Promise<Answer> {
    const pi = this.intents.get(id);
    if (!pi || clientSecret !== pi.client_secret)
      return { status: 404, body: {}, html: '<h1>Unknown authentication</h1>' };
    if (method === 'GET')
      return {
        status: 200,
        body: {},
        html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure test page</title></head><body><main><h1>3D Secure 2 Test Page</h1><p>Amount ${(pi.amount / 100).toFixed(2)} ${pi.currency.toUpperCase()}</p><form method="post"><input type="hidden" name="client_secret" value="${pi.client_secret}"><button name="decision" value="approve">Complete authentication</button> <button name="decision" value="fail">Fail authentication</button></form></main></body></html>`,
      };
    if (pi.status === 'requires_action') {
      if (body.decision === 'approve') await this.succeed(pi);
      else {
        pi.status = 'requires_payment_method';
        pi.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
        await this.emit('payment_intent.payment_failed', pi);
      }
      pi.next_action = null;
    }
    const back = new URL(pi.return_url ?? '/');
    back.searchParams.set('payment_intent', pi.id);
    back.searchParams.set('payment_intent_client_secret', pi.client_secret);
    back.searchParams.set('redirect_status', pi.status === 'succeeded' ? 'succeeded' : 'failed');
    return { status: 303, body: {}, redirect: back.toString() };
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const u = new URL(req.url ?? '/', 'http://stand-in');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, idempotency-key, stripe-version');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const body = parseBracketForm(text);
    const bearer =
      /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? String(body.key ?? u.searchParams.get('key') ?? '');
    const auth: RecordedRequest['auth'] =
      bearer === this.secretKey ? 'secret' : bearer === this.publishableKey ? 'publishable' : 'none';
    const key = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({
      method: req.method ?? 'GET',
      path: u.pathname,
      body,
      ...(key ? { idempotencyKey: key } : {}),
      auth,
    });
    if (u.pathname.startsWith('/v1/') && auth === 'none')
      return sendJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    if (key && req.method === 'POST') {
      const seen = this.idempotent.get(key);
      if (seen && seen.body !== text)
        return sendJson(res, 400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      if (seen) {
        res.setHeader('idempotent-replayed', 'true');
        return res.writeHead(seen.status, { 'content-type': 'application/json' }).end(seen.response);
      }
    }
    if (req.method === 'GET' && u.pathname === '/__stand-in/events')
      return sendJson(
        res,
        200,
        this.events
          .filter((e) => e.intent === u.searchParams.get('payment_intent'))
          .map(({ id, type, delivered, status }) => ({ id, type, delivered, status })),
      );
    if (req.method === 'POST' && u.pathname === '/__stand-in/deliver')
      return sendJson(res, 200, {
        statuses: await this.deliverWebhooks(u.searchParams.get('payment_intent') ?? undefined),
      });
    const r = await this.handle(req.method ?? 'GET', u.pathname, body, auth, u.searchParams);
    if (r.redirect) return res.writeHead(303, { location: r.redirect }).end();
    if (r.html !== undefined)
      return res.writeHead(r.status, { 'content-type': 'text/html; charset=utf-8' }).end(r.html);
    const json = JSON.stringify(r.body);
    if (key && req.method === 'POST' && r.status < 500)
      this.idempotent.set(key, { body: text, status: r.status, response: json });
    res.writeHead(r.status, { 'content-type': 'application/json', 'request-id': rid('req') }).end(json);
  }
}

interface StandInOptions {
  webhookTarget?: StripeStandIn['webhookTarget'];
  webhookMode?: 'immediate' | 'manual';
  /** The time webhooks are signed at: the shop's clock (default the system's). */
  clock?: Clock;
}

export async function startStripeStandIn(o: StandInOptions = {}): Promise<StripeStandIn> {
  const standIn = new StandInServer(o);
  await standIn.listen();
  return standIn;
}
