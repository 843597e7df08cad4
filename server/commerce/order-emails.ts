/**
 * The two e-mails of a paid order, composed from the stored order only (never from what a
 * request says): the customer's `Order Confirmation #{id}` and the shop's `New Order #{id}` (to
 * the first admin address, the others in cc). Both carry the spec's e-mail data (spec 001
 * section 7): order number, items, subtotal, shipping and tax, total, date, customer name,
 * billing and shipping addresses with their phones, shipping method, payment method and the
 * payment status `Paid`. HTML and plain text; every stored value is escaped in the HTML.
 * An order paid through a test gateway (the sandbox) says so at the top of both e-mails.
 */
import { formatPrice, PAYMENT_MESSAGES, TEST_MODE_MESSAGES } from '../../engine/node.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import type { OrderAddressView, OrderView } from './order-store.ts';
import { isTestGateway } from './test-mode.ts';

export const ORDER_MAIL_KINDS = { customer: 'order-confirmation', admin: 'order-confirmation-admin' } as const;

export const customerSubject = (orderNumber: string) => `Order Confirmation #${orderNumber}`;
export const adminSubject = (orderNumber: string) => `New Order #${orderNumber}`;

/** Spec 001 section 8, for an order without that address. */
export const ADDRESS_MISSING = 'Address not available';

export interface ShopInfo {
  siteName: string;
  origin: string;
  adminEmails: readonly string[];
  /** Dates in e-mails are shown in the shop's time zone. */
  timeZone?: string;
}

export const DEFAULT_TIME_ZONE = 'America/New_York';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Spec 001 section 9: short month, day, year, 12-hour time with seconds. "Jan 15, 2025, 7:00:00 AM EST" */
export function formatOrderDate(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true, timeZone, timeZoneName: 'short' });
    dateFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function addressLines(a: OrderAddressView | undefined): string[] {
  if (!a) return [ADDRESS_MISSING];
  const country = a.countryId === 'US' ? 'United States' : a.countryId;
  return [`${a.firstName} ${a.lastName}`, a.street1, a.street2, `${a.city}, ${a.state} ${a.zipCode}`, country].filter((l) => l.trim() !== '');
}

/** The spec's e-mail data for an order. */
export function orderEmailData(order: OrderView, timeZone?: string) {
  const billing = order.addresses.find((a) => a.type === 'billing');
  const shipping = order.addresses.find((a) => a.type === 'shipping');
  return {
    orderId: order.orderIncrementId,
    subTotal: order.subtotal,
    total: order.total,
    items: order.items.map((i) => {
      const finish = i.customOptions?.finish?.label ?? '';
      // "Carlton sample door, Pure White" already names its finish.
      return { name: i.name, sku: i.sku, finish: i.name.toLowerCase().includes(finish.toLowerCase()) ? '' : finish, qty: i.qty, price: i.price, rowTotal: i.rowTotal };
    }),
    createdAt: formatOrderDate(order.createdAt, timeZone),
    customerName: `${order.firstName} ${order.lastName}`,
    customerEmail: order.email,
    billingAddress: addressLines(billing),
    shippingAddress: addressLines(shipping),
    billPhone: billing?.phoneNumber ?? '',
    shipPhone: shipping?.phoneNumber ?? '',
    shippingAmount: order.shippingAmount,
    taxAmount: order.taxAmount,
    shippingMethod: order.shippingLabel,
    paymentMethod: order.paymentMethodLabel,
    paymentStatus: PAYMENT_MESSAGES.paidStatus,
  };
}

type EmailData = ReturnType<typeof orderEmailData>;

/** Paid through a gateway that takes no real payment: its completed payment says which gateway. */
const paidInTestMode = (order: OrderView) => order.payments.some((p) => p.status === 'completed' && typeof p.additionalData.gateway === 'string' && isTestGateway(p.additionalData.gateway));

function text(d: EmailData, intro: string, shop: ShopInfo, testMode: boolean): string {
  const money = formatPrice;
  return [
    ...(testMode ? [TEST_MODE_MESSAGES.email, ''] : []),
    intro,
    '',
    `Order number: #${d.orderId}`,
    `Order date: ${d.createdAt}`,
    `Customer: ${d.customerName} <${d.customerEmail}>`,
    '',
    'Items:',
    ...d.items.map((i) => `- ${i.name}${i.finish ? ` (${i.finish})` : ''}, SKU ${i.sku}, qty ${i.qty}: ${money(i.rowTotal)}`),
    '',
    `Subtotal: ${money(d.subTotal)}`,
    `Shipping (${d.shippingMethod}): ${money(d.shippingAmount)}`,
    `Tax: ${money(d.taxAmount)}`,
    `Total: ${money(d.total)}`,
    '',
    `Payment method: ${d.paymentMethod}`,
    `Payment status: ${d.paymentStatus}`,
    '',
    'Billing address:',
    ...d.billingAddress,
    `Phone: ${d.billPhone}`,
    '',
    'Shipping address:',
    ...d.shippingAddress,
    `Phone: ${d.shipPhone}`,
    '',
    `${shop.siteName}`,
    shop.origin,
  ].join('\n');
}

function html(d: EmailData, title: string, intro: string, shop: ShopInfo, testMode: boolean): string {
  const money = (n: number) => esc(formatPrice(n));
  const cell = 'padding:8px;border-bottom:1px solid #d9d1c5;text-align:left;vertical-align:top';
  const num = `${cell};text-align:right;white-space:nowrap`;
  const rows = d.items
    .map(
      (i) =>
        `<tr><td style="${cell}">${esc(i.name)}${i.finish ? `<br><span style="color:#5c554d">${esc(i.finish)}</span>` : ''}</td><td style="${cell}">${esc(i.sku)}</td><td style="${num}">${i.qty}</td><td style="${num}">${money(i.rowTotal)}</td></tr>`,
    )
    .join('');
  const total = (label: string, value: string, strong = false) =>
    `<tr><td colspan="3" style="${num}">${strong ? `<strong>${label}</strong>` : label}</td><td style="${num}">${strong ? `<strong>${value}</strong>` : value}</td></tr>`;
  const address = (heading: string, lines: string[], phone: string) =>
    `<td style="padding:8px 16px 8px 0;vertical-align:top;width:50%"><h2 style="font-size:16px;margin:0 0 8px">${heading}</h2>${lines.map(esc).join('<br>')}${phone ? `<br>Phone: ${esc(phone)}` : ''}</td>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f2ec;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f1d1a">
<div style="max-width:640px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
${testMode ? `<p style="margin:0 0 16px;padding:8px 12px;border:2px solid #8a5a00;border-radius:6px;background:#fff4d6;color:#1f1d1a"><strong>${esc(TEST_MODE_MESSAGES.email)}</strong></p>` : ''}
<h1 style="font-size:22px;margin:0 0 12px">${esc(title)}</h1>
<p>${esc(intro)}</p>
<p><strong>Order number:</strong> #${esc(d.orderId)}<br><strong>Order date:</strong> ${esc(d.createdAt)}<br><strong>Customer:</strong> ${esc(d.customerName)} (${esc(d.customerEmail)})</p>
<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">
<thead><tr><th style="${cell}">Item</th><th style="${cell}">SKU</th><th style="${num}">Qty</th><th style="${num}">Total</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>${total('Subtotal', money(d.subTotal))}${total(`Shipping (${esc(d.shippingMethod)})`, money(d.shippingAmount))}${total('Tax', money(d.taxAmount))}${total('Total', money(d.total), true)}</tfoot>
</table>
<p><strong>Payment method:</strong> ${esc(d.paymentMethod)}<br><strong>Payment status:</strong> ${esc(d.paymentStatus)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse"><tr>${address('Billing address', d.billingAddress, d.billPhone)}${address('Shipping address', d.shippingAddress, d.shipPhone)}</tr></table>
<p style="margin-top:24px;color:#5c554d">${esc(shop.siteName)} &middot; <a href="${esc(shop.origin)}" style="color:#7a4a1f">${esc(shop.origin.replace(/^https?:\/\//, ''))}</a></p>
</div></body></html>`;
}

/** The customer's and the shop's e-mails of a paid order (the shop's only when an admin address is set). */
export function orderEmails(order: OrderView, shop: ShopInfo, o: { quoteIncrementId?: string } = {}): OutgoingMail[] {
  const d = orderEmailData(order, shop.timeZone);
  const testMode = paidInTestMode(order);
  const ref = { type: 'order', id: order.id };
  const customerTitle = customerSubject(d.orderId);
  // An order made from a paid quote (server/quotes) says so instead of "sample order".
  const customerIntro = o.quoteIncrementId
    ? `Thank you for your order, ${order.firstName}! We have received your payment for quote #${o.quoteIncrementId} and will let you know when it ships.`
    : `Thank you for your order, ${order.firstName}! We have received your sample order and will let you know when it ships.`;
  const mails: OutgoingMail[] = [
    {
      kind: ORDER_MAIL_KINDS.customer,
      to: order.email,
      subject: customerTitle,
      html: html(d, customerTitle, customerIntro, shop, testMode),
      text: text(d, customerIntro, shop, testMode),
      ref,
    },
  ];
  const [to, ...cc] = shop.adminEmails;
  if (to) {
    const adminTitle = adminSubject(d.orderId);
    const adminIntro = o.quoteIncrementId
      ? `${d.customerName} paid quote #${o.quoteIncrementId} as order #${d.orderId} (${formatPrice(d.total)}), paid by ${d.paymentMethod}.`
      : `${d.customerName} placed sample order #${d.orderId} (${formatPrice(d.total)}), paid by ${d.paymentMethod}.`;
    mails.push({ kind: ORDER_MAIL_KINDS.admin, to, cc, subject: adminTitle, html: html(d, adminTitle, adminIntro, shop, testMode), text: text(d, adminIntro, shop, testMode), ref });
  }
  return mails;
}

