/** Quotes for the shop's staff: create one with its link, list, cancel, queue the link to the customer. */
export {
  cancelQuote,
  createQuote,
  listQuotes,
  QuoteInputError,
  quoteIncrementIdFor,
  quoteLink,
  type QuoteInput,
} from './quote-store.ts';
export { queueQuoteLink } from './quote-email.ts';
export { systemClock } from '../clock.ts';
