/**
 * The one interface every payment provider implements (DESIGN.md section 5): the server hands
 * it the amount it computed and the card as the direct-entry gateway takes it; the provider
 * answers with the spec's status (mapped from its response code or intent status) and what may
 * be stored: a transaction id, a message, the card's brand and last 4 digits. Never the number.
 */
import type { PaymentStatus } from '../../engine/commerce/payment-status.ts';

export interface CardDetails {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvv: string;
}

export interface ChargeRequest {
  /** Integer cents: the order total the server computed. */
  amountCents: number;
  currency: 'usd';
  card: CardDetails;
  orderId: number;
  orderIncrementId: string;
  email: string;
  description: string;
}

export interface ChargeResult {
  status: PaymentStatus;
  /** The provider's reference (charge or payment intent id). */
  transactionId: string | null;
  /** Direct-entry gateway response code (1 approved, 2 pending, 3 declined, 4 held for review). */
  responseCode?: number;
  /** Card provider intent status (succeeded, requires_action ...). */
  intentStatus?: string;
  /** What the provider said, for the shopper and the history. */
  message: string;
  card?: { brand: string; last4: string };
  /**
   * The card holder must authenticate first (intent status requires_action): the secret that
   * lets the shopper's browser finish and verify this payment, and only that.
   */
  clientSecret?: string;
}

export interface PaymentProvider {
  /** The gateway name in data/payment-methods.json. */
  readonly gateway: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The outcome of a payment that waited for the card holder's authentication. */
  completeAuthentication?(transactionId: string, approved: boolean): Promise<ChargeResult>;
}

/** Providers by gateway name. A method whose gateway has none here is "not available". */
export type PaymentProviders = Readonly<Record<string, PaymentProvider | undefined>>;
