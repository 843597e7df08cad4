/** The quote payment page's texts, shared by the page and the API. */
export const QUOTE_MESSAGES = {
  expired: 'The quote link has expired. Please contact admin to receive a new payment link.',
  notFound: 'Quote not found. The link may be incorrect.',
  /** A quote already paid shows this with its order number. */
  alreadyPaid: 'This quote has already been paid.',
  converted: 'Quote converted to order successfully',
  loading: 'Loading quote...',
} as const;

/** The 400 answers of GET /api/quote. */
export const QUOTE_ERROR_TYPES = { expired: 'tokenExpired', notFound: 'quoteNotExist' } as const;
