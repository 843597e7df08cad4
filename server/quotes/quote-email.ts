/**
 * The e-mail carrying a quote's payment link (`joinery quote create --send`), composed from the
 * stored quote only, queued through the outbox like every other message.
 */
import { formatPrice } from '../../engine/node.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import type { QuoteView } from './quote-store.ts';

export const QUOTE_MAIL_KIND = 'quote-link';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const quoteSubject = (quoteNumber: string, siteName: string) => `Your quote #${quoteNumber} from ${siteName}`;

export function quoteLinkEmail(q: QuoteView, link: string, shop: { siteName: string; origin: string }): OutgoingMail {
  const expires = new Date(q.expiresAt).toUTCString();
  const lines = q.items.map((i) => `- ${i.name} (SKU ${i.sku}), qty ${i.qty}: ${formatPrice(i.rowTotal)}`);
  const text = [
    `Hello ${q.firstName},`,
    '',
    `Your quote #${q.quoteIncrementId}${q.poNumber ? ` (PO ${q.poNumber})` : ''} is ready. Total: ${formatPrice(q.total)}.`,
    '',
    ...lines,
    '',
    `Review and pay it here: ${link}`,
    `The link is personal and works until ${expires}.`,
    '',
    shop.siteName,
    shop.origin,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(quoteSubject(q.quoteIncrementId, shop.siteName))}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f1d1a">
<p>Hello ${esc(q.firstName)},</p>
<p>Your quote #${esc(q.quoteIncrementId)}${q.poNumber ? ` (PO ${esc(q.poNumber)})` : ''} is ready. Total: <strong>${esc(formatPrice(q.total))}</strong>.</p>
<ul>${q.items.map((i) => `<li>${esc(i.name)} (SKU ${esc(i.sku)}), qty ${i.qty}: ${esc(formatPrice(i.rowTotal))}</li>`).join('')}</ul>
<p><a href="${esc(link)}" style="color:#7a4a1f">Review and pay your quote</a></p>
<p>The link is personal and works until ${esc(expires)}.</p>
<p style="color:#5c554d">${esc(shop.siteName)} &middot; ${esc(shop.origin)}</p>
</body></html>`;
  return { kind: QUOTE_MAIL_KIND, to: q.email, subject: quoteSubject(q.quoteIncrementId, shop.siteName), html, text, ref: { type: 'quote', id: q.id } };
}
