/** The welcome e-mail of a new subscription, carrying its unsubscribe link. */
import type { OutgoingMail } from '../mail/outbox.ts';

export const WELCOME_KIND = 'newsletter-welcome';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);

/** <origin>/unsubscribe/<token>: the page of the route /unsubscribe/:unsubscribeToken. */
export const unsubscribeUrl = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}/unsubscribe/${encodeURIComponent(token)}`;

export function welcomeMail(o: { to: string; token: string; origin: string; siteName: string; subscriptionId: number }): OutgoingMail {
  const link = unsubscribeUrl(o.origin, o.token);
  const site = o.siteName;
  const text = [
    `Thank you for subscribing to the ${site} newsletter.`,
    '',
    'You will hear from us about new door styles, kitchen ideas and offers.',
    '',
    `To stop receiving the newsletter, open this link: ${link}`,
    '',
  ].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1d1a">` +
    `<p>Thank you for subscribing to the ${escapeHtml(site)} newsletter.</p>` +
    `<p>You will hear from us about new door styles, kitchen ideas and offers.</p>` +
    `<p style="color:#5c554d;font-size:12px">To stop receiving the newsletter, <a href="${escapeHtml(link)}">unsubscribe here</a>.</p>` +
    `</body></html>`;
  return {
    kind: WELCOME_KIND,
    to: o.to,
    subject: `Welcome to the ${site} newsletter`,
    html,
    text,
    ref: { type: 'newsletter_subscription', id: o.subscriptionId },
  };
}
