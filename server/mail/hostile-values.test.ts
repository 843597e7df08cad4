/**
 * A value someone else typed (a name on an order or a quote, a PO number, a site name, a link)
 * arrives in every e-mail's HTML part as text, never as markup: React escapes it where it lands,
 * and the plain-text part keeps it as typed.
 */
import { describe, expect, it } from 'vitest';
import { orderEmails } from '../commerce/order-emails.ts';
import type { OrderView } from '../commerce/order-store.ts';
import { confirmMail } from '../newsletter/confirm-mail.ts';
import { welcomeMail } from '../newsletter/welcome-mail.ts';
import { quoteLinkEmail } from '../quotes/quote-email.ts';
import type { QuoteView } from '../quotes/quote-store.ts';

const SCRIPT = '<script>alert(1)</script>';
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;';
const ATTR = '"><img src=x onerror=alert(1)>';

/** No element or attribute the hostile values could have opened. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>/i);
  expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
}

describe('hostile values in e-mails', () => {
  it('an order: the customer name and address arrive escaped', () => {
    const address = (type: string) => ({
      type,
      firstName: SCRIPT,
      lastName: ATTR,
      street1: '1 Main Street',
      street2: '',
      city: 'Columbus',
      state: 'OH',
      zipCode: '43228',
      countryId: 'US',
      phoneNumber: '6145550143',
      email: 'x@example.com',
    });
    const order = {
      id: 1,
      orderIncrementId: '100000001',
      firstName: SCRIPT,
      lastName: ATTR,
      email: 'eve@example.com',
      createdAt: '2025-07-04T18:30:05.000Z',
      items: [{ sku: 'S1', name: 'Sample door', qty: 1, price: 9.95, rowTotal: 9.95, customOptions: {} }],
      addresses: [address('billing'), address('shipping')],
      subtotal: 9.95,
      shippingAmount: 0,
      taxAmount: 0,
      total: 9.95,
      shippingLabel: ATTR,
      paymentMethodLabel: 'Card',
      payments: [],
    } as unknown as OrderView;
    const [customer, admin] = orderEmails(order, {
      siteName: 'Shop',
      origin: 'https://shop.test',
      adminEmails: ['orders@shop.test'],
    });
    for (const m of [customer!, admin!]) {
      expectInert(m.html);
      expect(m.html).toContain(ESCAPED);
      expect(m.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    }
    expect(customer!.text).toContain(`Thank you for your order, ${SCRIPT}!`);
  });

  it('a quote: the name, the PO number and the link arrive escaped', () => {
    const quote = {
      id: 3,
      quoteIncrementId: 'Q100000003',
      poNumber: ATTR,
      firstName: SCRIPT,
      lastName: 'Byron',
      email: 'ada@example.com',
      status: 'open',
      expiresAt: '2026-12-01T10:00:00.000Z',
      addresses: [],
      shippingMethod: 'freight',
      shippingLabel: 'Freight',
      items: [{ name: SCRIPT, sku: 'B36', qty: 1, price: 10, rowTotal: 10, notes: null }],
      additionalNotes: null,
      subtotal: 10,
      shippingAmount: 0,
      taxAmount: 0,
      discountAmount: 0,
      total: 10,
      orderIncrementId: null,
    } as unknown as QuoteView;
    const m = quoteLinkEmail(quote, `https://shop.test/quote/payment?quoteId=3&token=${ATTR}`, {
      siteName: 'Shop',
      origin: 'https://shop.test',
    });
    expectInert(m.html);
    expect(m.html).toContain(`<p>Hello ${ESCAPED},</p>`);
    expect(m.html).toContain(
      'href="https://shop.test/quote/payment?quoteId=3&amp;token=&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"',
    );
    expect(m.text).toContain(`Hello ${SCRIPT},`);
  });

  it('the newsletter e-mails: a site name and a token arrive escaped', () => {
    for (const m of [
      confirmMail({
        to: 'a@example.com',
        token: ATTR,
        origin: 'https://shop.test',
        siteName: SCRIPT,
        subscriptionId: 1,
      }),
      welcomeMail({
        to: 'a@example.com',
        token: ATTR,
        origin: 'https://shop.test',
        siteName: SCRIPT,
        subscriptionId: 1,
      }),
    ]) {
      expectInert(m.html);
      expect(m.html).toContain(ESCAPED);
      expect(m.subject).toContain(SCRIPT);
    }
  });
});
