/**
 * POST /api/newsletter/unsubscribe and /api/newsletter/subscribe with JSON { token }: the
 * unsubscribe page's toggle. Answers { success, message, data: { status } }; an unknown token 404.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { SubscriptionStatus } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { parseJson } from '../http/parse.ts';
import { setStatusByToken } from './subscriptions.ts';

export const NEWSLETTER_MESSAGES = {
  unsubscribed: 'You have been unsubscribed from our newsletter.',
  subscribed: 'You have been subscribed to our newsletter again.',
  unknownToken: 'This unsubscribe link is not valid. The subscription was not found.',
  tokenRequired: 'The unsubscribe token is missing',
} as const;

const body = z.object({ token: z.string(NEWSLETTER_MESSAGES.tokenRequired).trim().min(1, NEWSLETTER_MESSAGES.tokenRequired).max(200, 'The unsubscribe token is too long') });

export function newsletterRoutes(deps: AppDeps): Hono<AppEnv> {
  const toggle = (status: SubscriptionStatus) => async (c: Context<AppEnv>) => {
    const { token } = await parseJson(c, body);
    const row = await setStatusByToken(deps.db, token, status, deps.clock);
    if (!row) throw new ApiError(404, NEWSLETTER_MESSAGES.unknownToken);
    return c.json({ success: true, message: NEWSLETTER_MESSAGES[status], data: { status: row.status } });
  };
  return new Hono<AppEnv>().post('/unsubscribe', toggle('unsubscribed')).post('/subscribe', toggle('subscribed'));
}
