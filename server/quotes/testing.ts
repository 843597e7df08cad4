/** Fixtures for quote tests (never imported by production code). */
import type { QuoteInput } from './quote-store.ts';

const ADA = {
  firstName: 'Ada',
  lastName: 'Byron',
  email: 'ada@example.com',
  phoneNumber: '6145550143',
  street1: '12 Mill Lane',
  city: 'Columbus',
  state: 'OH',
  zipCode: '43215',
  countryId: 'US',
};

/** A kitchen quote: 2 x $1,250.00 + 1 x $89.99 = $2,589.99; + $150 shipping + $181.30 tax - $100 discount = $2,821.29. */
export function quoteInput(over: Partial<QuoteInput> = {}): QuoteInput {
  return {
    poNumber: 'PO-1042',
    firstName: 'Ada',
    lastName: 'Byron',
    email: 'ada@example.com',
    billingAddress: ADA,
    shippingAddress: { ...ADA, street1: '400 Oak Street', city: 'Dublin', zipCode: '43017' },
    shippingMethod: 'freight',
    shippingLabel: 'Freight delivery',
    items: [
      {
        name: 'Carlton base cabinet B36, Pure White',
        sku: 'CARLTON-B36-PW',
        qty: 2,
        price: 1250,
        notes: 'Soft-close hinges',
      },
      { name: 'Toe kick 8 ft', sku: 'TK-8', qty: 1, price: 89.99 },
    ],
    additionalNotes: 'Deliver after 9 am.',
    shippingAmount: 150,
    taxAmount: 181.3,
    discountAmount: 100,
    ...over,
  };
}

export const QUOTE_TOTAL = 2821.29;
