/**
 * What can go wrong in the shop's own words. Commerce code (checkout, payments, quotes) raises
 * these; the HTTP layer turns a kind into a status code (server/http/domain-errors.ts), so the
 * same services serve the API, the CLI and the reconciler.
 */
export type CommerceErrorKind =
  /** The request does not apply (a field, an amount, a method the shop does not offer). */
  | 'invalid'
  /** The caller may not touch this order (a wrong or expired token). */
  | 'forbidden'
  | 'not-found'
  /** The order's state forbids it now (paid, being paid, under review). */
  | 'conflict'
  /** Too many failed attempts. */
  | 'too-many'
  /** The payment provider did not answer. */
  | 'provider-failed'
  /** The shop cannot take this now (its data or a provider is missing): try later. */
  | 'unavailable'
  /** A quote link that opens no quote (unknown, wrong token, expired, canceled). */
  | 'bad-link';

export class CommerceError extends Error {
  constructor(
    readonly kind: CommerceErrorKind,
    message: string,
    /** Messages by field ("billing.zipCode"), for a form to show beside each field. */
    readonly fields?: Record<string, string>,
    /** More of the answer's body (a quote link's errorType). */
    readonly extra?: Record<string, string>,
  ) {
    super(message);
    this.name = 'CommerceError';
  }
}
