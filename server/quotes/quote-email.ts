/**
 * The e-mail carrying a quote's payment link (`joinery quote create --send`), composed from the
 * stored quote only, queued through the outbox like every other message.
 */
import { formatPrice } from '../../engine/node.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { enqueueMail, type OutgoingMail } from '../mail/outbox.ts';
import { quoteEmailHtml, quoteTotals } from './quote-email-html.tsx';
import type { QuoteView } from './quote-store.ts';

const QUOTE_MAIL_KIND = 'quote-link';

const quoteSubject = (quoteNumber: string, siteName: string) => `Your quote #${quoteNumber} from ${siteName}`;

export function quoteLinkEmail(q: QuoteView, link: string, shop: { siteName: string; origin: string }): OutgoingMail {
  const expires = new Date(q.expiresAt).toUTCString();
  const lines = q.items.map(
    (i) => `- ${i.name}${i.notes ? ` (${i.notes})` : ''}, SKU ${i.sku}, qty ${i.qty}: ${formatPrice(i.rowTotal)}`,
  );
  const text = [
    `Hello ${q.firstName},`,
    '',
    `Your quote #${q.quoteIncrementId}${q.poNumber ? ` (PO ${q.poNumber})` : ''} is ready. Total: ${formatPrice(q.total)}.`,
    '',
    ...lines,
    '',
    ...quoteTotals(q).map(([label, value]) => `${label}: ${formatPrice(value)}`),
    '',
    `Review and pay it here: ${link}`,
    `The link is personal and works until ${expires}.`,
    '',
    shop.siteName,
    shop.origin,
  ].join('\n');
  const html = quoteEmailHtml(q, link, expires, shop, quoteSubject(q.quoteIncrementId, shop.siteName));
  return {
    kind: QUOTE_MAIL_KIND,
    to: q.email,
    subject: quoteSubject(q.quoteIncrementId, shop.siteName),
    html,
    text,
    ref: { type: 'quote', id: q.id },
  };
}

/** Queues the quote's link to its customer; the running server's outbox worker sends it. */
export const queueQuoteLink = (
  db: Kysely<Database>,
  q: QuoteView,
  link: string,
  shop: { siteName: string; origin: string },
  clock: Clock,
): Promise<number> => enqueueMail(db, quoteLinkEmail(q, link, shop), clock);
