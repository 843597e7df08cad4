/**
 * The recover step (see pay.ts): what became of an attempt whose answer was lost, asked of its
 * provider by our reference. Compensation: an authentication found waiting is canceled at the
 * provider, since the answer that carried it to the card holder is lost.
 */
import type { OrderRow, PaymentRow } from '../db/schema.ts';
import type { AttemptRef, ChargeResult, PaymentProvider } from '../payments/provider.ts';
import { incrementIdFor } from './order-store.ts';
import { attemptKey } from './pay-attempt.ts';
import { PAY_TEXTS } from './pay-answer.ts';

/**
 * What became of an attempt whose answer was lost, by our reference (`find` never charges): an
 * authentication nobody can complete is canceled; without `find` a person checks.
 */
export async function lostAttemptResult(
  provider: PaymentProvider | undefined,
  p: PaymentRow,
  row: OrderRow,
): Promise<ChargeResult> {
  const ref: AttemptRef = {
    idempotencyKey: attemptKey(row.id, p.id),
    paymentId: p.id,
    orderId: row.id,
    orderIncrementId: row.order_increment_id ?? incrementIdFor(row.id),
    amountCents: p.amount_cents,
    createdAt: p.created_at,
  };
  let result: ChargeResult;
  if (!provider?.find) {
    // Money may have moved and nothing can tell: a person checks (joinery orders --status on_hold).
    result = { status: 'on_hold', next: 'review', transactionId: null, message: PAY_TEXTS.noLookup };
  } else {
    const found = await provider.find(ref);
    if (!found) result = { status: 'failed', transactionId: null, message: PAY_TEXTS.neverCharged };
    else if (found.next === 'authenticate') {
      // The answer that carried the authentication step is lost: nobody can complete it.
      if (found.transactionId && provider.cancel) await provider.cancel(found.transactionId);
      result = { ...found, status: 'failed', handoff: undefined, message: PAY_TEXTS.authenticationLost };
    } else result = found;
  }
  return result;
}
