/**
 * Newsletter subscriptions. Subscribing by a form stores the address with a fresh unsubscribe
 * token and returns the token for the welcome e-mail; the token alone then switches the
 * subscription off and on again (the unsubscribe page).
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database, NewsletterSubscriptionRow, SubscriptionStatus } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export interface SubscribeResult {
  row: NewsletterSubscriptionRow;
  /** Set when a welcome e-mail should go out: a new address, or one that had unsubscribed. */
  token?: string;
}

/**
 * Upserts the address as subscribed. An address already subscribed is left as it is (no second
 * welcome mail, and its existing link keeps working); a new or unsubscribed one gets a new token.
 */
export async function subscribeEmail(db: Kysely<Database>, email: string, clock: Clock): Promise<SubscribeResult> {
  const address = email.trim().toLowerCase();
  const now = clock.now().toISOString();
  const existing = await db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', address).executeTakeFirst();
  if (existing?.status === 'subscribed') return { row: existing };
  const token = newToken();
  const token_hash = hashToken(token);
  const row = existing
    ? await db
        .updateTable('newsletter_subscriptions')
        .set({ status: 'subscribed', token_hash, updated_at: now })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await db
        .insertInto('newsletter_subscriptions')
        .values({ email: address, status: 'subscribed', token_hash, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
  return { row, token };
}

/** Sets the status of the subscription the token belongs to; undefined for an unknown token. */
export async function setStatusByToken(db: Kysely<Database>, token: string, status: SubscriptionStatus, clock: Clock): Promise<NewsletterSubscriptionRow | undefined> {
  return db
    .updateTable('newsletter_subscriptions')
    .set({ status, updated_at: clock.now().toISOString() })
    .where('token_hash', '=', hashToken(token))
    .returningAll()
    .executeTakeFirst();
}
