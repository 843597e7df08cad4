/**
 * The double opt-in e-mail: only the confirmation link, in the shop's own words. The address was
 * typed by whoever signed up, so the mail carries nothing they typed.
 */
import type { OutgoingMail } from '../mail/outbox.ts';
import { CONFIRM_TTL_MS } from './subscriptions.ts';

export const CONFIRM_KIND = 'newsletter-confirm';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);

/** <origin>/newsletter/confirm/<token>: the page of the route /newsletter/confirm/:confirmToken. */
export const confirmUrl = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}/newsletter/confirm/${encodeURIComponent(token)}`;

export function confirmMail(o: { to: string; token: string; origin: string; siteName: string; subscriptionId: number }): OutgoingMail {
  const link = confirmUrl(o.origin, o.token);
  const site = o.siteName;
  const days = Math.round(CONFIRM_TTL_MS / (24 * 60 * 60 * 1000));
  const ask = `Please confirm that you want to receive the ${site} newsletter at this address.`;
  const ignore = `The link works for ${days} days. If you did not sign up, ignore this e-mail: you will not be subscribed and will hear nothing more from us.`;
  const text = [ask, '', `To confirm, open this link: ${link}`, '', ignore, ''].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1d1a">` +
    `<p>${escapeHtml(ask)}</p>` +
    `<p><a href="${escapeHtml(link)}">Confirm my subscription</a></p>` +
    `<p style="color:#5c554d;font-size:12px">${escapeHtml(ignore)}</p>` +
    `</body></html>`;
  return {
    kind: CONFIRM_KIND,
    to: o.to,
    subject: `Please confirm your ${site} newsletter subscription`,
    html,
    text,
    ref: { type: 'newsletter_subscription', id: o.subscriptionId },
  };
}
