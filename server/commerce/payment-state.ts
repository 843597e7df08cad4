/**
 * A payment's stored state (payments.state): one provider-neutral word for where the attempt
 * stands, written by the steps that change it. The payment status the API shows (pending, completed,
 * failed, on_hold) stays beside it; the state says what the status alone cannot.
 *
 * - created: written, the provider's answer not yet settled (an attempt whose answer may be lost)
 * - authorizing: at the provider, undecided there (pending, nothing asked of anyone)
 * - awaiting_customer: the card holder must authenticate
 * - in_review: held for a person's review at the gateway (or by the shop: an amount that differs)
 * - captured: the money came (status completed)
 * - failed: declined, or never reached the provider
 * - canceled: an authentication the shop canceled (the order changed, another attempt started,
 *   or its answer was lost); not a declined card
 */
import type { PaymentStatus } from '../../engine/node.ts';
import type { NextStep } from '../payments/provider.ts';

import type { PaymentState } from '../db/schema.ts';

export type { PaymentState };

/** The state a settled answer puts a payment in. */
export function stateAfter(
  status: PaymentStatus,
  next: NextStep | undefined,
  transactionId: string | null,
): PaymentState {
  if (status === 'completed') return 'captured';
  if (status === 'failed') return next === 'authenticate' ? 'canceled' : 'failed';
  if (next === 'authenticate') return 'awaiting_customer';
  if (next === 'review' || status === 'on_hold') return 'in_review';
  return transactionId === null ? 'created' : 'authorizing';
}

/** A payment the shop canceled stays canceled whatever the provider says of it later (it declines it). */
export const settledState = (from: PaymentState, to: PaymentState): PaymentState =>
  from === 'canceled' && to === 'failed' ? 'canceled' : to;
