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

interface TillpayEvent {
  id: string;
  charge: string;
  payload: string;
  delivered: boolean;
  status?: number;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const bad = (message: string): [number, unknown] => [400, { error: { message } }];
/** A charge as the API shows it: without its return_url. */
const view = ({ return_url: _, ...ch }: TillpayCharge) => ch;

/** The card holder's challenge page: the amount, buttons Approve and Decline. */
function challengePage(ch: TillpayCharge): string {
  const amount = `${(ch.amount / 100).toFixed(2)} ${ch.currency.toUpperCase()}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tillpay challenge</title></head><body>
<h1>Confirm your payment of ${amount}</h1><form method="post"><button name="decision" value="approve">Approve</button>
<button name="decision" value="decline">Decline</button></form></body></html>`;
}

/** The error in a charge's input, if any. */
function chargeInputError(b: Record<string, unknown>): string | undefined {
  if (!Number.isInteger(b.amount) || (b.amount as number) <= 0) return 'amount must be a positive integer';
  if (typeof b.currency !== 'string' || !/^[a-z]{3}$/.test(b.currency)) return 'currency is invalid';
  if (typeof b.reference !== 'string' || !b.reference) return 'reference is required';
  if (typeof b.return_url !== 'string') return 'return_url is required';
  return undefined;
}

/** The stand-in's state (keys, charges, events) and one method per operation of the protocol. */
class TillpayStandInServer {
  url = '';
  readonly secretKey = `tp_sk_${randomBytes(8).toString('hex')}`;
  readonly publishableKey = `tp_pk_${randomBytes(8).toString('hex')}`;
  readonly webhookSecret = `tp_whsec_${randomBytes(8).toString('hex')}`;
  webhookTarget: TillpayStandInOptions['webhookTarget'];
  webhookMode: 'immediate' | 'manual';
  readonly requests: TillpayRequest[] = [];
  readonly charges = new Map<string, TillpayCharge>();
  readonly events: TillpayEvent[] = [];
  /** Idempotency key + request body -> the answer given. */
  private readonly idempotent = new Map<string, string>();
  private readonly clock: Clock;
  private readonly server = createServer((req, res) => this.receive(req, res));

  constructor(o: TillpayStandInOptions) {
    this.clock = o.clock ?? systemClock;
    this.webhookTarget = o.webhookTarget;
    this.webhookMode = o.webhookMode ?? 'immediate';
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The TILLPAY_* variables that configure the shop's provider for this stand-in. */
  get env() {
    return {
      TILLPAY_API_URL: this.url,
      TILLPAY_SECRET_KEY: this.secretKey,
      TILLPAY_PUBLISHABLE_KEY: this.publishableKey,
      TILLPAY_WEBHOOK_SECRET: this.webhookSecret,
    };
  }

  sign(payload: string, at = this.clock.now()): string {
    const t = Math.floor(at.getTime() / 1000);
    return `t=${t},v1=${createHmac('sha256', this.webhookSecret).update(`${t}.${payload}`).digest('hex')}`;
  }

  /** Posts the events not delivered yet (of one charge, when named); the shop's statuses. */
  async deliverWebhooks(chargeId?: string): Promise<number[]> {
    const out: number[] = [];
    for (const e of this.events.filter((x) => !x.delivered && (!chargeId || x.charge === chargeId))) {
      await this.post(e);
      out.push(e.status ?? 0);
    }
    return out;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private async post(e: TillpayEvent) {
    const target = this.webhookTarget;
    if (!target) return;
    const signature = this.sign(e.payload);
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

  /** Records a charge.updated event; posts it at once in 'immediate' mode. */
  private async changed(ch: TillpayCharge) {
    const { return_url: _, ...data } = ch;
    const id = `evt_${randomBytes(10).toString('hex')}`;
    const e = { id, charge: ch.id, payload: JSON.stringify({ id, type: 'charge.updated', data }), delivered: false };
    this.events.push(e);
    if (this.webhookMode === 'immediate') await this.post(e);
  }

  private async createCharge(b: Record<string, unknown>): Promise<[number, unknown]> {
    const token = tokenData(b.token);
    const error = chargeInputError(b);
    if (error) return bad(error);
    if (!token) return bad('token is invalid');
    const id = `ch_${randomBytes(12).toString('hex')}`;
    const ch: TillpayCharge = {
      id,
      state: token.outcome,
      amount: b.amount as number,
      currency: b.currency as string,
      card: { brand: token.brand, last4: token.last4 },
      ...(token.outcome === 'challenge' ? { challenge_url: `${this.url}/challenge/${id}` } : {}),
      ...(MESSAGES[token.outcome] ? { message: MESSAGES[token.outcome] } : {}),
      reference: b.reference as string,
      return_url: b.return_url as string,
      metadata: (b.metadata as Record<string, string>) ?? {},
    };
    this.charges.set(id, ch);
    await this.changed(ch);
    return [200, view(ch)];
  }

  private async setState(ch: TillpayCharge, state: State) {
    ch.state = state;
    delete ch.challenge_url;
    if (MESSAGES[state]) ch.message = MESSAGES[state];
    await this.changed(ch);
  }

  private receive(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => {
      this.handle(req, res, text).catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: (e as Error).message } }));
      });
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse, text: string) {
    const u = new URL(req.url ?? '/', this.url);
    if (u.pathname === '/__stand-in/requests') return json(res, 200, this.requests);
    const challenge = /^\/challenge\/([\w]+)$/.exec(u.pathname);
    if (challenge) return this.challenge(req, res, challenge[1]!, text);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? 'GET', path: u.pathname + u.search, body, idempotencyKey });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`)
      return json(res, 401, { error: { message: 'Invalid API key' } });
    if (req.method === 'POST' && u.pathname === '/v1/charges') return this.charge(res, body, text, idempotencyKey);
    if (req.method === 'GET' && u.pathname === '/v1/charges')
      return json(res, 200, {
        data: [...this.charges.values()].filter((c) => c.reference === u.searchParams.get('reference')).map(view),
      });
    const one = /^\/v1\/charges\/([\w]+)(\/cancel)?$/.exec(u.pathname);
    const ch = one && this.charges.get(one[1]!);
    if (!ch) return json(res, 404, { error: { message: 'No such charge' } });
    if (req.method === 'POST' && one[2] && (ch.state === 'challenge' || ch.state === 'review'))
      await this.setState(ch, 'canceled');
    return json(res, 200, view(ch));
  }

  /** GET: the challenge page; POST: the decision, then back to return_url (303). */
  private async challenge(req: IncomingMessage, res: ServerResponse, id: string, text: string) {
    const ch = this.charges.get(id);
    if (!ch) return res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    if (req.method !== 'POST')
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(challengePage(ch));
    const decision = new URLSearchParams(text).get('decision');
    if (ch.state === 'challenge') await this.setState(ch, decision === 'approve' ? 'approved' : 'declined');
    const back = new URL(ch.return_url);
    back.searchParams.set('tillpay_charge', ch.id);
    return res.writeHead(303, { location: back.toString() }).end();
  }

  /** POST /v1/charges: the same idempotency key and body get the same answer, no second charge. */
  private async charge(res: ServerResponse, body: Record<string, unknown>, text: string, idempotencyKey?: string) {
    const key = idempotencyKey && `${idempotencyKey}:${text}`;
    const again = key && this.idempotent.get(key);
    if (again) return res.writeHead(200, { 'content-type': 'application/json' }).end(again);
    const [status, answer] = await this.createCharge(body);
    if (key && status === 200) this.idempotent.set(key, JSON.stringify(answer));
    return json(res, status, answer);
  }
}

export function startTillpayStandIn(o: TillpayStandInOptions = {}) {
  return new TillpayStandInServer(o).listen();
}

export type TillpayStandIn = Awaited<ReturnType<typeof startTillpayStandIn>>;
