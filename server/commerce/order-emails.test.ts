import { describe, expect, it } from 'vitest';
import { orderEmailHtml } from './order-email-html.tsx';
import { formatOrderDate, orderEmailData, orderEmails } from './order-emails.ts';
import type { OrderView } from './order-store.ts';

const address = (type: 'billing' | 'shipping') => ({
  type,
  email: 'x@example.com',
  firstName: '<b>Eve</b>',
  lastName: 'Doe',
  street1: '1 Main Street',
  street2: '',
  city: 'Columbus',
  state: 'OH',
  zipCode: '43228',
  countryId: 'US',
  phoneNumber: '6145550143',
});

const order = {
  id: 7,
  orderIncrementId: '100000007',
  firstName: '<b>Eve</b>',
  lastName: 'Doe',
  email: 'eve@example.com',
  createdAt: '2025-07-04T18:30:05.000Z',
  items: [
    {
      sku: 'QZ-CG-CH-POL',
      name: 'Quartz <script>alert(1)</script>',
      qty: 1,
      price: 9.95,
      rowTotal: 9.95,
      customOptions: {
        finish: { type: 'surface', value: 'polished', label: 'Polished' },
        styleName: 'Q',
        styleTitle: 'Q',
      },
    },
  ],
  addresses: [address('billing'), address('shipping')],
  subtotal: 9.95,
  shippingAmount: 4.95,
  taxAmount: 1.12,
  total: 16.02,
  shippingLabel: 'Standard Sample Shipping',
  paymentMethodLabel: 'Credit or Debit Card',
  payments: [{ status: 'completed', additionalData: { gateway: 'authorize-net' } }],
} as unknown as OrderView;

const shop = {
  siteName: 'Hearthline Cabinetry',
  origin: 'https://www.hearthlinecabinetry.com',
  adminEmails: ['orders@example.com', 'a@example.com', 'b@example.com'],
};

describe('order e-mails', () => {
  it('customer: Order Confirmation #{id}; admin: New Order #{id} to the first admin address, the rest in cc', () => {
    const [customer, admin] = orderEmails(order, shop);
    expect(customer).toMatchObject({
      kind: 'order-confirmation',
      to: 'eve@example.com',
      subject: 'Order Confirmation #100000007',
      ref: { type: 'order', id: 7 },
    });
    expect(customer!.cc).toBeUndefined();
    expect(admin).toMatchObject({
      kind: 'order-confirmation-admin',
      to: 'orders@example.com',
      cc: ['a@example.com', 'b@example.com'],
      subject: 'New Order #100000007',
    });
    expect(orderEmails(order, { ...shop, adminEmails: [] })).toHaveLength(1);
  });

  it('escapes every stored value in the HTML', () => {
    const [customer] = orderEmails(order, shop);
    expect(customer!.html).not.toContain('<script>');
    expect(customer!.html).not.toContain('<b>Eve</b>');
    expect(customer!.html).toContain('Quartz &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(customer!.text).toContain('Quartz <script>alert(1)</script> (Polished), SKU QZ-CG-CH-POL, qty 1: $9.95');
  });

  it('both e-mails, rendered once and filled in, are byte for byte the HTML of rendering each alone; the full text parts', () => {
    // Values with every character React escapes, and a replacement pattern ("$&").
    const hostile = { ...order, firstName: `O'Brien "Al" & <i>$&</i> $$`, lastName: `D'Arc & Co` } as OrderView;
    for (const o of [order, hostile]) {
      const [customer, admin] = orderEmails(o, shop);
      const d = orderEmailData(o);
      expect(customer!.html).toBe(orderEmailHtml(d, customer!.subject, customer!.text.split('\n')[0]!, shop, false));
      expect(admin!.html).toBe(orderEmailHtml(d, admin!.subject, admin!.text.split('\n')[0]!, shop, false));
    }
    const [customer, admin] = orderEmails(hostile, shop);
    const body = [
      '',
      'Order number: #100000007',
      'Order date: Jul 4, 2025, 2:30:05 PM EDT',
      `Customer: O'Brien "Al" & <i>$&</i> $$ D'Arc & Co <eve@example.com>`,
      '',
      'Samples:',
      '- Quartz <script>alert(1)</script> (Polished), SKU QZ-CG-CH-POL, qty 1: $9.95',
      '',
      'Subtotal: $9.95',
      'Shipping (Standard Sample Shipping): $4.95',
      'Tax: $1.12',
      'Total: $16.02',
      '',
      'We will e-mail tracking details as soon as your samples leave our warehouse.',
      '',
      'Payment method: Credit or Debit Card',
      'Payment status: Paid',
      '',
      ...['Billing address:', 'Shipping address:'].flatMap((heading) => [
        heading,
        '<b>Eve</b> Doe',
        '1 Main Street',
        'Columbus, OH 43228',
        'United States',
        'Phone: 6145550143',
        '',
      ]),
      'Hearthline Cabinetry',
      'https://www.hearthlinecabinetry.com',
    ];
    expect(customer!.text).toBe(
      [
        `Thank you for your order, O'Brien "Al" & <i>$&</i> $$! We have received your order of 1 sample and will let you know when they ship.`,
        ...body,
      ].join('\n'),
    );
    expect(admin!.text).toBe(
      [
        `O'Brien "Al" & <i>$&</i> $$ D'Arc & Co placed sample order #100000007 (1 sample, $16.02), paid by Credit or Debit Card.`,
        ...body,
      ].join('\n'),
    );
    expect(customer!.html).toContain(
      `<p>Thank you for your order, O&#x27;Brien &quot;Al&quot; &amp; &lt;i&gt;$&amp;&lt;/i&gt; $$!`,
    );
  });

  it("a quote's order: the quote's lines with their notes, its discount, no samples' shipping note", () => {
    const quoteOrder = {
      ...order,
      items: [
        {
          sku: 'CARLTON-B36-PW',
          name: 'Carlton base cabinet B36',
          qty: 2,
          price: 1250,
          rowTotal: 2500,
          customOptions: { notes: 'Soft-close hinges', quoteItemId: 1 },
        },
        {
          sku: 'TK-8',
          name: 'Toe kick 8 ft',
          qty: 1,
          price: 89.99,
          rowTotal: 89.99,
          customOptions: { notes: null, quoteItemId: 2 },
        },
      ],
      subtotal: 2589.99,
      shippingAmount: 150,
      taxAmount: 181.3,
      total: 2821.29,
      shippingLabel: 'Freight',
    } as unknown as OrderView;
    const [customer, admin] = orderEmails(quoteOrder, shop, { quoteIncrementId: 'Q100000003' });
    expect(customer!.text.split('\n')[0]).toBe(
      'Thank you for your order, <b>Eve</b>! We have received your payment of $2,821.29 for quote #Q100000003 (2 lines) and will let you know when it ships.',
    );
    expect(admin!.text.split('\n')[0]).toBe(
      '<b>Eve</b> Doe paid quote #Q100000003 as order #100000007 ($2,821.29), paid by Credit or Debit Card.',
    );
    for (const m of [customer!, admin!]) {
      const text = m.text.split('\n');
      const from = text.indexOf('Quote #Q100000003:');
      expect(text.slice(from, from + 10)).toEqual([
        'Quote #Q100000003:',
        '- Carlton base cabinet B36 (Soft-close hinges), SKU CARLTON-B36-PW, qty 2: $2,500.00',
        '- Toe kick 8 ft, SKU TK-8, qty 1: $89.99',
        '',
        'Subtotal: $2,589.99',
        'Discount: -$100.00',
        'Shipping (Freight): $150.00',
        'Tax: $181.30',
        'Total: $2,821.29',
        '',
      ]);
      expect(m.text).not.toContain('Sample');
      expect(m.html).not.toContain('Sample');
      expect(m.html).toContain('<h2 style="font-size:16px;margin:16px 0 0">Quote #Q100000003</h2>');
      expect(m.html).toContain('Soft-close hinges');
      expect(m.html).toContain('-$100.00');
    }
  });

  it('dates: short month, day, year, 12-hour time with seconds, in the shop time zone', () => {
    expect(formatOrderDate('2025-07-04T18:30:05.000Z')).toBe('Jul 4, 2025, 2:30:05 PM EDT');
  });

  it('dates one after the other, in the same second or not, in two time zones, each as Intl writes it', () => {
    const intl = (iso: string, timeZone: string) =>
      new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
        hour12: true,
        timeZone,
        timeZoneName: 'short',
      }).format(new Date(iso));
    const isos = [
      '2025-07-04T18:30:05.000Z',
      '2025-07-04T18:30:05.999Z',
      '2025-07-04T18:30:06.000Z',
      '2025-11-02T05:59:59.500Z',
      '2025-11-02T06:00:00.000Z',
      '2025-07-04T18:30:05.500Z',
      '1969-12-31T23:59:59.500Z',
    ];
    for (const zone of ['America/New_York', 'Europe/London', 'America/New_York', 'Asia/Kathmandu'])
      for (const iso of [...isos, ...isos.toReversed()]) expect(formatOrderDate(iso, zone)).toBe(intl(iso, zone));
    expect(() => formatOrderDate('not a date')).toThrow(RangeError);
  });

  it('an order paid through the sandbox says test mode in both e-mails, text and HTML; a real gateway does not', () => {
    const NOTE = 'Test mode: no real payment was taken for this order.';
    const sandboxPaid = {
      ...order,
      payments: [
        { status: 'failed', additionalData: { gateway: 'authorize-net' } },
        { status: 'completed', additionalData: { gateway: 'sandbox' } },
      ],
    } as unknown as OrderView;
    const mails = orderEmails(sandboxPaid, shop);
    expect(mails).toHaveLength(2);
    for (const m of mails) {
      expect(m.text.split('\n')[0]).toBe(NOTE);
      expect(m.html).toContain(`<strong>${NOTE}</strong>`);
    }
    for (const m of orderEmails(order, shop)) {
      expect(m.text).not.toContain('Test mode');
      expect(m.html).not.toContain('Test mode');
    }
  });
});
