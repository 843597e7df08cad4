/** The HTML part of the order e-mails (server/commerce/order-emails.ts composes them and their text). */
import type { CSSProperties } from 'react';
import { formatPrice, TEST_MODE_MESSAGES } from '../../engine/node.ts';
import { Lines, MailLayout, MAIL_COLORS, linkStyle, renderMail } from '../mail/layout.tsx';
import type { OrderEmailData, ShopInfo } from './order-emails.ts';

const cell: CSSProperties = {
  padding: 8,
  borderBottom: `1px solid ${MAIL_COLORS.rule}`,
  textAlign: 'left',
  verticalAlign: 'top',
};
const num: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' };

function TotalRow({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  const money = formatPrice(value);
  return (
    <tr>
      <td colSpan={3} style={num}>
        {strong ? <strong>{label}</strong> : label}
      </td>
      <td style={num}>{strong ? <strong>{money}</strong> : money}</td>
    </tr>
  );
}

function Address({ heading, lines, phone }: { heading: string; lines: string[]; phone: string }) {
  return (
    <td style={{ padding: '8px 16px 8px 0', verticalAlign: 'top', width: '50%' }}>
      <h2 style={{ fontSize: 16, margin: '0 0 8px' }}>{heading}</h2>
      <Lines text={lines.join('\n')} />
      {phone && (
        <>
          <br />
          Phone: {phone}
        </>
      )}
    </td>
  );
}

export function orderEmailHtml(
  d: OrderEmailData,
  title: string,
  intro: string,
  shop: ShopInfo,
  testMode: boolean,
): string {
  return renderMail(
    <MailLayout
      title={title}
      notice={testMode ? TEST_MODE_MESSAGES.email : undefined}
      footer={
        <>
          {shop.siteName} &middot;{' '}
          <a href={shop.origin} style={linkStyle}>
            {shop.origin.replace(/^https?:\/\//, '')}
          </a>
        </>
      }
    >
      <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>{title}</h1>
      <p>{intro}</p>
      <p>
        <strong>Order number:</strong> #{d.orderId}
        <br />
        <strong>Order date:</strong> {d.createdAt}
        <br />
        <strong>Customer:</strong> {d.customerName} ({d.customerEmail})
      </p>
      <h2 style={{ fontSize: 16, margin: '16px 0 0' }}>{d.linesHeading}</h2>
      <table role="presentation" style={{ width: '100%', borderCollapse: 'collapse', margin: '8px 0 16px' }}>
        <thead>
          <tr>
            <th style={cell}>Item</th>
            <th style={cell}>SKU</th>
            <th style={num}>Qty</th>
            <th style={num}>Total</th>
          </tr>
        </thead>
        <tbody>
          {d.items.map((i, n) => (
            <tr key={n}>
              <td style={cell}>
                {i.name}
                {i.detail && (
                  <>
                    <br />
                    <span style={{ color: MAIL_COLORS.muted }}>{i.detail}</span>
                  </>
                )}
              </td>
              <td style={cell}>{i.sku}</td>
              <td style={num}>{i.qty}</td>
              <td style={num}>{formatPrice(i.rowTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <TotalRow label="Subtotal" value={d.subTotal} />
          {d.discountAmount > 0 && <TotalRow label="Discount" value={-d.discountAmount} />}
          <TotalRow label={`Shipping (${d.shippingMethod})`} value={d.shippingAmount} />
          <TotalRow label="Tax" value={d.taxAmount} />
          <TotalRow label="Total" value={d.total} strong />
        </tfoot>
      </table>
      {d.shipNote && <p>{d.shipNote}</p>}
      <p>
        <strong>Payment method:</strong> {d.paymentMethod}
        <br />
        <strong>Payment status:</strong> {d.paymentStatus}
      </p>
      <table role="presentation" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          <tr>
            <Address heading="Billing address" lines={d.billingAddress} phone={d.billPhone} />
            <Address heading="Shipping address" lines={d.shippingAddress} phone={d.shipPhone} />
          </tr>
        </tbody>
      </table>
    </MailLayout>,
  );
}
