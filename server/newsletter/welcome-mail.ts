/** The welcome e-mail of a new subscription, carrying its unsubscribe link. */
import type { OutgoingMail } from '../mail/outbox.ts';
import { welcomeHtml } from './mail-html.tsx';

const WELCOME_KIND = 'newsletter-welcome';

/** <origin>/unsubscribe/<token>: the page of the route /unsubscribe/:unsubscribeToken. */
const unsubscribeUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/unsubscribe/${encodeURIComponent(token)}`;

export function welcomeMail(o: {
  to: string;
  token: string;
  origin: string;
  siteName: string;
  subscriptionId: number;
}): OutgoingMail {
  const link = unsubscribeUrl(o.origin, o.token);
  const site = o.siteName;
  const thanks = `Thank you for subscribing to the ${site} newsletter.`;
  const news = 'You will hear from us about new door styles, kitchen ideas and offers.';
  const text = [thanks, '', news, '', `To stop receiving the newsletter, open this link: ${link}`, ''].join('\n');
  const subject = `Welcome to the ${site} newsletter`;
  return {
    kind: WELCOME_KIND,
    to: o.to,
    subject,
    html: welcomeHtml({ title: subject, thanks, news, link }),
    text,
    ref: { type: 'newsletter_subscription', id: o.subscriptionId },
  };
}
