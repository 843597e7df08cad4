/**
 * A local stand-in for Tillpay's API (the invented test-only provider, server/payments/tillpay.ts):
 * a real HTTP server on loopback, answering as the protocol says.
 *
 *   POST /v1/charges (Bearer secret, Idempotency-Key) { amount, currency, token, reference, return_url, metadata }
 *     -> 200 the charge (state from the token's outcome); the same key: the same answer, no second charge;
 *        401 a wrong key; 400 { error: { message } } bad input or a spent token
 *   GET  /v1/charges/:id, GET /v1/charges?reference=..., POST /v1/charges/:id/cancel
 *   GET  /challenge/:id: the card holder's page, buttons Approve and Decline; each sets the state,
 *        posts the webhook and redirects (303) to return_url with tillpay_charge=<id>
 *   Webhooks: POST {webhookTarget} with Tillpay-Signature t=..,v1=HMAC(t + "." + body), on every
 *   state change ('immediate': before answering; 'manual': held for deliverWebhooks()).
 *
 * Tokens are what the fake hosted fields (tests/e2e/support/fake-tillpay.js) make:
 * tp_ + base64url({ last4, brand, outcome }); tillpayToken() makes them here. Every request is
 * recorded (amount, currency, idempotency key); GET /__stand-in/requests lists them.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../clock.ts';

export const TILLPAY_TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  challenge: '4000000000003220',
  review: '4000000000000259',
} as const;

type Outcome = 'approved' | 'declined' | 'challenge' | 'review';
type State = Outcome | 'canceled';

export interface TillpayCharge {
  id: string;
  state: State;
  amount: number;
  currency: string;
  card: { brand: string; last4: string };
  challenge_url?: string;
  message?: string;
  reference: string;
  return_url: string;
  metadata: Record<string, string>;
}

export interface TillpayRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey?: string;
}

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, ch, i) => {
    const d = Number(ch) * (i % 2 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
  0;

/** The token the hosted fields give for a card number (what fake-tillpay.js computes in the browser). */
export function tillpayToken(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits.length < 12 || !luhn(digits)) throw new Error('Your card number is invalid.');
  const last4 = digits.slice(-4);
  const outcome: Outcome =
    last4 === '0002' ? 'declined' : last4 === '3220' ? 'challenge' : last4 === '0259' ? 'review' : 'approved';
  const brand = digits.startsWith('4') ? 'visa' : digits.startsWith('5') ? 'mastercard' : 'card';
  return `tp_${Buffer.from(JSON.stringify({ last4, brand, outcome })).toString('base64url')}`;
}

function tokenData(token: unknown): { last4: string; brand: string; outcome: Outcome } | undefined {
  if (typeof token !== 'string' || !token.startsWith('tp_')) return undefined;
  try {
    const d = JSON.parse(Buffer.from(token.slice(3), 'base64url').toString('utf8'));
    return ['approved', 'declined', 'challenge', 'review'].includes(d.outcome) ? d : undefined;
  } catch {
    return undefined;
  }
}

const MESSAGES: Partial<Record<State, string>> = { declined: 'Your card was declined.' };

export interface TillpayStandInOptions {
  /** The shop's webhook URL (POST /api/payment/tillpay/webhook), or a function posting there. */
  webhookTarget?: string | ((payload: string, signature: string) => Promise<number>);
  webhookMode?: 'immediate' | 'manual';
  /** The time webhooks are signed at (the shop's clock). */
  clock?: Clock;
}

export async function startTillpayStandIn(o: TillpayStandInOptions = {}) {
  const secretKey = `tp_sk_${randomBytes(8).toString('hex')}`;
  const publishableKey = `tp_pk_${randomBytes(8).toString('hex')}`;
  const webhookSecret = `tp_whsec_${randomBytes(8).toString('hex')}`;
  const clock = o.clock ?? systemClock;
  const requests: TillpayRequest[] = [];
  const charges = new Map<string, TillpayCharge>();
  const idempotent = new Map<string, string>();
  const events: { id: string; charge: string; payload: string; delivered: boolean; status?: number }[] = [];
  let url = '';

  const sign = (payload: string, at = clock.now()) => {
    const t = Math.floor(at.getTime() / 1000);
    return `t=${t},v1=${createHmac('sha256', webhookSecret).update(`${t}.${payload}`).digest('hex')}`;
  };
  async function post(e: (typeof events)[number]) {
    const target = standIn.webhookTarget;
    if (!target) return;
    const signature = sign(e.payload);
    e.status =
      typeof target === 'string'
        ? (
            await fetch(target, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'tillpay-signature': signature },
              body: e.payload,
            })
          ).status
        : await target(e.payload, signature);
    e.delivered = true;
  }
  async function changed(ch: TillpayCharge) {
    const { return_url: _, ...data } = ch;
    const id = `evt_${randomBytes(10).toString('hex')}`;
    const e = { id, charge: ch.id, payload: JSON.stringify({ id, type: 'charge.updated', data }), delivered: false };
    events.push(e);
    if (standIn.webhookMode === 'immediate') await post(e);
  }
  const view = ({ return_url: _, ...ch }: TillpayCharge) => ch;

  async function createCharge(b: Record<string, unknown>): Promise<[number, unknown]> {
    const token = tokenData(b.token);
    const bad = (message: string): [number, unknown] => [400, { error: { message } }];
    if (!Number.isInteger(b.amount) || (b.amount as number) <= 0) return bad('amount must be a positive integer');
    if (typeof b.currency !== 'string' || !/^[a-z]{3}$/.test(b.currency)) return bad('currency is invalid');
    if (typeof b.reference !== 'string' || !b.reference) return bad('reference is required');
    if (typeof b.return_url !== 'string') return bad('return_url is required');
    if (!token) return bad('token is invalid');
    const id = `ch_${randomBytes(12).toString('hex')}`;
    const ch: TillpayCharge = {
      id,
      state: token.outcome,
      amount: b.amount as number,
      currency: b.currency,
      card: { brand: token.brand, last4: token.last4 },
      ...(token.outcome === 'challenge' ? { challenge_url: `${url}/challenge/${id}` } : {}),
      ...(MESSAGES[token.outcome] ? { message: MESSAGES[token.outcome] } : {}),
      reference: b.reference,
      return_url: b.return_url,
      metadata: (b.metadata as Record<string, string>) ?? {},
    };
    charges.set(id, ch);
    await changed(ch);
    return [200, view(ch)];
  }

  async function setState(ch: TillpayCharge, state: State) {
    ch.state = state;
    delete ch.challenge_url;
    if (MESSAGES[state]) ch.message = MESSAGES[state];
    await changed(ch);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, text: string) {
    const u = new URL(req.url ?? '/', url);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (u.pathname === '/__stand-in/requests') return json(200, requests);
    const challenge = /^\/challenge\/([\w]+)$/.exec(u.pathname);
    if (challenge) {
      const ch = charges.get(challenge[1]!);
      if (!ch) return res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      if (req.method === 'POST') {
        const decision = new URLSearchParams(text).get('decision');
        if (ch.state === 'challenge') await setState(ch, decision === 'approve' ? 'approved' : 'declined');
        const back = new URL(ch.return_url);
        back.searchParams.set('tillpay_charge', ch.id);
        return res.writeHead(303, { location: back.toString() }).end();
      }
      const amount = `${(ch.amount / 100).toFixed(2)} ${ch.currency.toUpperCase()}`;
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tillpay challenge</title></head><body>
<h1>Confirm your payment of ${amount}</h1><form method="post"><button name="decision" value="approve">Approve</button>
<button name="decision" value="decline">Decline</button></form></body></html>`,
      );
    }
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? 'GET', path: u.pathname + u.search, body, idempotencyKey });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return json(401, { error: { message: 'Invalid API key' } });
    if (req.method === 'POST' && u.pathname === '/v1/charges') {
      const key = idempotencyKey && `${idempotencyKey}:${text}`;
      const again = key && idempotent.get(key);
      if (again) return res.writeHead(200, { 'content-type': 'application/json' }).end(again);
      const [status, answer] = await createCharge(body);
      if (key && status === 200) idempotent.set(key, JSON.stringify(answer));
      return json(status, answer);
    }
    if (req.method === 'GET' && u.pathname === '/v1/charges')
      return json(200, {
        data: [...charges.values()].filter((c) => c.reference === u.searchParams.get('reference')).map(view),
      });
    const one = /^\/v1\/charges\/([\w]+)(\/cancel)?$/.exec(u.pathname);
    const ch = one && charges.get(one[1]!);
    if (!ch) return json(404, { error: { message: 'No such charge' } });
    if (req.method === 'POST' && one[2]) {
      if (ch.state === 'challenge' || ch.state === 'review') await setState(ch, 'canceled');
      return json(200, view(ch));
    }
    return json(200, view(ch));
  }

  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => {
      handle(req, res, text).catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: (e as Error).message } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn = {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    webhookTarget: o.webhookTarget,
    webhookMode: o.webhookMode ?? ('immediate' as 'immediate' | 'manual'),
    requests,
    charges,
    events,
    sign,
    /** The TILLPAY_* variables that configure the shop's provider for this stand-in. */
    env: {
      TILLPAY_API_URL: url,
      TILLPAY_SECRET_KEY: secretKey,
      TILLPAY_PUBLISHABLE_KEY: publishableKey,
      TILLPAY_WEBHOOK_SECRET: webhookSecret,
    },
    /** Posts the events not delivered yet (of one charge, when named); the shop's statuses. */
    async deliverWebhooks(chargeId?: string): Promise<number[]> {
      const out: number[] = [];
      for (const e of events.filter((x) => !x.delivered && (!chargeId || x.charge === chargeId))) {
        await post(e);
        out.push(e.status ?? 0);
      }
      return out;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}

export type TillpayStandIn = Awaited<ReturnType<typeof startTillpayStandIn>>;
