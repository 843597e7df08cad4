/** The HTML part of the quote link e-mail (server/quotes/quote-email.ts composes it and its text). */
import { formatPrice } from '../../engine/node.ts';
import { MailLayout, linkStyle, renderMail } from '../mail/layout.tsx';
import type { QuoteView } from './quote-store.ts';

export function quoteEmailHtml(
  q: QuoteView,
  link: string,
  expires: string,
  shop: { siteName: string; origin: string },
  title: string,
): string {
  return renderMail(
    <MailLayout
      title={title}
      footer={
        <>
          {shop.siteName} &middot; {shop.origin}
        </>
      }
    >
      <p>Hello {q.firstName},</p>
      <p>
        Your quote #{q.quoteIncrementId}
        {q.poNumber ? ` (PO ${q.poNumber})` : ''} is ready. Total: <strong>{formatPrice(q.total)}</strong>.
      </p>
      <ul>
        {q.items.map((i, n) => (
          <li key={n}>
            {i.name} (SKU {i.sku}), qty {i.qty}: {formatPrice(i.rowTotal)}
          </li>
        ))}
      </ul>
      <p>
        <a href={link} style={linkStyle}>
          Review and pay your quote
        </a>
      </p>
      <p>The link is personal and works until {expires}.</p>
    </MailLayout>,
  );
}
