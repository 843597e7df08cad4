/**
 * Newsletter subscriptions, with double opt-in.
 *
 * 1. A signup (the newsletter form, or another form's ticked newsletter box) stores the address
 *    as 'pending' with a fresh confirmation token (only its SHA-256 is kept) and asks for one
 *    confirmation e-mail carrying the link. Anyone can type any address, so nothing else goes out
 *    and the address is never mailed a newsletter before its owner opens the link.
 * 2. Opening the link (the confirm page posts the token) switches the row to 'subscribed', makes
 *    the unsubscribe token and asks for the welcome e-mail, which carries the unsubscribe link.
 * 3. The unsubscribe token alone then switches the subscription off. It cannot switch it on: a
 *    link can be forwarded or kept after its owner left, so subscribing again starts step 1 over
 *    (a new confirmation e-mail to the address, nothing typed).
 *
 * Repeated signups do not spam: a subscribed address gets nothing; a pending one gets a new
 * confirmation e-mail (a new link; the old one stops working) at most once per
 * CONFIRM_RESEND_INTERVAL_MS, later signups in between change nothing. A link works for
 * CONFIRM_TTL_MS after its mail was queued; opening it again after confirming changes nothing.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Database, NewsletterSubscriptionRow } from '../db/schema.ts';
import { hashToken, newToken } from '../tokens.ts';

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A pending address gets at most one confirmation e-mail per this interval. */
export const CONFIRM_RESEND_INTERVAL_MS = 60 * 60 * 1000;

export interface SubscribeResult {
  row: NewsletterSubscriptionRow;
  /** Set when a confirmation e-mail should go out: a new address, an unsubscribed one, or a pending one due a re-send. */
  confirmToken?: string;
}

/**
 * Records a signup. An address already subscribed is left as it is (and its unsubscribe link
 * keeps working); a new or unsubscribed one becomes pending with a new confirmation token; a
 * pending one gets a new token only when its last mail is older than the re-send interval.
 */
export async function subscribeEmail(db: Kysely<Database>, email: string, clock: Clock): Promise<SubscribeResult> {
  const address = email.trim().toLowerCase();
  const now = clock.now();
  const at = now.toISOString();
  const existing = await db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('email', '=', address)
    .executeTakeFirst();
  if (existing?.status === 'subscribed') return { row: existing };
  if (
    existing?.status === 'pending' &&
    existing.confirm_sent_at &&
    now.getTime() - Date.parse(existing.confirm_sent_at) < CONFIRM_RESEND_INTERVAL_MS
  )
    return { row: existing };
  const confirmToken = newToken();
  const pending = {
    status: 'pending' as const,
    confirm_token_hash: hashToken(confirmToken),
    confirm_sent_at: at,
    confirmed_at: null,
    updated_at: at,
  };
  if (existing)
    return {
      row: await db
        .updateTable('newsletter_subscriptions')
        .set(pending)
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
      confirmToken,
    };
  try {
    const row = await db
      .insertInto('newsletter_subscriptions')
      .values({ email: address, token_hash: null, created_at: at, ...pending })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, confirmToken };
  } catch (e) {
    // A signup of the same address (another request, another server) inserted first: answer as for it.
    if (isUniqueViolation(e, 'email')) return subscribeEmail(db, email, clock);
    throw e;
  }
}

export type ConfirmResult =
  /** Now subscribed: the welcome e-mail goes out with this unsubscribe token. */
  | { outcome: 'confirmed'; row: NewsletterSubscriptionRow; unsubscribeToken: string }
  /** The link was opened before: nothing changes (whatever the subscription's state now). */
  | { outcome: 'already'; row: NewsletterSubscriptionRow }
  | { outcome: 'expired' }
  | { outcome: 'unknown' };

/** Opens a confirmation link. Of two opens racing, one confirms and the other is 'already'. */
export async function confirmSubscription(db: Kysely<Database>, token: string, clock: Clock): Promise<ConfirmResult> {
  const now = clock.now();
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('confirm_token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { outcome: 'unknown' };
  if (row.status !== 'pending') return row.confirmed_at ? { outcome: 'already', row } : { outcome: 'unknown' };
  if (!row.confirm_sent_at || now.getTime() - Date.parse(row.confirm_sent_at) > CONFIRM_TTL_MS)
    return { outcome: 'expired' };
  const unsubscribeToken = newToken();
  const at = now.toISOString();
  const updated = await db
    .updateTable('newsletter_subscriptions')
    .set({ status: 'subscribed', token_hash: hashToken(unsubscribeToken), confirmed_at: at, updated_at: at })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('confirm_token_hash', '=', row.confirm_token_hash)
    .returningAll()
    .executeTakeFirst();
  if (updated) return { outcome: 'confirmed', row: updated, unsubscribeToken };
  const now2 = await db.selectFrom('newsletter_subscriptions').selectAll().where('id', '=', row.id).executeTakeFirst();
  return now2?.confirmed_at && now2.confirm_token_hash === row.confirm_token_hash
    ? { outcome: 'already', row: now2 }
    : { outcome: 'unknown' };
}

/**
 * Unsubscribes the subscription the unsubscribe token belongs to; undefined for an unknown token.
 * Only a confirmed (or since unsubscribed) subscription has such a token; a pending one that
 * has one (it asked to subscribe again) is unsubscribed, and its confirmation link stops working.
 */
export async function unsubscribeByToken(
  db: Kysely<Database>,
  token: string,
  clock: Clock,
): Promise<NewsletterSubscriptionRow | undefined> {
  return db
    .updateTable('newsletter_subscriptions')
    .set({ status: 'unsubscribed', updated_at: clock.now().toISOString() })
    .where('token_hash', '=', hashToken(token))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Subscribing again with the unsubscribe token: undefined for an unknown token; a subscribed
 * address is left as it is; otherwise a signup of the row's own address (pending, with a
 * confirmation token when one is due), so the address's owner confirms again by the link.
 */
export async function resubscribeByToken(
  db: Kysely<Database>,
  token: string,
  clock: Clock,
): Promise<SubscribeResult | undefined> {
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  return subscribeEmail(db, row.email, clock);
}
