/** The HTML part of the quote link e-mail (server/quotes/quote-email.ts composes it and its text). */
import { formatPrice } from '../../engine/node.ts';
import { MailLayout, linkStyle, renderMail } from '../mail/layout.tsx';
import type { QuoteView } from './quote-store.ts';

/** The quote's charges under its lines, as [label, amount]: the discount only when there is one. */
export function quoteTotals(q: QuoteView): [string, number][] {
  return [
    ['Subtotal', q.subtotal],
    ...(q.discountAmount > 0 ? [['Discount', -q.discountAmount] as [string, number]] : []),
    [`Shipping (${q.shippingLabel})`, q.shippingAmount],
    ['Tax', q.taxAmount],
    ['Total', q.total],
  ];
}

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
            {i.name}
            {i.notes ? ` (${i.notes})` : ''}, SKU {i.sku}, qty {i.qty}: {formatPrice(i.rowTotal)}
          </li>
        ))}
      </ul>
      <p>
        {quoteTotals(q).map(([label, value], n, all) => (
          <span key={n}>
            {n > 0 && <br />}
            {label}: {n === all.length - 1 ? <strong>{formatPrice(value)}</strong> : formatPrice(value)}
          </span>
        ))}
      </p>
      <p>
        <a href={link} style={linkStyle}>
          Review and pay your quote
        </a>
      </p>
      <p>The link is personal and works until {expires}.</p>
    </MailLayout>,
  );
}
