/**
 * The double opt-in e-mail: only the confirmation link, in the shop's own words. The address was
 * typed by whoever signed up, so the mail carries nothing they typed.
 */
import type { OutgoingMail } from '../mail/outbox.ts';
import { confirmHtml } from './mail-html.tsx';
import { CONFIRM_TTL_MS } from './subscriptions.ts';

const CONFIRM_KIND = 'newsletter-confirm';

/** <origin>/newsletter/confirm/<token>: the page of the route /newsletter/confirm/:confirmToken. */
const confirmUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/newsletter/confirm/${encodeURIComponent(token)}`;

export function confirmMail(o: {
  to: string;
  token: string;
  origin: string;
  siteName: string;
  subscriptionId: number;
}): OutgoingMail {
  const link = confirmUrl(o.origin, o.token);
  const site = o.siteName;
  const days = Math.round(CONFIRM_TTL_MS / (24 * 60 * 60 * 1000));
  const ask = `Please confirm that you want to receive the ${site} newsletter at this address.`;
  const ignore = `The link works for ${days} days. If you did not sign up, ignore this e-mail: you will not be subscribed and will hear nothing more from us.`;
  const text = [ask, '', `To confirm, open this link: ${link}`, '', ignore, ''].join('\n');
  const subject = `Please confirm your ${site} newsletter subscription`;
  return {
    kind: CONFIRM_KIND,
    to: o.to,
    subject,
    html: confirmHtml({ title: subject, ask, link, ignore }),
    text,
    ref: { type: 'newsletter_subscription', id: o.subscriptionId },
  };
}
