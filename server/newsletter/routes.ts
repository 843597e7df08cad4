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
 *   toggle, with the token of the welcome e-mail's link; an unknown token 404. Unsubscribe
 *   switches the subscription off. Subscribe never switches it on: the address gets a new
 *   confirmation e-mail (as a signup: at most one an hour) and stays 'pending' until its link
 *   is opened; a subscribed address is left as it is.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { parseJson } from '../http/parse.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { confirmMail } from './confirm-mail.ts';
import { confirmSubscription, resubscribeByToken, unsubscribeByToken } from './subscriptions.ts';
import { welcomeMail } from './welcome-mail.ts';

const NEWSLETTER_MESSAGES = {
  unsubscribed: 'You have been unsubscribed from our newsletter.',
  confirmAgain: 'Please check your inbox and open the link in our e-mail to confirm your subscription.',
  alreadySubscribed: 'You are subscribed to our newsletter.',
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
  const unsubscribe = async (c: Context<AppEnv>) => {
    const { token } = await parseJson(c, toggleBody);
    const row = await unsubscribeByToken(deps.db, token, deps.clock);
    if (!row) throw new ApiError(404, NEWSLETTER_MESSAGES.unknownToken);
    return c.json({ success: true, message: NEWSLETTER_MESSAGES.unsubscribed, data: { status: row.status } });
  };

  const subscribe = async (c: Context<AppEnv>) => {
    const { token } = await parseJson(c, toggleBody);
    const result = await deps.db.transaction().execute(async (trx) => {
      const r = await resubscribeByToken(trx, token, deps.clock);
      if (r?.confirmToken)
        await enqueueMail(
          trx,
          confirmMail({
            to: r.row.email,
            token: r.confirmToken,
            origin: deps.config.origin,
            siteName: deps.config.siteName,
            subscriptionId: r.row.id,
          }),
          deps.clock,
        );
      return r;
    });
    if (!result) throw new ApiError(404, NEWSLETTER_MESSAGES.unknownToken);
    if (result.confirmToken) deps.outbox.notify();
    const { status } = result.row;
    const message = status === 'subscribed' ? NEWSLETTER_MESSAGES.alreadySubscribed : NEWSLETTER_MESSAGES.confirmAgain;
    return c.json({ success: true, message, data: { status } });
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

  return new Hono<AppEnv>().post('/confirm', confirm).post('/unsubscribe', unsubscribe).post('/subscribe', subscribe);
}
