/**
 * The quote as GET /api/quote answers it (its public fields, never the token hash): one shape
 * for the server that builds it and the quote payment page that shows it. Amounts in dollars.
 */
export type QuoteStatus = 'open' | 'paid' | 'canceled';

/** A stored address as the server answers it: the order's and the quote's, a gateway's bill-to and ship-to. */
export interface AddressView {
  email: string;
  firstName: string;
  lastName: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zipCode: string;
  countryId: string;
  phoneNumber: string;
}

export interface QuoteAddressView extends AddressView {
  id: number;
  type: 'billing' | 'shipping';
}

export interface QuoteItemView {
  id: number;
  name: string;
  sku: string;
  qty: number;
  price: number;
  rowTotal: number;
  notes: string | null;
}

export interface QuoteView {
  id: number;
  quoteIncrementId: string;
  poNumber: string | null;
  firstName: string;
  lastName: string;
  email: string;
  status: QuoteStatus;
  expiresAt: string;
  addresses: QuoteAddressView[];
  shippingMethod: string;
  shippingLabel: string;
  items: QuoteItemView[];
  additionalNotes: string | null;
  subtotal: number;
  shippingAmount: number;
  taxAmount: number;
  discountAmount: number;
  total: number;
  /** Set once the quote is paid: the order it became. */
  orderIncrementId: string | null;
}
