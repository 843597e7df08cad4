/**
 * The two e-mails of a paid order, composed from the stored order only (never from what a
 * request says): the customer's `Order Confirmation #{id}` and the shop's `New Order #{id}` (to
 * the first admin address, the others in cc). Both carry the same data:
 * order number, items, subtotal, shipping and tax, total, date, customer name,
 * billing and shipping addresses with their phones, shipping method, payment method and the
 * payment status `Paid`. They speak of what was bought: a sample order lists its samples and
 * says when samples ship; a paid quote's order lists the quote's lines with their notes and the
 * quote's discount. HTML (order-email-html.tsx, React escapes every value) and plain text.
 * An order paid through a test gateway (the sandbox) says so at the top of both e-mails.
 */
import { formatPrice, PAYMENT_MESSAGES, TEST_MODE_MESSAGES } from '../../engine/node.ts';
import { mailTemplate } from '../mail/layout.tsx';
import type { OutgoingMail } from '../mail/outbox.ts';
import { orderEmailHtml } from './order-email-html.tsx';
import type { TypedAddressView } from './address-columns.ts';
import type { OrderView } from './order-store.ts';
import { isTestGateway } from './test-mode.ts';

export const ORDER_MAIL_KINDS = { customer: 'order-confirmation', admin: 'order-confirmation-admin' } as const;

const customerSubject = (orderNumber: string) => `Order Confirmation #${orderNumber}`;
const adminSubject = (orderNumber: string) => `New Order #${orderNumber}`;

/** Shown in an order e-mail for an order without that address. */
const ADDRESS_MISSING = 'Address not available';

export interface ShopInfo {
  siteName: string;
  origin: string;
  adminEmails: readonly string[];
  /** Dates in e-mails are shown in the shop's time zone. */
  timeZone?: string;
}

const DEFAULT_TIME_ZONE = 'America/New_York';

/** One formatter per time zone. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Short month, day, year, 12-hour time with seconds: "Jan 15, 2025, 7:00:00 AM EST". */
export function formatOrderDate(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
      timeZone,
      timeZoneName: 'short',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(Date.parse(iso));
}

function addressLines(a: TypedAddressView | undefined): string[] {
  if (!a) return [ADDRESS_MISSING];
  const country = a.countryId === 'US' ? 'United States' : a.countryId;
  return [`${a.firstName} ${a.lastName}`, a.street1, a.street2, `${a.city}, ${a.state} ${a.zipCode}`, country].filter(
    (l) => l.trim() !== '',
  );
}

/** Said by every sample order's e-mails and its success page; the delivery time is the chosen method's, shown at checkout. */
const SAMPLES_SHIP_NOTE = 'We will e-mail tracking details as soon as your samples leave our warehouse.';

/** What a line adds to its name: a sample's finish (unless the name says it), a quote line's notes. */
function lineDetail(i: OrderView['items'][number]): string {
  const notes = (i.customOptions as { notes?: unknown } | undefined)?.notes;
  if (typeof notes === 'string') return notes;
  const finish = i.customOptions?.finish?.label ?? '';
  // "Carlton sample door, Pure White" already names its finish.
  return i.name.toLowerCase().includes(finish.toLowerCase()) ? '' : finish;
}

/** The order e-mails' data for an order; `quoteIncrementId` for the order of a paid quote. */
export function orderEmailData(order: OrderView, timeZone?: string, quoteIncrementId?: string) {
  const billing = order.addresses.find((a) => a.type === 'billing');
  const shipping = order.addresses.find((a) => a.type === 'shipping');
  // A quote's discount is what its lines and charges exceed its total by.
  const discount = Math.round((order.subtotal + order.shippingAmount + order.taxAmount - order.total) * 100) / 100;
  return {
    orderId: order.orderIncrementId,
    /** What the lines are: a quote's lines, or samples. */
    linesHeading: quoteIncrementId ? `Quote #${quoteIncrementId}` : 'Samples',
    /** When what was bought ships: said for samples only. */
    shipNote: quoteIncrementId ? '' : SAMPLES_SHIP_NOTE,
    subTotal: order.subtotal,
    discountAmount: Math.max(discount, 0),
    total: order.total,
    items: order.items.map((i) => ({
      name: i.name,
      sku: i.sku,
      detail: lineDetail(i),
      qty: i.qty,
      price: i.price,
      rowTotal: i.rowTotal,
    })),
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

export type OrderEmailData = ReturnType<typeof orderEmailData>;

/** Paid through a gateway that takes no real payment: its completed payment says which gateway. */
const paidInTestMode = (order: OrderView) =>
  order.payments.some(
    (p) =>
      p.status === 'completed' &&
      typeof p.additionalData.gateway === 'string' &&
      isTestGateway(p.additionalData.gateway),
  );

/** The plain-text part for an intro (composed once for both e-mails). */
function textOf(d: OrderEmailData, shop: ShopInfo, testMode: boolean): (intro: string) => string {
  const money = formatPrice;
  const before = testMode ? `${TEST_MODE_MESSAGES.email}\n\n` : '';
  const after = [
    '',
    `Order number: #${d.orderId}`,
    `Order date: ${d.createdAt}`,
    `Customer: ${d.customerName} <${d.customerEmail}>`,
    '',
    `${d.linesHeading}:`,
    ...d.items.map(
      (i) => `- ${i.name}${i.detail ? ` (${i.detail})` : ''}, SKU ${i.sku}, qty ${i.qty}: ${money(i.rowTotal)}`,
    ),
    '',
    `Subtotal: ${money(d.subTotal)}`,
    ...(d.discountAmount ? [`Discount: -${money(d.discountAmount)}`] : []),
    `Shipping (${d.shippingMethod}): ${money(d.shippingAmount)}`,
    `Tax: ${money(d.taxAmount)}`,
    `Total: ${money(d.total)}`,
    '',
    ...(d.shipNote ? [d.shipNote, ''] : []),
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
  return (intro) => `${before}${intro}\n${after}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const linesCount = (items: OrderEmailData['items']) => plural(items.length, 'line', 'lines');
const samplesCount = (items: OrderEmailData['items']) =>
  plural(
    items.reduce((n, i) => n + i.qty, 0),
    'sample',
    'samples',
  );

/** The customer's and the shop's e-mails of a paid order (the shop's only when an admin address is set). */
export function orderEmails(order: OrderView, shop: ShopInfo, o: { quoteIncrementId?: string } = {}): OutgoingMail[] {
  const d = orderEmailData(order, shop.timeZone, o.quoteIncrementId);
  const testMode = paidInTestMode(order);
  const ref = { type: 'order', id: order.id };
  const [to, ...cc] = shop.adminEmails;
  // The two e-mails differ only in title and intro: with an admin address, render once and fill in each.
  const html: (v: { title: string; intro: string }) => string = to
    ? mailTemplate(['title', 'intro'], (m) => orderEmailHtml(d, m.title, m.intro, shop, testMode))
    : (v) => orderEmailHtml(d, v.title, v.intro, shop, testMode);
  const text = textOf(d, shop, testMode);
  const customerTitle = customerSubject(d.orderId);
  // An order made from a paid quote (server/quotes) says so instead of "sample order".
  const customerIntro = o.quoteIncrementId
    ? `Thank you for your order, ${order.firstName}! We have received your payment of ${formatPrice(d.total)} for quote #${o.quoteIncrementId} (${linesCount(d.items)}) and will let you know when it ships.`
    : `Thank you for your order, ${order.firstName}! We have received your order of ${samplesCount(d.items)} and will let you know when they ship.`;
  const mails: OutgoingMail[] = [
    {
      kind: ORDER_MAIL_KINDS.customer,
      to: order.email,
      subject: customerTitle,
      html: html({ title: customerTitle, intro: customerIntro }),
      text: text(customerIntro),
      ref,
    },
  ];
  if (to) {
    const adminTitle = adminSubject(d.orderId);
    const adminIntro = o.quoteIncrementId
      ? `${d.customerName} paid quote #${o.quoteIncrementId} as order #${d.orderId} (${formatPrice(d.total)}), paid by ${d.paymentMethod}.`
      : `${d.customerName} placed sample order #${d.orderId} (${samplesCount(d.items)}, ${formatPrice(d.total)}), paid by ${d.paymentMethod}.`;
    mails.push({
      kind: ORDER_MAIL_KINDS.admin,
      to,
      cc,
      subject: adminTitle,
      html: html({ title: adminTitle, intro: adminIntro }),
      text: text(adminIntro),
      ref,
    });
  }
  return mails;
}
