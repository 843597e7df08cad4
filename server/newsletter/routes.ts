/**
 * The newsletter API, JSON bodies { token }, answers { success, message, data: { status } }:
 *
 * - POST /api/newsletter/confirm: the double opt-in link. Answers data { status, alreadyConfirmed }.
 *   The e-mail links to the shop's page
 *   /newsletter/confirm/:confirmToken, which posts the token here and shows the answer. A page
 *   rather than a GET that changes state: mail scanners and link previews fetch GET links, and
 *   must not confirm anyone. 200 when confirmed (the welcome e-mail is queued in the same
 *   transaction) or already confirmed (nothing changes, nothing is sent); 404 for an unknown
 *   link, 410 for an expired one.
 * - POST /api/newsletter/unsubscribe and /api/newsletter/subscribe: the unsubscribe page's
 *   toggle, with the token of the welcome e-mail's link; an unknown token 404.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { parseJson } from '../http/parse.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { confirmSubscription, setStatusByToken } from './subscriptions.ts';
import { welcomeMail } from './welcome-mail.ts';

const NEWSLETTER_MESSAGES = {
  unsubscribed: 'You have been unsubscribed from our newsletter.',
  subscribed: 'You have been subscribed to our newsletter again.',
  unknownToken: 'This unsubscribe link is not valid. The subscription was not found.',
  tokenRequired: 'The unsubscribe token is missing',
  confirmed: 'Thank you! Your subscription is confirmed. A welcome e-mail is on its way.',
  alreadyConfirmed: 'Your subscription is already confirmed.',
  confirmInvalid: 'This confirmation link is invalid or has expired. Please sign up again.',
  confirmTokenRequired: 'The confirmation token is missing',
} as const;

const tokenBody = (required: string) =>
  z.object({ token: z.string(required).trim().min(1, required).max(200, 'The token is too long') });
const toggleBody = tokenBody(NEWSLETTER_MESSAGES.tokenRequired);
const confirmBody = tokenBody(NEWSLETTER_MESSAGES.confirmTokenRequired);

export function newsletterRoutes(deps: AppDeps): Hono<AppEnv> {
  const toggle = (status: 'subscribed' | 'unsubscribed') => async (c: Context<AppEnv>) => {
    const { token } = await parseJson(c, toggleBody);
    const row = await setStatusByToken(deps.db, token, status, deps.clock);
    if (!row) throw new ApiError(404, NEWSLETTER_MESSAGES.unknownToken);
    return c.json({ success: true, message: NEWSLETTER_MESSAGES[status], data: { status: row.status } });
  };

  const confirm = async (c: Context<AppEnv>) => {
    const { token } = await parseJson(c, confirmBody);
    const result = await deps.db.transaction().execute(async (trx) => {
      const r = await confirmSubscription(trx, token, deps.clock);
      if (r.outcome === 'confirmed') {
        const { config } = deps;
        await enqueueMail(
          trx,
          welcomeMail({
            to: r.row.email,
            token: r.unsubscribeToken,
            origin: config.origin,
            siteName: config.siteName,
            subscriptionId: r.row.id,
          }),
          deps.clock,
        );
      }
      return r;
    });
    if (result.outcome === 'unknown') throw new ApiError(404, NEWSLETTER_MESSAGES.confirmInvalid);
    if (result.outcome === 'expired') throw new ApiError(410, NEWSLETTER_MESSAGES.confirmInvalid);
    if (result.outcome === 'confirmed') deps.outbox.notify();
    const message =
      result.outcome === 'confirmed' ? NEWSLETTER_MESSAGES.confirmed : NEWSLETTER_MESSAGES.alreadyConfirmed;
    return c.json({
      success: true,
      message,
      data: { status: result.row.status, alreadyConfirmed: result.outcome === 'already' },
    });
  };

  return new Hono<AppEnv>()
    .post('/confirm', confirm)
    .post('/unsubscribe', toggle('unsubscribed'))
    .post('/subscribe', toggle('subscribed'));
}
