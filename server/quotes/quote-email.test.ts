import { describe, expect, it } from 'vitest';
import { quoteLinkEmail } from './quote-email.ts';
import type { QuoteView } from './quote-store.ts';

const quote = {
  id: 3,
  quoteIncrementId: 'Q100000003',
  poNumber: null,
  firstName: 'Ada',
  email: 'ada@example.com',
  expiresAt: '2025-02-01T00:00:00.000Z',
  items: [
    { name: 'Carlton base cabinet B36', sku: 'CARLTON-B36-PW', qty: 2, rowTotal: 2500, notes: 'Soft-close hinges' },
    { name: 'Toe kick 8 ft', sku: 'TK-8', qty: 1, rowTotal: 89.99, notes: null },
  ],
  subtotal: 2589.99,
  discountAmount: 100,
  shippingLabel: 'Freight',
  shippingAmount: 150,
  taxAmount: 181.3,
  total: 2821.29,
} as unknown as QuoteView;

const shop = { siteName: 'Hearthline Cabinetry', origin: 'https://shop.example' };

describe('quote link e-mail', () => {
  it("lists the quote's lines with their notes, then its charges down to the total", () => {
    const mail = quoteLinkEmail(quote, 'https://shop.example/quote/payment?quoteId=3&token=t', shop);
    const text = mail.text.split('\n');
    const from = text.indexOf('- Carlton base cabinet B36 (Soft-close hinges), SKU CARLTON-B36-PW, qty 2: $2,500.00');
    expect(text.slice(from, from + 8)).toEqual([
      '- Carlton base cabinet B36 (Soft-close hinges), SKU CARLTON-B36-PW, qty 2: $2,500.00',
      '- Toe kick 8 ft, SKU TK-8, qty 1: $89.99',
      '',
      'Subtotal: $2,589.99',
      'Discount: -$100.00',
      'Shipping (Freight): $150.00',
      'Tax: $181.30',
      'Total: $2,821.29',
    ]);
    expect(mail.html).toContain('Carlton base cabinet B36 (Soft-close hinges), SKU CARLTON-B36-PW, qty 2: $2,500.00');
    expect(mail.html).toContain('Discount: -$100.00');
    expect(mail.html).toContain('Total: <strong>$2,821.29</strong>');
  });

  it('leaves the discount out when there is none', () => {
    const mail = quoteLinkEmail({ ...quote, discountAmount: 0 }, 'https://shop.example/q', shop);
    expect(mail.text).not.toContain('Discount');
    expect(mail.html).not.toContain('Discount');
  });
});
