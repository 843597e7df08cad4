/**
 * The offline sandbox gateway: a small card tokenizer and charge API that stands for a third
 * party. The browser posts the card to it (its script, /sandbox-gateway/v1/tokens) and gets a
 * single-use token; the shop's server charges that token through sandboxProvider. Its store is
 * its own two tables; the shop's code never reads them. It keeps no card number: a token holds
 * the test card's behaviour, brand, last 4 digits and expiry only.
 *
 * | card                | result                                                        |
 * |---------------------|---------------------------------------------------------------|
 * | 4242 4242 4242 4242 | approved: response code 1                                     |
 * | 5555 5555 5555 4444, 3782 822463 10005, 6011 1111 1111 1117 | approved (Mastercard, Amex, Discover) |
 * | 4000 0000 0000 0002 | declined: 3, "Your card was declined."                         |
 * | 4000 0000 0000 9995 | held for review: 4                                            |
 * | 4000 0025 0000 3155 | needs authentication: intent requires_action; the card holder approves or declines on the gateway's page |
 * | 4000 0000 0000 0069 | declined, expired card                                        |
 * | 4000 0000 0000 0127 | declined, incorrect CVC                                       |
 *
 * Any other number is declined (a sandbox never takes a real card), as is a card whose expiry
 * month has passed. Ids are random: tokens `tok_sandbox_...`, charges `sandbox_ch_...`, intents
 * `sandbox_pi_...` (128 bits or more).
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import { checkoutRules as rules } from '../../engine/node.ts';
import type { Clock } from '../clock.ts';
import { hashToken, randomText, sameHash } from '../tokens.ts';
import { fields, prepared } from '../db/prepared.ts';
import type {
  Database,
  SandboxGatewayIntentRow,
  SandboxGatewayIntentsTable,
  SandboxGatewayTokensTable,
} from '../db/schema.ts';
import { storableCard } from '../payments/card-brand.ts';

export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  heldForReview: '4000000000009995',
  authenticationRequired: '4000002500003155',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
} as const;

const APPROVED = new Set<string>([SANDBOX_CARDS.approved, '5555555555554444', '378282246310005', '6011111111111117']);

const SANDBOX_MESSAGES = {
  approved: 'This transaction has been approved.',
  declined: 'Your card was declined.',
  heldForReview: 'This transaction is being held for review.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  notATestCard: 'Your card was declined. The sandbox takes only its test cards.',
  authenticationRequired: 'Additional authentication required',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  tokenInvalid: 'The card token is invalid, used or expired. Please enter your card again.',
} as const;

type Kind =
  | 'approved'
  | 'declined'
  | 'heldForReview'
  | 'authenticationRequired'
  | 'expired'
  | 'incorrectCvc'
  | 'notATestCard';

const kindOf = (number: string): Kind =>
  APPROVED.has(number)
    ? 'approved'
    : ((Object.entries(SANDBOX_CARDS).find(([, n]) => n === number)?.[0] as Kind | undefined) ?? 'notATestCard');

/** A token lives 15 minutes and pays once. */
const TOKEN_TTL_MS = 15 * 60 * 1000;

const id = (prefix: string, bytes: number) => `${prefix}${randomText(bytes, 'hex')}`;
/** What an authentication link's intent id can be (`id('sandbox_pi_', 16)`); anything else is looked up nowhere. */
const LINK_INTENT_ID = /^sandbox_pi_[0-9a-f]{32}$/;
const sha256 = (s: string) => hashToken(s, 'sandbox-secret');

export interface CardFields {
  number: string;
  expMonth: string;
  expYear: string;
  cvv: string;
}

export interface SandboxIntent {
  id: string;
  status: 'succeeded' | 'declined' | 'held_for_review' | 'requires_action' | 'canceled';
  responseCode: number | null;
  message: string;
  amountCents: number;
  currency: string;
  card: { brand: string; last4: string };
  metadata: Record<string, string>;
  /** Only in the answer to the charge that created it, and only for requires_action. */
  clientSecret?: string;
  /** The gateway's authentication page (requires_action). */
  nextActionUrl?: string;
}

export interface SandboxChargeRequest {
  token: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  returnUrl: string;
}

export class SandboxGatewayError extends Error {
  constructor(
    readonly status: 400 | 404 | 422,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

function intentView(r: SandboxGatewayIntentRow): SandboxIntent {
  return {
    id: r.id,
    status: r.status as SandboxIntent['status'],
    responseCode: r.response_code,
    message: r.message,
    amountCents: r.amount_cents,
    currency: r.currency,
    card: { brand: r.brand, last4: r.last4 },
    metadata: JSON.parse(r.metadata) as Record<string, string>,
  };
}

const authenticationPage = (intentId: string, clientSecret: string) =>
  `/sandbox-gateway/authenticate/${encodeURIComponent(intentId)}?client_secret=${encodeURIComponent(clientSecret)}`;

/** `return_url` with the intent's id and client secret, as Stripe returns to a shop. */
export const returnTo = (returnUrl: string, intentId: string, clientSecret: string) =>
  `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${new URLSearchParams({ payment_intent: intentId, payment_intent_client_secret: clientSecret })}`;

// The statements of a checkout's token and charge, compiled once (server/db/prepared.ts).
const insertToken = prepared((db, $: Insertable<SandboxGatewayTokensTable>, like) =>
  db.insertInto('sandbox_gateway_tokens').values(fields($, Object.keys(like) as (keyof typeof like)[])),
);
const intentByKey = prepared((db, $: { key: string }) =>
  db.selectFrom('sandbox_gateway_intents').selectAll().where('idempotency_key', '=', $.key),
);
const useToken = prepared((db, $: { id: string; now: string; key: string }) =>
  db
    .updateTable('sandbox_gateway_tokens')
    .set({ used_at: $.now })
    .where('id', '=', $.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', $.now)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sandbox_gateway_intents').select('id').where('idempotency_key', '=', $.key))),
    )
    .returningAll(),
);
const insertIntent = prepared((db, $: Insertable<SandboxGatewayIntentsTable>, like) =>
  db
    .insertInto('sandbox_gateway_intents')
    .values(fields($, Object.keys(like) as (keyof typeof like)[]))
    .returningAll(),
);

export type SandboxListener = (intent: SandboxIntent) => void | Promise<void>;

/** The card's fields, trimmed and checked as checkout checks them; a 422 with every error otherwise. */
function checkedCard(card: Partial<CardFields>, now: Date): CardFields {
  const f = {
    number: String(card.number ?? '').replace(/[\s-]+/g, ''),
    expMonth: String(card.expMonth ?? '').trim(),
    expYear: String(card.expYear ?? '').trim(),
    cvv: String(card.cvv ?? '').trim(),
  };
  const errors: Record<string, string> = {};
  const checks = {
    number: rules.cardNumber(f.number),
    expMonth: rules.expMonth(f.expMonth),
    expYear: rules.expYear(now)(f.expYear),
    cvv: rules.cvv(f.cvv),
  };
  for (const [k, m] of Object.entries(checks)) if (m) errors[k] = m;
  if (Object.keys(errors).length) throw new SandboxGatewayError(422, Object.values(errors)[0]!, errors);
  return f;
}

/** A charge's status and response code, by what its card does. */
const OUTCOME: Record<Kind, [SandboxIntent['status'], number | null]> = {
  approved: ['succeeded', 1],
  declined: ['declined', 3],
  heldForReview: ['held_for_review', 4],
  authenticationRequired: ['requires_action', null],
  expired: ['declined', 3],
  incorrectCvc: ['declined', 3],
  notATestCard: ['declined', 3],
};

/** What a token's card does now: any card whose expiry month has passed is expired. */
function kindAt(token: Selectable<SandboxGatewayTokensTable>, now: Date): Kind {
  const expired =
    token.exp_year < now.getUTCFullYear() ||
    (token.exp_year === now.getUTCFullYear() && token.exp_month < now.getUTCMonth() + 1);
  return expired ? 'expired' : (token.kind as Kind);
}

/** Stores the intent a just-used token makes; one waiting for authentication gets a client secret and its page. */
async function chargeToken(
  db: Kysely<Database>,
  token: Selectable<SandboxGatewayTokensTable>,
  req: SandboxChargeRequest,
  now: Date,
): Promise<SandboxIntent> {
  const kind = kindAt(token, now);
  const [status, responseCode] = OUTCOME[kind];
  const waiting = status === 'requires_action';
  const intentId = waiting ? id('sandbox_pi_', 16) : id('sandbox_ch_', 12);
  const clientSecret = waiting ? `${intentId}_secret_${randomText(24, 'base64url')}` : undefined;
  const row = (await insertIntent.first(db, {
    id: intentId,
    idempotency_key: req.idempotencyKey,
    client_secret_hash: clientSecret ? sha256(clientSecret) : null,
    status,
    response_code: responseCode,
    message: SANDBOX_MESSAGES[kind],
    amount_cents: req.amountCents,
    currency: req.currency,
    brand: token.brand,
    last4: token.last4,
    return_url: req.returnUrl,
    metadata: JSON.stringify(req.metadata),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  }))!;
  return {
    ...intentView(row),
    ...(clientSecret ? { clientSecret, nextActionUrl: authenticationPage(intentId, clientSecret) } : {}),
  };
}

const intentById = (db: Kysely<Database>, intentId: string) =>
  db.selectFrom('sandbox_gateway_intents').selectAll().where('id', '=', intentId).executeTakeFirst();

/** Decides an intent still waiting for authentication: approved or canceled; the row when this call decided it. */
function decideIntent(db: Kysely<Database>, intentId: string, approved: boolean, now: string) {
  return db
    .updateTable('sandbox_gateway_intents')
    .set(
      approved
        ? { status: 'succeeded', response_code: 1, message: SANDBOX_MESSAGES.approved, updated_at: now }
        : { status: 'canceled', response_code: 3, message: SANDBOX_MESSAGES.authenticationFailed, updated_at: now },
    )
    .where('id', '=', intentId)
    .where('status', '=', 'requires_action')
    .returningAll()
    .executeTakeFirst();
}

export function sandboxGateway(db: Kysely<Database>, clock: Clock) {
  const listeners = new Set<SandboxListener>();

  return {
    /** POST /sandbox-gateway/v1/tokens: checks the fields, keeps no number. */
    async createToken(card: Partial<CardFields>): Promise<{ id: string; card: { brand: string; last4: string } }> {
      const now = clock.now();
      const f = checkedCard(card, now);
      const expYear = rules.fullYear(f.expYear);
      const expMonth = Number(f.expMonth);
      const { brand, last4 } = storableCard(f.number);
      const token = id('tok_sandbox_', 16);
      await insertToken.run(db, {
        id: token,
        kind: kindOf(f.number),
        brand,
        last4,
        exp_month: expMonth,
        exp_year: expYear,
        expires_at: new Date(now.getTime() + TOKEN_TTL_MS).toISOString(),
        created_at: now.toISOString(),
      });
      return { id: token, card: { brand, last4 } };
    },

    /** Charges a token once. The same idempotency key answers with the same charge. */
    async charge(req: SandboxChargeRequest): Promise<SandboxIntent> {
      const now = clock.now();
      // The token is used only when no charge has this key yet; else that charge is the answer.
      const token = await useToken.first(db, { id: req.token, now: now.toISOString(), key: req.idempotencyKey });
      if (!token) {
        const again = await intentByKey.first(db, { key: req.idempotencyKey });
        if (again) return intentView(again);
        throw new SandboxGatewayError(400, SANDBOX_MESSAGES.tokenInvalid);
      }
      return chargeToken(db, token, req, now);
    },

    /** The charge made with this idempotency key, if any: looking never charges. */
    async findByKey(idempotencyKey: string): Promise<SandboxIntent | undefined> {
      const row = await intentByKey.first(db, { key: idempotencyKey });
      return row ? intentView(row) : undefined;
    },

    async retrieve(intentId: string): Promise<SandboxIntent> {
      const row = await intentById(db, intentId);
      if (!row) throw new SandboxGatewayError(404, 'No such payment');
      return intentView(row);
    },

    /** Cancels an intent still waiting for authentication (the shop started another attempt). */
    async cancel(intentId: string): Promise<void> {
      await db
        .updateTable('sandbox_gateway_intents')
        .set({
          status: 'canceled',
          response_code: 3,
          message: SANDBOX_MESSAGES.authenticationFailed,
          updated_at: clock.now().toISOString(),
        })
        .where('id', '=', intentId)
        .where('status', '=', 'requires_action')
        .execute();
    },

    /** The intent behind an authentication link, when the secret is its client secret. */
    async forSecret(
      intentId: string,
      clientSecret: string,
    ): Promise<(SandboxIntent & { returnUrl: string | null }) | undefined> {
      // A link's id comes from the address bar: %00 in it would reach PostgreSQL, which cannot take U+0000 (a 500).
      if (!LINK_INTENT_ID.test(intentId)) return undefined;
      const row = await intentById(db, intentId);
      if (!row?.client_secret_hash || !clientSecret || !sameHash(row.client_secret_hash, sha256(clientSecret)))
        return undefined;
      return { ...intentView(row), returnUrl: row.return_url };
    },

    /** The card holder approved or declined on the gateway's page: decides the intent once; returns where to go next. */
    async authenticate(intentId: string, clientSecret: string, approved: boolean): Promise<string | undefined> {
      const found = await this.forSecret(intentId, clientSecret);
      if (!found) return undefined;
      const updated = await decideIntent(db, intentId, approved, clock.now().toISOString());
      // Like a provider's webhook: the shop hears of the outcome even when the browser never returns.
      if (updated) for (const l of listeners) await Promise.resolve(l(intentView(updated))).catch(() => undefined);
      return returnTo(found.returnUrl ?? '/', intentId, clientSecret);
    },

    /** Called after an authentication decided an intent. Returns the unsubscribe. */
    onUpdate(listener: SandboxListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SandboxGateway = ReturnType<typeof sandboxGateway>;
